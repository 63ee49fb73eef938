/**
 * The service's Redis client (src/redis.ts) against a private Redis that is frozen (SIGSTOP): the
 * connection stays open and nothing is answered. Three commands time out; then the breaker
 * fails commands at once (the rate limiter falls back to memory without waiting), probes Redis
 * one command at a time, and closes once Redis answers again. Each change is logged once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitOpenError } from '../src/core/circuit-breaker.js';
import { createKeyRateLimiter } from '../src/limits/key-rate-limit.js';
import { COMMAND_TIMEOUT_MS, createRedisClient, type GuardedRedis, isRedisUnavailable, watchRedis } from '../src/redis.js';
import { type PrivateRedis, privateServicesAvailable, privateServicesRequired, startPrivateRedis } from './support/private-services.js';

async function timed(action: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await action();
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe.runIf(privateServicesAvailable() || privateServicesRequired())('the Redis client while Redis answers nothing', () => {
  let server: PrivateRedis;
  let redis: GuardedRedis;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startPrivateRedis();
    redis = createRedisClient(server.url);
    watchRedis(redis, { warn: (_details, message) => logged.push(message), info: (message) => logged.push(message) });
    await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.destroy();
  });

  it('times out three commands, then fails commands at once, and answers again within a few seconds of Redis', async () => {
    expect(await redis.set('k', 'v')).toBe('OK');
    server.pause();
    try {
      const unanswered = await Promise.all([0, 1, 2].map(() => timed(() => redis.get('k'))));
      for (const { error, ms } of unanswered) {
        expect((error as Error).message).toBe('Command timed out');
        expect(ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20);
      }
      expect(redis.breaker.state()).toBe('open');
      const refused = await timed(() => redis.get('k'));
      expect(refused.error).toBeInstanceOf(CircuitOpenError);
      expect(isRedisUnavailable(refused.error)).toBe(true);
      expect(refused.ms).toBeLessThan(COMMAND_TIMEOUT_MS / 2);
      // A MULTI is refused as a whole, never sent in part.
      const multi = await timed(() => redis.multi().set('k', 'w').expire('k', 60).exec());
      expect(multi.error).toBeInstanceOf(CircuitOpenError);
      expect(multi.ms).toBeLessThan(COMMAND_TIMEOUT_MS / 2);
      // The key rate limiter counts in memory meanwhile, without paying the timeout on each call.
      const limiter = createKeyRateLimiter({ redis, prefix: 'breaker-test' });
      const started = performance.now();
      for (let i = 0; i < 10; i++) expect((await limiter.consume('key', { key: { perMinute: 100, burst: 10 }, account: { id: 1, perMinute: 1000, burst: 100 } })).allowed).toBe(true);
      // Without the breaker: at least 10 × 500 ms. A probe now and then may cost one timeout.
      expect(performance.now() - started).toBeLessThan(4 * COMMAND_TIMEOUT_MS);
    } finally {
      server.resume();
    }
    const resumed = performance.now();
    while ((await timed(() => redis.get('k'))).error !== undefined) {
      expect(performance.now() - resumed).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await redis.get('k')).toBe('v');
    expect(redis.breaker.state()).toBe('closed');
    expect(logged).toEqual([
      'Redis does not answer: commands are not sent to it for a while; rate limits and caches are per instance until it answers',
      'Redis answers again',
    ]);
  });
});
