/**
 * The client-credentials grant with a small in-memory failure budget (3 a minute for a key from one
 * address, 5 a minute from one address): a right secret always gets a token (checked slowly once,
 * then recognised), failed attempts are counted per key and address and per address, and once a
 * budget is spent every attempt it covers waits, the right one too. Never per key alone.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import { createCredentialFailureLimiter } from '../../src/limits/credential-failures.js';
import { createRememberedSecrets, type RememberedSecrets } from '../../src/services/credentials.js';
import { createTokenGrant, failureBudgets, failureSubjects, type GrantResult } from '../../src/services/token-grant.js';
import type { ApiKeyRecord } from '../../src/store/key-repository.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');

const record = (key: string, more: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  key,
  accountId: 3,
  accountName: 'grants',
  enterprise: false,
  secretHash: `hash:${key}-secret`,
  enabled: true,
  createdAt: 1,
  lastUsedAt: null,
  label: null,
  purpose: null,
  mapLayers: null,
  mapRegions: null,
  ratePerMinute: null,
  rateBurst: null,
  ...more,
});

/** Remembers nothing: every attempt is checked slowly (and counted until found right). */
const forgetful: RememberedSecrets = { has: () => false, add: () => {} };

function setup(options: { remembered?: RememberedSecrets; verify?: (secret: string, hash: string) => Promise<boolean> } = {}) {
  const keys = new Map([
    ['alpha', record('alpha')],
    ['beta', record('beta', { accountId: 4 })],
    ['off', record('off', { enabled: false })],
  ]);
  const touched: [string, number][] = [];
  const checks: string[] = [];
  const clock = manualClock(NOW);
  const grant = createTokenGrant({
    keys: {
      find: async (key) => keys.get(key),
      touch: async (key, now) => {
        touched.push([key, now]);
        keys.set(key, { ...keys.get(key)!, lastUsedAt: now });
      },
    },
    tokens: { issue: (key, accountId) => ({ accessToken: `token:${key}:${accountId}`, expiresIn: 3600 }) },
    clock,
    verifySecret:
      options.verify ??
      (async (secret, hash) => {
        checks.push(secret);
        return hash === `hash:${secret}`;
      }),
    remembered: options.remembered ?? createRememberedSecrets(),
    failures: createCredentialFailureLimiter({ budgets: failureBudgets(3, 5), windowSeconds: 60 }),
  });
  return { grant, touched, checks, clock };
}

const issued = (key: string, accountId = 3): GrantResult => ({ outcome: 'issued', accessToken: `token:${key}:${accountId}`, expiresIn: 3600 });
const waiting = { outcome: 'wait', retryAfterSeconds: expect.toSatisfy((s: number) => Number.isInteger(s) && s >= 1 && s <= 60) };

