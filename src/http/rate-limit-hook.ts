/**
 * Applies each key's rate limit, and its account's across all its keys, to every protected request
 * (after authentication), with the `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * headers of the tighter of the two, and 429 with `Retry-After` when either is spent. Requests a
 * batch job runs in-process are not counted here: the job runner counts each against the key's
 * and the account's sustained budgets before it runs (jobs/job-rate-limit.ts) and waits while
 * either has none left.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { INTERNAL_CALLER_HEADER } from './authenticate.js';
import type { CallerLimits, KeyRateLimiter, RateLimitSettings } from '../limits/key-rate-limit.js';
import type { AuthContext } from '../core/auth-context.js';

export interface RateLimitDefaults {
  standard: RateLimitSettings;
  enterprise: RateLimitSettings;
  /**
   * An account's budget, all its keys together, as a multiple of the default key limits of its
   * kind (sustained and burst alike).
   */
  accountMultiple: number;
}

/**
 * The key's own rate limit, or the default for its account's kind; and its account's: the
 * multiple of that default, or the key's own limit when that is higher (a key the operator
 * raised is never held below its own limit by its account's budget).
 */
export function rateLimitSettings(auth: AuthContext, defaults: RateLimitDefaults): CallerLimits {
  const fallback = auth.enterprise ? defaults.enterprise : defaults.standard;
  const key = { perMinute: auth.rateLimit?.perMinute ?? fallback.perMinute, burst: auth.rateLimit?.burst ?? fallback.burst };
  return {
    key,
    account: {
      id: auth.accountId,
      perMinute: Math.max(fallback.perMinute * defaults.accountMultiple, key.perMinute),
      burst: Math.max(fallback.burst * defaults.accountMultiple, key.burst),
    },
  };
}

export function limitRequestsPerKey(scope: FastifyInstance, limiter: KeyRateLimiter, defaults: RateLimitDefaults): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.headers[INTERNAL_CALLER_HEADER] !== undefined) return;
    const limits = rateLimitSettings(request.auth, defaults);
    const decision = await limiter.consume(request.auth.key, limits);
    reply.header('RateLimit-Limit', decision.limit);
    reply.header('RateLimit-Remaining', decision.remaining);
    reply.header('RateLimit-Reset', decision.resetSeconds);
    if (!decision.allowed) {
      const who = decision.scope === 'key' ? 'This API key' : "This API key's account, all its keys together,";
      const { perMinute, burst } = limits[decision.scope];
      throw new ApiError(
        429,
        'Rate limit exceeded.',
        `${who} may make ${perMinute} requests a minute (plus a burst of ${burst}); retry in ${decision.resetSeconds} s.`,
        { 'Retry-After': String(decision.resetSeconds) },
      );
    }
  });
}
