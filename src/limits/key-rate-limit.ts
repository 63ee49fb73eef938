/**
 * Rate limits per API key: a sustained rate (requests per minute) plus a burst allowance (extra
 * requests that refill over ten minutes), through rate-limiter-flexible. With Redis the counters
 * are shared by every instance; without it each instance counts alone. While Redis is unreachable
 * each instance counts alone too (rate-limiter-flexible's insurance limiter, in memory), so an
 * outage of Redis neither fails requests nor lifts the limits.
 */
import type { Redis } from 'ioredis';
import { BurstyRateLimiter, type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { createSharedLimiter } from './shared-limiter.js';

export interface RateLimitSettings {
  /** Sustained requests per minute. */
  perMinute: number;
  /** Extra requests allowed above the sustained rate, refilled over ten minutes. */
  burst: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window resets. */
  resetSeconds: number;
}

export interface KeyRateLimiter {
  consume(key: string, settings: RateLimitSettings): Promise<RateLimitDecision>;
  /**
   * Takes one request from the key's sustained budget only (the counter `consume` takes from
   * first), never from its burst allowance: what a bundled request of a batch job costs.
   */
  consumeSustained(key: string, settings: RateLimitSettings): Promise<RateLimitDecision>;
}

const BURST_WINDOW_SECONDS = 600;

/** The sustained counter alone, and sustained-then-burst. */
interface Limiters {
  sustained: Pick<BurstyRateLimiter, 'consume'>;
  combined: Pick<BurstyRateLimiter, 'consume'>;
}
const MAX_LIMITER_CONFIGS = 256;

export function createKeyRateLimiter(options: { redis?: Redis; prefix?: string } = {}): KeyRateLimiter {
  const prefix = options.prefix ?? 'agwx-rl';
  const limiters = new Map<string, Limiters>();

  const build = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    createSharedLimiter({ redis: options.redis, keyPrefix, points, duration });

  // One limiter pair per distinct setting (keys share them; the setting is part of the counter name).
  function limitersFor(settings: RateLimitSettings): Limiters {
    const id = `${settings.perMinute}:${settings.burst}`;
    let pair = limiters.get(id);
    if (!pair) {
      const rate = build(`${prefix}:${id}:rate`, settings.perMinute, 60);
      pair = { sustained: rate, combined: settings.burst > 0 ? new BurstyRateLimiter(rate, build(`${prefix}:${id}:burst`, settings.burst, BURST_WINDOW_SECONDS)) : rate };
      if (limiters.size >= MAX_LIMITER_CONFIGS) limiters.delete(limiters.keys().next().value!);
      limiters.set(id, pair);
    }
    return pair;
  }

  async function take(limiter: Pick<BurstyRateLimiter, 'consume'>, key: string, settings: RateLimitSettings): Promise<RateLimitDecision> {
    const decide = (res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
      allowed,
      limit: settings.perMinute,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
    try {
      return decide(await limiter.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decide(rejection, false);
      throw rejection;
    }
  }

  return {
    consume: (key, settings) => take(limitersFor(settings).combined, key, settings),
    consumeSustained: (key, settings) => take(limitersFor(settings).sustained, key, settings),
  };
}
