/**
 * Access tokens: HS256-signed JWTs carrying the key and its account. Any instance holding the
 * shared signing secret (kept in the database) verifies them without shared memory; the key's
 * enabled state is re-read from the database at most every `keyCacheSeconds`, so disabling a
 * key stops its tokens within seconds everywhere.
 */
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import type { AuthContext, MapAccess } from '../core/auth-context.js';
import type { Clock } from '../core/clock.js';
import { unauthorizedCaller as unauthorized } from '../core/errors.js';
import type { ApiKeyRecord, KeyRepository } from '../store/key-repository.js';

export const TOKEN_LIFETIME_SECONDS = 3600;

export type { AuthContext } from '../core/auth-context.js';

/** The key's map limits as the map library checks them; undefined when it has none. */
export function mapAccessOf(record: Pick<ApiKeyRecord, 'mapLayers' | 'mapRegions'>): MapAccess | undefined {
  if (record.mapLayers === null && record.mapRegions === null) return undefined;
  return {
    ...(record.mapLayers !== null ? { layers: record.mapLayers } : {}),
    ...(record.mapRegions !== null ? { regions: record.mapRegions } : {}),
  };
}

interface TokenClaims {
  sub: string;
  acc: number;
  iat: number;
  exp: number;
  jti: string;
}

export interface TokenService {
  issue(key: string, accountId: number): { accessToken: string; expiresIn: number };
  /** Resolves the caller of a bearer token, or throws a 401 ApiError. */
  authenticate(token: string): Promise<AuthContext>;
  /** The caller of an API key of `accountId` as its tokens see it (batch jobs), or a 401 ApiError. */
  authenticateKey(key: string, accountId: number): Promise<AuthContext>;
}

interface CachedKey {
  context: AuthContext | null; // null: unknown or disabled
  fetchedAt: number;
}

const MAX_CACHED_KEYS = 10_000;
const MAX_VERIFIED_TOKENS = 10_000;

export function createTokenService(options: {
  secret: string;
  clock: Clock;
  /** Elapsed-time source for the key cache (ms, monotonic): caches age in real time even when the clock is pinned. */
  monotonic?: () => number;
  keys: KeyRepository;
  keyCacheSeconds: number;
}): TokenService {
  const { secret, clock, keys, keyCacheSeconds } = options;
  const monotonic = options.monotonic ?? (() => performance.now());
  const sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
  // Tokens whose signature has been checked, by their text: a client sends the same token for an
  // hour, and a lookup by the text costs far less than hashing it. Expiry is checked every time.
  const verified = new LRUCache<string, TokenClaims>({ max: MAX_VERIFIED_TOKENS });
  const keyCache = new LRUCache<string, CachedKey>({ max: MAX_CACHED_KEYS });

  async function keyContext(key: string): Promise<AuthContext | null> {
    const now = monotonic();
    const cached = keyCache.get(key);
    if (cached && now - cached.fetchedAt < keyCacheSeconds * 1000 && now >= cached.fetchedAt) return cached.context;
    const record = await keys.find(key);
    const mapAccess = record?.enabled ? mapAccessOf(record) : undefined;
    const context: AuthContext | null = record?.enabled
      ? { key, accountId: record.accountId, accountName: record.accountName, enterprise: record.enterprise, ...(mapAccess ? { mapAccess } : {}), ...(record.ratePerMinute !== null || record.rateBurst !== null ? { rateLimit: { perMinute: record.ratePerMinute, burst: record.rateBurst } } : {}) }
      : null;
    keyCache.set(key, { context, fetchedAt: now });
    return context;
  }

  return {
    issue(key, accountId) {
      const iat = Math.floor(clock.now() / 1000);
      const claims: TokenClaims = { sub: key, acc: accountId, iat, exp: iat + TOKEN_LIFETIME_SECONDS, jti: randomUUID() };
      return { accessToken: sign(claims), expiresIn: TOKEN_LIFETIME_SECONDS };
    },
    async authenticate(token) {
      let claims = verified.get(token);
      if (claims === undefined) {
        try {
          claims = verify(token) as TokenClaims;
        } catch {
          throw unauthorized('Invalid access token.', 'The access token is not valid. Request a new token from /oauth/token.');
        }
        if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') {
          throw unauthorized('Invalid access token.', 'The access token is not valid. Request a new token from /oauth/token.');
        }
        verified.set(token, claims);
      }
      if (claims.exp * 1000 <= clock.now()) {
        throw unauthorized('API Access Expired.', 'The access token has expired. Request a new token from /oauth/token.');
      }
      const context = await keyContext(claims.sub);
      if (!context || context.accountId !== claims.acc) {
        throw unauthorized('Invalid access token.', 'The API key of this token is disabled or no longer exists.');
      }
      return context;
    },
    async authenticateKey(key, accountId) {
      const context = await keyContext(key);
      if (!context || context.accountId !== accountId) {
        throw unauthorized('Invalid API key.', 'The API key that queued this job is disabled or no longer exists.');
      }
      return context;
    },
  };
}
