/**
 * Failed credential attempts, counted per subject in fixed windows through rate-limiter-flexible:
 * with Redis the counts are shared by every instance (and kept in memory while Redis cannot be
 * reached); without it each instance counts alone. Each kind of subject (a client address, a key
 * tried from one address) has its own budget.
 *
 * An attempt takes its place in the budget before the secret is checked (`reserve`) and gives it
 * back when the secret was right (`release`), so that many attempts sent at once cannot all be
 * checked before the first failure is counted, and successful attempts cost nothing.
 */
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { createSharedLimiter } from './shared-limiter.js';

/** What failures are counted against: its kind names its budget. */
export interface FailureSubject {
  readonly kind: string;
  readonly id: string;
}

/** Failed attempts per subject: the token grant's budget of failures. */
export interface CredentialFailureLimiter {
  /** Seconds until every subject may try again; 0 when none has spent its budget. Counts nothing. */
  waitSeconds(subjects: readonly FailureSubject[]): Promise<number>;
  /**
   * Takes one attempt from each subject's budget. Answers 0 when it was taken, or the seconds to
   * wait when a subject's budget is spent (then nothing is taken).
   */
  reserve(subjects: readonly FailureSubject[]): Promise<number>;
  /** Gives back an attempt taken by `reserve` (the credentials were right). */
  release(subjects: readonly FailureSubject[]): Promise<void>;
}

export interface CredentialFailureOptions {
  /** Failed attempts a subject of each kind may make in one window, e.g. `{ address: 30, pair: 10 }`. */
  budgets: Readonly<Record<string, number>>;
  /** The window, seconds (whole seconds: Redis counts expire in seconds). */
  windowSeconds?: number;
  redis?: Redis;
  prefix?: string;
}

export function createCredentialFailureLimiter(options: CredentialFailureOptions): CredentialFailureLimiter {
  const duration = options.windowSeconds ?? 60;
  const keyPrefix = options.prefix ?? 'agwx-credential-failures';
  const limiters = new Map<string, { limiter: RateLimiterAbstract; points: number }>(
    Object.entries(options.budgets).map(([kind, points]) => [kind, { limiter: createSharedLimiter({ redis: options.redis, keyPrefix: `${keyPrefix}:${kind}`, points, duration }), points }]),
  );
  const budgetOf = (subject: FailureSubject) => {
    const budget = limiters.get(subject.kind);
    if (!budget) throw new Error(`no failure budget for subjects of kind '${subject.kind}'`);
    return budget;
  };

  const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  // A count from a window that has ended may still be read (memory drops it on a timer): ignore it.
  const spent = (res: RateLimiterRes | null, points: number): res is RateLimiterRes => res !== null && res.consumedPoints >= points && res.msBeforeNext > 0;
  const giveBack = (subjects: readonly FailureSubject[]) => Promise.all(subjects.map((subject) => budgetOf(subject).limiter.reward(subject.id, 1)));

  return {
    async waitSeconds(subjects) {
      const counts = await Promise.all(subjects.map(async (subject) => {
        const { limiter, points } = budgetOf(subject);
        const res = await limiter.get(subject.id);
        return spent(res, points) ? seconds(res) : 0;
      }));
      return Math.max(0, ...counts);
    },

    async reserve(subjects) {
      const taken = await Promise.allSettled(subjects.map((subject) => budgetOf(subject).limiter.consume(subject.id, 1)));
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
