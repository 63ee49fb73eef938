import { describe, expect, it } from 'vitest';
import { createKeyRateLimiter } from '../../src/limits/key-rate-limit.js';
import { createRedisClient } from '../../src/redis.js';
import { freePort } from '../support/free-port.js';
import { connectTestRedis, redisRequired } from '../support/redis.js';

async function drain(consume: () => Promise<{ allowed: boolean }>, attempts: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) if ((await consume()).allowed) allowed++;
  return allowed;
}

describe('per-key rate limits', () => {
  it('allows the sustained rate plus the burst, then refuses with a reset time', async () => {
    const limiter = createKeyRateLimiter();
    const settings = { perMinute: 5, burst: 3 };
    expect(await drain(() => limiter.consume('k1', settings), 20)).toBe(8);
    const refused = await limiter.consume('k1', settings);
    expect(refused).toMatchObject({ allowed: false, limit: 5, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    expect(refused.resetSeconds).toBeLessThanOrEqual(600);
  });

  it('counts keys separately and honours each key its own settings', async () => {
    const limiter = createKeyRateLimiter();
    expect(await drain(() => limiter.consume('small', { perMinute: 2, burst: 1 }), 10)).toBe(3);
    expect(await drain(() => limiter.consume('large', { perMinute: 50, burst: 10 }), 40)).toBe(40);
  });

  it.runIf(redisRequired())('shares one budget between instances through Redis', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const a = createKeyRateLimiter({ redis, prefix });
      const b = createKeyRateLimiter({ redis, prefix });
      const settings = { perMinute: 6, burst: 2 };
      let allowed = 0;
      for (let i = 0; i < 20; i++) if ((await (i % 2 ? a : b).consume('shared', settings)).allowed) allowed++;
      expect(allowed).toBe(8);
    } finally {
      await redis.quit();
    }
  });

  it('counts in memory, still limiting, while Redis is unreachable', async () => {
    const redis = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const limiter = createKeyRateLimiter({ redis, prefix: 'agwx-test-down' });
      const started = performance.now();
      expect(await drain(() => limiter.consume('k', { perMinute: 4, burst: 2 }), 10)).toBe(6);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      redis.disconnect();
    }
  });
});
