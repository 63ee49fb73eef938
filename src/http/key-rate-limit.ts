/**
 * Rate limits per API key: a sustained rate (requests per minute) plus a burst allowance (extra
 * requests that refill over ten minutes), through rate-limiter-flexible. With Redis the counters
 * are shared by every instance; without it each instance counts alone. While Redis is unreachable
 * each instance counts alone too (rate-limiter-flexible's insurance limiter, in memory), so an
 * outage of Redis neither fails requests nor lifts the limits.
 */
import type { Redis } from 'ioredis';
import { BurstyRateLimiter, type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

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
}

const BURST_WINDOW_SECONDS = 600;
const MAX_LIMITER_CONFIGS = 256;

export function createKeyRateLimiter(options: { redis?: Redis; prefix?: string } = {}): KeyRateLimiter {
  const prefix = options.prefix ?? 'agwx-rl';
  const limiters = new Map<string, Pick<BurstyRateLimiter, 'consume'>>();

  const build = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          keyPrefix,
          points,
          duration,
          useRedisPackage: false,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });

  // One limiter pair per distinct setting (keys share them; the setting is part of the counter name).
  function limiterFor(settings: RateLimitSettings): Pick<BurstyRateLimiter, 'consume'> {
    const id = `${settings.perMinute}:${settings.burst}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const rate = build(`${prefix}:${id}:rate`, settings.perMinute, 60);
      limiter = settings.burst > 0 ? new BurstyRateLimiter(rate, build(`${prefix}:${id}:burst`, settings.burst, BURST_WINDOW_SECONDS)) : rate;
      if (limiters.size >= MAX_LIMITER_CONFIGS) limiters.delete(limiters.keys().next().value!);
      limiters.set(id, limiter);
    }
    return limiter;
  }

  return {
    async consume(key, settings) {
      const decide = (res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
        allowed,
        limit: settings.perMinute,
        remaining: Math.max(0, res.remainingPoints),
        resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      });
      try {
        return decide(await limiterFor(settings).consume(key), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decide(rejection, false);
        throw rejection;
      }
    },
  };
}
