/**
 * Redis for the scale-out tests: used when CI=true or AGWX_TEST_REDIS_URL is set (and then an
 * unreachable server fails the run); otherwise those tests are not run.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.AGWX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function redisRequired(): boolean {
  return process.env.CI === 'true' || process.env.AGWX_TEST_REDIS_URL !== undefined;
}

/** A connected client (fails fast when the server is unreachable) and a unique key prefix. */
export async function connectTestRedis(): Promise<{ redis: Redis; prefix: string }> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000, retryStrategy: () => null });
  await redis.connect();
  return { redis, prefix: `agwx-test-${randomBytes(4).toString('hex')}` };
}
