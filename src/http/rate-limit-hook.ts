/**
 * Applies each key's rate limit to every protected request (after authentication), with the
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers, and 429 with
 * `Retry-After` when the key is over its limit. Requests a batch job runs in-process are not
 * counted here: the job runner counts each against the key's sustained budget before it runs
 * (jobs/job-rate-limit.ts) and waits while the key has none left.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { INTERNAL_CALLER_HEADER } from './authenticate.js';
import type { KeyRateLimiter, RateLimitSettings } from '../limits/key-rate-limit.js';
import type { AuthContext } from '../core/auth-context.js';

export interface RateLimitDefaults {
  standard: RateLimitSettings;
  enterprise: RateLimitSettings;
}

/** The key's own rate limit, or the default for its account's kind. */
export function rateLimitSettings(auth: AuthContext, defaults: RateLimitDefaults): RateLimitSettings {
  const fallback = auth.enterprise ? defaults.enterprise : defaults.standard;
  return { perMinute: auth.rateLimit?.perMinute ?? fallback.perMinute, burst: auth.rateLimit?.burst ?? fallback.burst };
}

export function limitRequestsPerKey(scope: FastifyInstance, limiter: KeyRateLimiter, defaults: RateLimitDefaults): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.headers[INTERNAL_CALLER_HEADER] !== undefined) return;
    const settings = rateLimitSettings(request.auth, defaults);
    const decision = await limiter.consume(request.auth.key, settings);
    reply.header('RateLimit-Limit', decision.limit);
    reply.header('RateLimit-Remaining', decision.remaining);
    reply.header('RateLimit-Reset', decision.resetSeconds);
    if (!decision.allowed) {
      throw new ApiError(
        429,
        'Rate limit exceeded.',
        `This API key may make ${settings.perMinute} requests a minute (plus a burst of ${settings.burst}); retry in ${decision.resetSeconds} s.`,
        { 'Retry-After': String(decision.resetSeconds) },
      );
    }
  });
}
