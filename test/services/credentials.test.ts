import { describe, expect, it } from 'vitest';
import { createRememberedSecrets, generateKey, generateSecret, hashSecret, verifySecret } from '../../src/services/credentials.js';

describe('API keys', () => {
  it('are 32 URL-safe characters that never begin with - or _ (a command line would read - as an option)', () => {
    const keys = Array.from({ length: 3000 }, generateKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/);
    expect(new Set(keys).size).toBe(keys.length);
    // Every allowed first character still occurs (the draw is not skewed to a few).
    expect(new Set(keys.map((key) => key[0])).size).toBeGreaterThan(55);
  });
});

describe('secrets', () => {
  it('checks a secret against its slow hash', async () => {
    const secret = generateSecret();
    const stored = await hashSecret(secret);
    expect(await verifySecret(secret, stored)).toBe(true);
    expect(await verifySecret(`${secret}x`, stored)).toBe(false);
    expect(await verifySecret(secret, await hashSecret(secret))).toBe(true);
  });

  it('remembers a right secret only for the stored hash it matched, and never holds it as given', () => {
    const remembered = createRememberedSecrets();
    const secret = generateSecret();
    expect(remembered.has(secret, 'scrypt$hash-1')).toBe(false);
    remembered.add(secret, 'scrypt$hash-1');
    expect(remembered.has(secret, 'scrypt$hash-1')).toBe(true);
    expect(remembered.has(`${secret}x`, 'scrypt$hash-1')).toBe(false);
    expect(remembered.has(secret.slice(1), 'scrypt$hash-1')).toBe(false);
    // A new secret for the key is a new stored hash: checked slowly again.
    expect(remembered.has(secret, 'scrypt$hash-2')).toBe(false);
  });

  it('keeps a bounded number of secrets, dropping the least recently used', () => {
    const remembered = createRememberedSecrets({ max: 2 });
    remembered.add('s1', 'h1');
    remembered.add('s2', 'h2');
    expect(remembered.has('s1', 'h1')).toBe(true);
    remembered.add('s3', 'h3');
    expect(remembered.has('s1', 'h1')).toBe(true);
    expect(remembered.has('s2', 'h2')).toBe(false);
    expect(remembered.has('s3', 'h3')).toBe(true);
  });
});
