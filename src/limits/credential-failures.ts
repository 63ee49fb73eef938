/**
 * Failed credential attempts, counted per subject (a client address, a key) in fixed windows
 * through rate-limiter-flexible: with Redis the counts are shared by every instance (and kept in
 * memory while Redis cannot be reached); without it each instance counts alone.
 *
 * An attempt takes its place in the budget before the secret is checked (`reserve`) and gives it
 * back when the secret was right (`release`), so that many attempts sent at once cannot all be
 * checked before the first failure is counted, and successful attempts cost nothing.
 */
import type { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createSharedLimiter } from './shared-limiter.js';

/** Failed attempts per subject (a client address, a key): the token grant's budget of failures. */
export interface CredentialFailureLimiter {
  /** Seconds until every subject may try again; 0 when none has spent its budget. Counts nothing. */
  waitSeconds(subjects: readonly string[]): Promise<number>;
  /**
   * Takes one attempt from each subject's budget. Answers 0 when it was taken, or the seconds to
   * wait when a subject's budget is spent (then nothing is taken).
   */
  reserve(subjects: readonly string[]): Promise<number>;
  /** Gives back an attempt taken by `reserve` (the credentials were right). */
  release(subjects: readonly string[]): Promise<void>;
}

export interface CredentialFailureOptions {
  /** Failed attempts a subject may make in one window. */
  failures: number;
  /** The window, seconds (whole seconds: Redis counts expire in seconds). */
  windowSeconds?: number;
  redis?: Redis;
  prefix?: string;
}

export function createCredentialFailureLimiter(options: CredentialFailureOptions): CredentialFailureLimiter {
  const points = options.failures;
  const duration = options.windowSeconds ?? 60;
  const keyPrefix = options.prefix ?? 'agwx-credential-failures';
  const limiter = createSharedLimiter({ redis: options.redis, keyPrefix, points, duration });

  const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  // A count from a window that has ended may still be read (memory drops it on a timer): ignore it.
  const spent = (res: RateLimiterRes | null): res is RateLimiterRes => res !== null && res.consumedPoints >= points && res.msBeforeNext > 0;
  const giveBack = (subjects: readonly string[]) => Promise.all(subjects.map((subject) => limiter.reward(subject, 1)));

  return {
    async waitSeconds(subjects) {
      const counts = await Promise.all(subjects.map((subject) => limiter.get(subject)));
      return Math.max(0, ...counts.filter(spent).map(seconds));
    },

    async reserve(subjects) {
      const taken = await Promise.allSettled(subjects.map((subject) => limiter.consume(subject, 1)));
      const refused = (outcome: PromiseSettledResult<RateLimiterRes>) => outcome.status === 'rejected' && outcome.reason instanceof RateLimiterRes;
      const broken = taken.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected' && !refused(outcome));
      const refusals = taken.filter(refused).map((outcome) => (outcome as PromiseRejectedResult).reason as RateLimiterRes);
      if (refusals.length === 0 && !broken) return 0;
      // The attempt is not made: every subject that counted it (a refused consume counts too) gets it back.
      await giveBack(subjects.filter((_, i) => taken[i]!.status === 'fulfilled' || refused(taken[i]!)));
      if (broken) throw broken.reason;
      return Math.max(...refusals.map(seconds));
    },

    async release(subjects) {
      await giveBack(subjects);
    },
  };
}
