import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCredentialFailureLimiter as createLimiter, type CredentialFailureLimiter, type FailureSubject } from '../../src/limits/credential-failures.js';
import { connectTestRedis, redisRequired } from '../support/redis.js';

/** `ip:a` is the subject `a` of kind `ip`. */
const subjectsOf = (names: string[]): FailureSubject[] => names.map((name) => ({ kind: name.slice(0, name.indexOf(':')), id: name.slice(name.indexOf(':') + 1) }));

/** A limiter with subjects named `kind:id` (kinds `ip` and `key`, the same budget unless given). */
function createCredentialFailureLimiter(options: { failures: number; windowSeconds?: number; redis?: Redis; prefix?: string; budgets?: Record<string, number> }) {
  const { failures, budgets, ...rest } = options;
  const limiter = createLimiter({ budgets: budgets ?? { ip: failures, key: failures }, ...rest });
  return {
    waitSeconds: (names: string[]) => limiter.waitSeconds(subjectsOf(names)),
    reserve: (names: string[]) => limiter.reserve(subjectsOf(names)),
    release: (names: string[]) => limiter.release(subjectsOf(names)),
  };
}

/** Reserves attempts as a failing client would (never released); answers the waits seen. */
async function fail(limiter: { reserve(names: string[]): Promise<number> }, subjects: string[], times: number): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < times; i++) waits.push(await limiter.reserve(subjects));
  return waits;
}

describe('failed credential attempts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows the budget of failures, then answers the seconds left in the window', async () => {
    const limiter = createCredentialFailureLimiter({ failures: 3, windowSeconds: 60 });
    const waits = await fail(limiter, ['ip:a', 'key:k'], 5);
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    for (const wait of waits.slice(3)) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    expect(await limiter.waitSeconds(['ip:a'])).toBeGreaterThan(0);
    expect(await limiter.waitSeconds(['key:k'])).toBeGreaterThan(0);
    // Another address and another key are not affected; a pair waits when either member does.
    expect(await limiter.waitSeconds(['ip:b', 'key:other'])).toBe(0);
    expect(await limiter.waitSeconds(['ip:b', 'key:k'])).toBeGreaterThan(0);
  });

  it('takes nothing from the budget for attempts given back, refused or only looked at', async () => {
    const limiter = createCredentialFailureLimiter({ failures: 2 });
    for (let i = 0; i < 100; i++) {
      expect(await limiter.reserve(['ip:a', 'key:k'])).toBe(0);
      await limiter.release(['ip:a', 'key:k']);
      expect(await limiter.waitSeconds(['ip:a', 'key:k'])).toBe(0);
    }
    expect(await fail(limiter, ['ip:a', 'key:k'], 2)).toEqual([0, 0]);
    // A refusal for the key gives the address its attempt back: the address may still try another key.
    expect(await limiter.reserve(['ip:b', 'key:k'])).toBeGreaterThan(0);
    expect(await fail(limiter, ['ip:b', 'key:other'], 2)).toEqual([0, 0]);
    expect(await limiter.reserve(['ip:b', 'key:third'])).toBeGreaterThan(0);
  });

  it('gives each kind of subject its own budget', async () => {
    const limiter = createCredentialFailureLimiter({ failures: 0, budgets: { ip: 4, pair: 2 } });
    expect(await fail(limiter, ['ip:a', 'pair:a k1'], 3)).toEqual([0, 0, expect.any(Number)]);
    expect(await limiter.waitSeconds(['pair:a k1'])).toBeGreaterThan(0);
    expect(await limiter.waitSeconds(['ip:a'])).toBe(0);
    expect(await fail(limiter, ['ip:a', 'pair:a k2'], 3)).toEqual([0, 0, expect.any(Number)]);
    expect(await limiter.waitSeconds(['ip:a'])).toBeGreaterThan(0);
    expect(await limiter.waitSeconds(['ip:b', 'pair:b k1'])).toBe(0);
    const unknown: CredentialFailureLimiter = createLimiter({ budgets: { ip: 1 } });
    await expect(unknown.reserve([{ kind: 'other', id: 'x' }])).rejects.toThrow(/no failure budget/);
  });

  it('allows attempts again once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limiter = createCredentialFailureLimiter({ failures: 2, windowSeconds: 60 });
    await fail(limiter, ['ip:a'], 2);
    const wait = await limiter.reserve(['ip:a']);
    expect(wait).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + (wait - 1) * 1000);
    expect(await limiter.waitSeconds(['ip:a'])).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + 1000);
    expect(await limiter.waitSeconds(['ip:a'])).toBe(0);
    expect(await fail(limiter, ['ip:a'], 3)).toEqual([0, 0, expect.any(Number)]);
  });

  it.runIf(redisRequired())('shares the counts between instances through Redis, and forgets them after the window', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const a = createCredentialFailureLimiter({ failures: 4, windowSeconds: 2, redis, prefix });
      const b = createCredentialFailureLimiter({ failures: 4, windowSeconds: 2, redis, prefix });
      const subjects = ['ip:shared', 'key:shared'];
      const waits = [];
      for (let i = 0; i < 6; i++) waits.push(await (i % 2 ? a : b).reserve(subjects));
      expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
      for (const wait of [...waits.slice(4), await b.waitSeconds(['key:shared'])]) {
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(2);
      }
      // Given back through one instance, seen by the other.
      await a.release(['ip:shared']);
      expect(await b.waitSeconds(['ip:shared'])).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await a.waitSeconds(subjects)).toBe(0);
      expect(await b.reserve(subjects)).toBe(0);
    } finally {
      await redis.quit();
    }
  });

  it('keeps counting in memory while Redis cannot be reached', async () => {
    // Nothing listens on port 1: every command fails at once.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      const limiter = createCredentialFailureLimiter({ failures: 2, redis, prefix: 'unreachable' });
      expect(await limiter.waitSeconds(['ip:a', 'key:k'])).toBe(0);
      const waits = await fail(limiter, ['ip:a', 'key:k'], 3);
      expect(waits.slice(0, 2)).toEqual([0, 0]);
      expect(waits[2]).toBeGreaterThan(0);
      expect(await limiter.waitSeconds(['key:k'])).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
