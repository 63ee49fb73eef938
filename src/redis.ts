/**
 * The Redis client shared by rate limits and the tile cache, configured so that an unreachable
 * Redis never holds a request: commands fail at once while the connection is down (no offline
 * queue) or after `COMMAND_TIMEOUT_MS` when it hangs, and their callers fall back to
 * per-instance counters and caches. The client reconnects by itself, at most
 * `RECONNECT_MAX_DELAY_MS` apart, so it is back within about a second of Redis.
 */
import { Redis } from 'ioredis';

/** Longest a single command may take before its caller treats Redis as unavailable. */
export const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_MAX_DELAY_MS = 1000;

export interface RedisLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

export function createRedisClient(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_DELAY_MS),
  });
  // Without a listener every failed reconnection attempt is printed; watchRedis logs outages.
  redis.on('error', () => undefined);
  return redis;
}

/** Logs once when Redis becomes unreachable and once when it is back. */
export function watchRedis(redis: Redis, log: RedisLog): void {
  let down = false;
  // ioredis reports no error for a connection it closes itself (shutdown), only for lost ones.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable: rate limits and caches are per instance until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again');
  });
}

/** True for the errors of a Redis command that failed because Redis is unreachable or slow. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message === 'Command timed out' ||
    error.message.startsWith("Stream isn't writeable")
  );
}

/** 'ok' when Redis answers a PING within the command timeout, else 'unavailable'. */
export async function redisStatus(redis: Redis): Promise<'ok' | 'unavailable'> {
  if (redis.status !== 'ready') return 'unavailable';
  try {
    await redis.ping();
    return 'ok';
  } catch {
    return 'unavailable';
  }
}
