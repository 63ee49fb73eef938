/**
 * API keys and secrets: generation, a slow hash (scrypt) so stored secrets cannot be reversed, and
 * the secrets already checked, so that the slow hash is paid once per secret rather than per token.
 */
import { createHmac, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const scrypt = (secret: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(secret, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * A new API key: 32 URL-safe characters, the first a letter or digit. A key that began with `-`
 * would read as an option on a command line (`agwx keys disable <key>`), so such draws are made
 * again (1 in 32): the keys stay uniform over those allowed.
 */
export function generateKey(): string {
  for (;;) {
    const key = randomBytes(24).toString('base64url');
    if (key[0] !== '-' && key[0] !== '_') return key;
  }
}

/** A new secret: 43 URL-safe characters (256 bits). */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** `scrypt$N$r$p$salt$hash`, all parameters stored so they can be raised later. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, KEY_LENGTH, { ...COST, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Secrets already found right, so that a client asking for many tokens pays the slow hash once.
 * Each is held only as an HMAC under a key of this process, next to the stored hash it matched:
 * a new secret for the key (a new stored hash) is checked slowly again, and nothing here can be
 * turned back into a secret.
 */
export interface RememberedSecrets {
  /** True when this secret was found right for this stored hash before (no slow hash computed). */
  has(secret: string, storedHash: string): boolean;
  /** Remembers that the secret is right for the stored hash. */
  add(secret: string, storedHash: string): void;
}

export function createRememberedSecrets(options: { max?: number; ttlMs?: number } = {}): RememberedSecrets {
  const pepper = randomBytes(32);
  const remembered = new LRUCache<string, Buffer>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 15 * 60_000 });
  const digest = (secret: string) => createHmac('sha256', pepper).update(secret).digest();
  return {
    has(secret, storedHash) {
      const known = remembered.get(storedHash);
      return known !== undefined && timingSafeEqual(known, digest(secret));
    },
    add(secret, storedHash) {
      remembered.set(storedHash, digest(secret));
    },
  };
}
