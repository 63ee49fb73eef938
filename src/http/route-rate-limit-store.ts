/**
 * The counter store of @fastify/rate-limit (token and sign-in limits): Redis, shared by every
 * instance, and while Redis is unreachable the plugin's own in-memory store, so that an outage
 * of Redis neither fails these requests nor lifts their limits (each instance then counts alone).
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** The store contract of @fastify/rate-limit (its README, "Custom store"). */
interface RateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateLimitStore;
}

type RedisStoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => RateLimitStore;
type LocalStoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore;

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreConstructor;

/** Counters kept in memory per store while Redis is down (least recently used go first). */
const LOCAL_ENTRIES = 5000;

class RedisWithLocalFallback implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('read', key, callback, timeWindow, max);
  }

  child(routeOptions: object): RateLimitStore {
    return new RedisWithLocalFallback(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }

  private run(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') return this.local[method](key, callback, timeWindow, max);
    this.shared[method](
      key,
      (error, result) => (error ? this.local[method](key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }
}

/** The `store` option of @fastify/rate-limit: a class the plugin instantiates with its settings. */
export function redisWithLocalFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends RedisWithLocalFallback {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(redis, new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff, LOCAL_ENTRIES));
    }
  };
}
