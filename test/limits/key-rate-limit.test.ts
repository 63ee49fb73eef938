import { describe, expect, it } from 'vitest';
import { type CallerLimits, createKeyRateLimiter, type RateLimitSettings } from '../../src/limits/key-rate-limit.js';
import { createRedisClient } from '../../src/redis.js';
import { freePort } from '../support/free-port.js';
import { connectTestRedis, redisRequired } from '../support/redis.js';

let accounts = 0;
/** A key's limits in an account of its own with room to spare: only the key's limit shows. */
const alone = (key: RateLimitSettings): CallerLimits => ({ key, account: { id: ++accounts, perMinute: 1_000_000, burst: 0 } });

async function drain(consume: () => Promise<{ allowed: boolean }>, attempts: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) if ((await consume()).allowed) allowed++;
  return allowed;
}

describe('per-key rate limits', () => {
  it('allows the sustained rate plus the burst, then refuses with a reset time', async () => {
    const limiter = createKeyRateLimiter();
    const settings = alone({ perMinute: 5, burst: 3 });
    expect(await drain(() => limiter.consume('k1', settings), 20)).toBe(8);
    const refused = await limiter.consume('k1', settings);
    expect(refused).toMatchObject({ allowed: false, scope: 'key', limit: 5, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    expect(refused.resetSeconds).toBeLessThanOrEqual(600);
  });

  it('counts keys separately and honours each key its own settings', async () => {
    const limiter = createKeyRateLimiter();
    expect(await drain(() => limiter.consume('small', alone({ perMinute: 2, burst: 1 })), 10)).toBe(3);
    expect(await drain(() => limiter.consume('large', alone({ perMinute: 50, burst: 10 })), 40)).toBe(40);
  });

  it("holds all keys of an account to the account's budget, however many keys it has", async () => {
    const limiter = createKeyRateLimiter();
    const key = { perMinute: 4, burst: 1 };
    const account = { id: 7, perMinute: 8, burst: 2 };
    // Six keys of 4 + 1 each would be 30 a minute; the account allows 8 + 2.
    let allowed = 0;
    for (let round = 0; round < 5; round++) for (let k = 0; k < 6; k++) if ((await limiter.consume(`key-${k}`, { key, account })).allowed) allowed++;
    expect(allowed).toBe(10);
    const refused = await limiter.consume('key-new', { key, account });
    expect(refused).toMatchObject({ allowed: false, scope: 'account', limit: 8, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
    // Another account is not affected.
    expect((await limiter.consume('key-of-8', { key, account: { ...account, id: 8 } })).allowed).toBe(true);
  });

  it('tells the tighter budget: the one with fewer requests left, or the one that refuses', async () => {
    const limiter = createKeyRateLimiter();
    const account = { id: 9, perMinute: 5, burst: 0 };
    expect(await limiter.consume('a', { key: { perMinute: 3, burst: 0 }, account })).toMatchObject({ allowed: true, scope: 'key', limit: 3, remaining: 2 });
    expect(await limiter.consume('b', { key: { perMinute: 10, burst: 0 }, account })).toMatchObject({ allowed: true, scope: 'account', limit: 5, remaining: 3 });
    expect(await limiter.consume('a', { key: { perMinute: 3, burst: 0 }, account })).toMatchObject({ allowed: true, scope: 'key', limit: 3, remaining: 1 });
    // A key's own refusal is not counted against the account.
    await limiter.consume('a', { key: { perMinute: 3, burst: 0 }, account });
    for (let i = 0; i < 5; i++) expect(await limiter.consume('a', { key: { perMinute: 3, burst: 0 }, account })).toMatchObject({ allowed: false, scope: 'key' });
    expect(await limiter.consume('b', { key: { perMinute: 10, burst: 0 }, account })).toMatchObject({ allowed: true, scope: 'account', remaining: 0 });
    expect(await limiter.consume('b', { key: { perMinute: 10, burst: 0 }, account })).toMatchObject({ allowed: false, scope: 'account' });
  });

  it("gives a request the account refuses back to the key: asking again and again while the account is spent costs the key nothing", async () => {
    const limiter = createKeyRateLimiter();
    const full = { id: 11, perMinute: 1, burst: 0 };
    const roomy = { id: 12, perMinute: 100, burst: 0 };
    // The key's sustained request, then its burst request refused by the account and given back to the burst…
    expect(await limiter.consume('x', { key: { perMinute: 1, burst: 1 }, account: full })).toMatchObject({ allowed: true });
    for (let i = 0; i < 5; i++) expect(await limiter.consume('x', { key: { perMinute: 1, burst: 1 }, account: full })).toMatchObject({ allowed: false, scope: 'account' });
    // …so it is still there; and so are sustained requests a batch job asked for in vain.
    expect(await limiter.consume('x', { key: { perMinute: 1, burst: 1 }, account: roomy })).toMatchObject({ allowed: true });
    expect(await limiter.consume('x', { key: { perMinute: 1, burst: 1 }, account: roomy })).toMatchObject({ allowed: false, scope: 'key' });
    for (let i = 0; i < 5; i++) expect(await limiter.consumeSustained('y', { key: { perMinute: 2, burst: 0 }, account: full })).toMatchObject({ allowed: false, scope: 'account' });
    expect(await drain(() => limiter.consumeSustained('y', { key: { perMinute: 2, burst: 0 }, account: roomy }), 5)).toBe(2);
  });

  it("takes a batch job's requests from the sustained budgets of key and account alone, leaving both bursts", async () => {
    const limiter = createKeyRateLimiter();
    const account = { id: 10, perMinute: 4, burst: 3 };
    const key = { perMinute: 10, burst: 5 };
    expect(await drain(() => limiter.consumeSustained('job-key', { key, account }), 6)).toBe(4);
    expect(await limiter.consumeSustained('job-key', { key, account })).toMatchObject({ allowed: false, scope: 'account' });
    // The account's burst is still there for direct calls.
    expect(await drain(() => limiter.consume('direct-key', { key, account }), 10)).toBe(3);
  });

  it.runIf(redisRequired())('shares one budget between instances through Redis', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const a = createKeyRateLimiter({ redis, prefix });
      const b = createKeyRateLimiter({ redis, prefix });
      const settings = alone({ perMinute: 6, burst: 2 });
      let allowed = 0;
      for (let i = 0; i < 20; i++) if ((await (i % 2 ? a : b).consume('shared', settings)).allowed) allowed++;
      expect(allowed).toBe(8);
      // An account's budget too, over keys used from both instances.
      const account = { id: 1, perMinute: 5, burst: 1 };
      let byAccount = 0;
      for (let i = 0; i < 20; i++) if ((await (i % 2 ? a : b).consume(`shared-${i % 4}`, { key: { perMinute: 100, burst: 0 }, account })).allowed) byAccount++;
      expect(byAccount).toBe(6);
    } finally {
      await redis.quit();
    }
  });

  it('counts in memory, still limiting, while Redis is unreachable', async () => {
    const redis = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const limiter = createKeyRateLimiter({ redis, prefix: 'agwx-test-down' });
      const started = performance.now();
      expect(await drain(() => limiter.consume('k', alone({ perMinute: 4, burst: 2 })), 10)).toBe(6);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      redis.disconnect();
    }
  });
});