describe('token grant', () => {
  it('issues a token for the right secret, checking it slowly only the first time', async () => {
    const { grant, checks } = setup();
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
    expect(await grant.grant('10.0.0.2', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
    expect(await grant.grant('10.0.0.1', { key: 'beta', secret: 'beta-secret' })).toEqual(issued('beta', 4));
    expect(checks).toEqual(['alpha-secret', 'beta-secret']);
  });

  it("writes the key's last use at most once a minute", async () => {
    const { grant, touched, clock } = setup();
    await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' });
    clock.advance(59_999);
    await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' });
    clock.advance(1);
    await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' });
    expect(touched).toEqual([
      ['alpha', NOW],
      ['alpha', NOW + 60_000],
    ]);
  });

  it('refuses a wrong secret, an unknown key and a disabled key (its right secret too), counting each against the address', async () => {
    const { grant } = setup();
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'nobody', secret: 'guess' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'off', secret: 'off-secret' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'nobody-2', secret: 'guess' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'nobody-3', secret: 'guess' })).toEqual({ outcome: 'refused' });
    // The address has spent its budget across keys: the right secret of another key waits too.
    expect(await grant.grant('10.0.0.1', { key: 'beta', secret: 'beta-secret' })).toEqual(waiting);
    // Another address is not held back.
    expect(await grant.grant('10.0.0.2', { key: 'beta', secret: 'beta-secret' })).toEqual(issued('beta', 4));
  });

  it('counts failures per key and address: a stranger guessing a key never holds back its owner elsewhere', async () => {
    const { grant } = setup({ remembered: forgetful });
    for (let i = 0; i < 3; i++) expect(await grant.grant('10.6.6.6', { key: 'alpha', secret: `guess-${i}` })).toEqual({ outcome: 'refused' });
    // The stranger waits, for this key from this address, the right secret too…
    expect(await grant.grant('10.6.6.6', { key: 'alpha', secret: 'guess-3' })).toEqual(waiting);
    expect(await grant.grant('10.6.6.6', { key: 'alpha', secret: 'alpha-secret' })).toEqual(waiting);
    // …while the owner's right secret from its own address is answered at once, again and again.
    for (let i = 0; i < 3; i++) expect(await grant.grant('10.0.0.4', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
    // The stranger's address still has budget for other keys (three of its five are spent).
    expect(await grant.grant('10.6.6.6', { key: 'beta', secret: 'beta-secret' })).toEqual(issued('beta', 4));
  });

  it('spreads failures over many addresses without any of them reaching the key', async () => {
    const { grant } = setup();
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 3; i++) expect(await grant.grant(`10.7.0.${a}`, { key: 'alpha', secret: `guess-${i}` })).toEqual({ outcome: 'refused' });
    }
    expect(await grant.grant('10.0.0.4', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
  });

  it('gives back the attempt of a right secret: only failures spend the budget', async () => {
    const { grant, checks } = setup({ remembered: forgetful });
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess' })).toEqual({ outcome: 'refused' });
    for (let i = 0; i < 5; i++) expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
    expect(checks.filter((secret) => secret === 'alpha-secret')).toHaveLength(5);
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' })).toEqual(waiting);
  });

  it('counts missing or malformed credentials against the address', async () => {
    const { grant } = setup();
    for (let i = 0; i < 5; i++) expect(await grant.grant('10.0.0.9', null)).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.9', null)).toEqual(waiting);
    expect(await grant.grant('10.0.0.9', { key: 'alpha', secret: 'alpha-secret' })).toEqual(waiting);
    expect(await grant.grant('10.0.0.8', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
  });

  it('checks and counts identical attempts in flight once', async () => {
    const { grant, checks } = setup();
    const attempts = await Promise.all([1, 2, 3].map(() => grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess' })));
    expect(attempts).toEqual([{ outcome: 'refused' }, { outcome: 'refused' }, { outcome: 'refused' }]);
    expect(checks).toEqual(['guess']);
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess-2' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess-3' })).toEqual({ outcome: 'refused' });
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess-4' })).toEqual(waiting);
  });

  it('does not count an attempt whose check failed for another reason, and lets the error through', async () => {
    let broken = true;
    const { grant } = setup({
      remembered: forgetful,
      verify: async (secret, hash) => {
        if (broken) throw new Error('scrypt failed');
        return hash === `hash:${secret}`;
      },
    });
    for (let i = 0; i < 4; i++) await expect(grant.grant('10.0.0.1', { key: 'alpha', secret: 'guess' })).rejects.toThrow('scrypt failed');
    broken = false;
    expect(await grant.grant('10.0.0.1', { key: 'alpha', secret: 'alpha-secret' })).toEqual(issued('alpha'));
  });

  it('names counters by address, and by address and key (a long key by its hash)', () => {
    expect(failureSubjects('10.0.0.1')).toEqual([{ kind: 'address', id: '10.0.0.1' }]);
    expect(failureSubjects('10.0.0.1', 'alpha')).toEqual([
      { kind: 'address', id: '10.0.0.1' },
      { kind: 'pair', id: '10.0.0.1 key:alpha' },
    ]);
    const [, long] = failureSubjects('10.0.0.1', 'k'.repeat(65));
    expect(long!.id).toMatch(/^10\.0\.0\.1 key-sha256:[0-9a-f]{32}$/);
    expect(failureSubjects('10.0.0.1', 'k'.repeat(64))[1]!.id).toBe(`10.0.0.1 key:${'k'.repeat(64)}`);
    expect(failureBudgets(10, 30)).toEqual({ pair: 10, address: 30 });
  });
});
