/**
 * Bundled requests count against the key's rate limit: before each one runs, the runner takes one
 * request from the key's sustained budget (the same counter its direct calls use, shared by every
 * instance through Redis), never from its burst allowance, which stays for the key's direct calls.
 * When the budget is spent, the job waits until the window turns; it neither fails nor records 429.
 */
import type { KeyRateLimiter } from '../limits/key-rate-limit.js';
import { type RateLimitDefaults, rateLimitSettings } from '../http/rate-limit-hook.js';
import type { TokenService } from '../services/token-service.js';

/** Milliseconds to wait before the key may run its next bundled request (0: now, and it is counted). */
export type JobPacer = (key: string, accountId: number) => Promise<number>;

export function createJobPacer(deps: { tokens: TokenService; limiter: KeyRateLimiter; defaults: RateLimitDefaults }): JobPacer {
  return async (key, accountId) => {
    let auth;
    try {
      auth = await deps.tokens.authenticateKey(key, accountId);
    } catch {
      return 0; // a disabled key: the request itself answers 401, counting nothing
    }
    const decision = await deps.limiter.consumeSustained(auth.key, rateLimitSettings(auth, deps.defaults));
    return decision.allowed ? 0 : decision.resetSeconds * 1000;
  };
}
