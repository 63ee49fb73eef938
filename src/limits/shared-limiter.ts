/**
 * One rate-limiter-flexible counter: in Redis when there is one, so every instance shares it, and
 * in this process's memory while Redis cannot be reached (the insurance limiter) or when there is
 * no Redis at all. An outage of Redis neither fails requests nor lifts the limits.
 */
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export function createSharedLimiter(options: { redis?: Redis; keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  const { redis, keyPrefix, points, duration } = options;
  const memory = () => new RateLimiterMemory({ keyPrefix, points, duration });
  if (!redis) return memory();
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, useRedisPackage: false, rejectIfRedisNotReady: true, insuranceLimiter: memory() });
}
