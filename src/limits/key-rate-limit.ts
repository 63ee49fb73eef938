/**
 * Rate limits per API key and per account: a sustained rate (requests per minute) plus a burst
 * allowance (extra requests that refill over ten minutes), through rate-limiter-flexible. A
 * request is counted against its key, then, when the key allows it, against the key's account,
 * all of whose keys share one budget, so that creating keys does not multiply what an account
 * may send. With Redis the counters are shared by every instance; without it each instance counts
 * alone. While Redis is unreachable each instance counts alone too (rate-limiter-flexible's
 * insurance limiter, in memory), so an outage of Redis neither fails requests nor lifts the limits.
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

/** The limits a request is held to: its key's, and its account's (all its keys together). */
export interface CallerLimits {
  key: RateLimitSettings;
  account: { id: number } & RateLimitSettings;
}

/** Which budget a decision tells of. */
export type RateLimitScope = 'key' | 'account';

export interface RateLimitDecision {
  allowed: boolean;
  /** The refusing budget, or else the one with fewer requests left (the key's on a tie). */
  scope: RateLimitScope;
  limit: number;
  remaining: number;
  /** Seconds until the current window resets. */
  resetSeconds: number;
}

export interface KeyRateLimiter {
  /** Takes one request from the key's budget (sustained, then burst) and then from its account's. */
  consume(key: string, limits: CallerLimits): Promise<RateLimitDecision>;
  /**
   * Takes one request from the key's and the account's sustained budgets only (the counters
   * `consume` takes from first), never from a burst allowance: what a bundled request of a batch
   * job costs.
   */
  consumeSustained(key: string, limits: CallerLimits): Promise<RateLimitDecision>;
}

const BURST_WINDOW_SECONDS = 600;
/** Points of the account counters, which count and never refuse: each request compares the count with its own limit. */
const UNBOUNDED = 2 ** 31 - 1;

/** The sustained counter, the burst counter (none without a burst), and sustained-then-burst. */
interface Limiters {
  sustained: RateLimiterAbstract;
  burst?: RateLimiterAbstract;
  combined: Pick<BurstyRateLimiter, 'consume'>;
}
const MAX_LIMITER_CONFIGS = 256;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createKeyRateLimiter(options: { redis?: Redis; prefix?: string } = {}): KeyRateLimiter {
  const prefix = options.prefix ?? 'agwx-rl';
  const limiters = new Map<string, Limiters>();

  const build = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    createSharedLimiter({ redis: options.redis, keyPrefix, points, duration });

  // One limiter pair per distinct key setting (keys share them; the setting is part of the counter name).
  function limitersFor(settings: RateLimitSettings): Limiters {
    const id = `${settings.perMinute}:${settings.burst}`;
    let pair = limiters.get(id);
    if (!pair) {
      const rate = build(`${prefix}:${id}:rate`, settings.perMinute, 60);
      const burst = settings.burst > 0 ? build(`${prefix}:${id}:burst`, settings.burst, BURST_WINDOW_SECONDS) : undefined;
      pair = { sustained: rate, ...(burst ? { burst } : {}), combined: burst ? new BurstyRateLimiter(rate, burst) : rate };
      if (limiters.size >= MAX_LIMITER_CONFIGS) limiters.delete(limiters.keys().next().value!);
      limiters.set(id, pair);
    }
    return pair;
  }

  // An account's keys may have different limits of their own, so its counters have no limit of
  // their own: one counter per account, and each request holds the count to its limits.
  const accountRate = build(`${prefix}:account:rate`, UNBOUNDED, 60);
  const accountBurst = build(`${prefix}:account:burst`, UNBOUNDED, BURST_WINDOW_SECONDS);

  /** The key's decision, and whether the request came from its burst allowance. */
  async function takeFromKey(limiter: Pick<BurstyRateLimiter, 'consume'>, key: string, settings: RateLimitSettings): Promise<RateLimitDecision & { fromBurst: boolean }> {
    const decide = (res: RateLimiterRes, allowed: boolean) => ({
      allowed,
      scope: 'key' as const,
      limit: settings.perMinute,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: seconds(res.msBeforeNext),
      // The combined limiter answers with the sustained counter's count: past the sustained rate, the burst gave it.
      fromBurst: res.consumedPoints > settings.perMinute,
    });
    try {
      return decide(await limiter.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decide(rejection, false);
      throw rejection;
    }
  }

  async function takeFromAccount(account: CallerLimits['account'], sustainedOnly: boolean): Promise<RateLimitDecision> {
    const id = String(account.id);
    const rate = await accountRate.consume(id);
    const decide = (allowed: boolean, remaining: number, ms: number): RateLimitDecision => ({ allowed, scope: 'account', limit: account.perMinute, remaining, resetSeconds: seconds(ms) });
    if (rate.consumedPoints <= account.perMinute) return decide(true, account.perMinute - rate.consumedPoints, rate.msBeforeNext);
    if (sustainedOnly || account.burst <= 0) return decide(false, 0, rate.msBeforeNext);
    const burst = await accountBurst.consume(id);
    // As the key's bursty limiter answers: the sooner of the two windows' ends.
    return decide(burst.consumedPoints <= account.burst, 0, Math.min(rate.msBeforeNext, burst.msBeforeNext));
  }

  /**
   * The key's decision, then the account's when the key allows the request; the tighter one is
   * told. A request the account refuses is given back to the key, so that a job asking every
   * second while its account's budget is spent does not use up its key's.
   */
  async function take(key: string, limits: CallerLimits, sustainedOnly: boolean): Promise<RateLimitDecision> {
    const counters = limitersFor(limits.key);
    const { fromBurst, ...byKey } = await takeFromKey(sustainedOnly ? counters.sustained : counters.combined, key, limits.key);
    if (!byKey.allowed) return byKey;
    const byAccount = await takeFromAccount(limits.account, sustainedOnly);
    if (!byAccount.allowed) await (fromBurst ? counters.burst! : counters.sustained).reward(key, 1);
    return !byAccount.allowed || byAccount.remaining < byKey.remaining ? byAccount : byKey;
  }

  return {
    consume: (key, limits) => take(key, limits, false),
    consumeSustained: (key, limits) => take(key, limits, true),
  };
}
