/**
 * Applies each key's rate limit to every protected request (after authentication), with the
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers, and 429 with
 * `Retry-After` when the key is over its limit. Requests a batch job runs in-process are not
 * counted again: the job was accepted as one request.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { INTERNAL_CALLER_HEADER } from './authenticate.js';
import type { KeyRateLimiter, RateLimitSettings } from './key-rate-limit.js';

export interface RateLimitDefaults {
  standard: RateLimitSettings;
  enterprise: RateLimitSettings;
}

export function limitRequestsPerKey(scope: FastifyInstance, limiter: KeyRateLimiter, defaults: RateLimitDefaults): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.headers[INTERNAL_CALLER_HEADER] !== undefined) return;
    const { auth } = request;
    const fallback = auth.enterprise ? defaults.enterprise : defaults.standard;
    const settings = { perMinute: auth.rateLimit?.perMinute ?? fallback.perMinute, burst: auth.rateLimit?.burst ?? fallback.burst };
    const decision = await limiter.consume(auth.key, settings);
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
