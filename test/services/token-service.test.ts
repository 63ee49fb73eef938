/**
 * Access tokens: issued for a key and its account, resolved to the caller; expired after an hour;
 * refused once the key is disabled and its cached state (`keyCacheSeconds`, on the monotonic
 * clock) has aged; `authenticateKey` only for the key's own account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { manualClock } from '../../src/core/clock.js';
import { createTokenService, TOKEN_LIFETIME_SECONDS } from '../../src/services/token-service.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore } from '../support/databases.js';
import { rejection } from '../support/domain-errors.js';

const SECRET = 'test-signing-secret-of-some-length-0123456789';
const NOW = Date.parse('2024-06-15T12:00:00Z');

describe('token service', () => {
  let store: Store;
  let accountId: number;
  let next = 0;
  beforeAll(async () => {
    store = await openTestStore('sqlite');
    accountId = (await store.accounts.create('tokens', true, 1)).id;
  });
  afterAll(async () => store.close());

  const newKey = async (account = accountId) => {
    const key = `key-${++next}`;
    await store.keys.create({ key, accountId: account, secretHash: 'unused', now: 1 });
    return key;
  };

  function setup(keyCacheSeconds = 5) {
    const clock = manualClock(NOW);
    let elapsed = 1_000_000;
    const monotonic = { now: () => elapsed, advance: (ms: number) => (elapsed += ms), set: (ms: number) => (elapsed = ms) };
    const tokens = createTokenService({ secret: SECRET, clock, monotonic: monotonic.now, keys: store.keys, keyCacheSeconds });
    return { tokens, clock, monotonic };
  }

  it("issues a token for an hour that resolves to the key's caller", async () => {
    const key = await newKey();
    const { tokens } = setup();
    const issued = tokens.issue(key, accountId);
    expect(issued.expiresIn).toBe(TOKEN_LIFETIME_SECONDS);
    expect(issued.accessToken.split('.')).toHaveLength(3);
    expect(await tokens.authenticate(issued.accessToken)).toEqual({ key, accountId, accountName: 'tokens', enterprise: true });
    // Every token is its own.
    expect(tokens.issue(key, accountId).accessToken).not.toBe(issued.accessToken);
  });

  it("carries the key's map limits and own rate limit", async () => {
    const key = await newKey();
    await store.keys.setMapAccess(key, { layers: ['base', 'temperatures'], regions: null });
    await store.keys.setRateLimit(key, { perMinute: 100, burst: null });
    const { tokens } = setup();
    expect(await tokens.authenticate(tokens.issue(key, accountId).accessToken)).toMatchObject({
      key,
      mapAccess: { layers: ['base', 'temperatures'] },
      rateLimit: { perMinute: 100, burst: null },
    });
  });

  it("expires an hour after it was issued: 'API Access Expired.'", async () => {
    const key = await newKey();
    const { tokens, clock } = setup();
    const { accessToken } = tokens.issue(key, accountId);
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000 - 1);
    expect((await tokens.authenticate(accessToken)).key).toBe(key);
    clock.advance(1);
    const error = await rejection(tokens.authenticate(accessToken), { kind: 'unauthorized', simpleMessage: 'API Access Expired.' });
    expect(error.detailedMessage).toContain('/oauth/token');
  });

  it('refuses a token that is not one, or is signed with another secret', async () => {
    const key = await newKey();
    const { tokens } = setup();
    await rejection(tokens.authenticate('not-a-token'), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
    const forged = createSigner({ key: 'another-secret', algorithm: 'HS256', noTimestamp: true })({ sub: key, acc: accountId, iat: NOW / 1000, exp: NOW / 1000 + 3600, jti: 'x' });
    await rejection(tokens.authenticate(forged), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
    const noSubject = createSigner({ key: SECRET, algorithm: 'HS256', noTimestamp: true })({ acc: accountId, exp: NOW / 1000 + 3600 });
    await rejection(tokens.authenticate(noSubject), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
  });

  it('refuses a token whose account is not the key’s, and a token of an unknown key', async () => {
    const key = await newKey();
    const { tokens } = setup();
    const error = await rejection(tokens.authenticate(tokens.issue(key, accountId + 1).accessToken), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
    expect(error.detailedMessage).toBe('The API key of this token is disabled or no longer exists.');
    await rejection(tokens.authenticate(tokens.issue('no-such-key', accountId).accessToken), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
  });

  it("refuses a disabled key's token once keyCacheSeconds have passed on the monotonic clock, whatever the wall clock says", async () => {
    const key = await newKey();
    const { tokens, monotonic } = setup(5);
    const { accessToken } = tokens.issue(key, accountId);
    expect((await tokens.authenticate(accessToken)).key).toBe(key);
    await store.keys.disable(key);
    // The key's state is read at most every 5 s: the token still works just before.
    monotonic.advance(4_999);
    expect((await tokens.authenticate(accessToken)).key).toBe(key);
    monotonic.advance(1);
    await rejection(tokens.authenticate(accessToken), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
  });

  it('reads the key again when the monotonic clock goes back, and every time with no cache', async () => {
    const key = await newKey();
    const { tokens, monotonic } = setup(60);
    const { accessToken } = tokens.issue(key, accountId);
    await tokens.authenticate(accessToken);
    await store.keys.disable(key);
    monotonic.advance(-1);
    await rejection(tokens.authenticate(accessToken), { kind: 'unauthorized' });

    const other = await newKey();
    const uncached = setup(0);
    const token = uncached.tokens.issue(other, accountId).accessToken;
    await uncached.tokens.authenticate(token);
    await store.keys.disable(other);
    await rejection(uncached.tokens.authenticate(token), { kind: 'unauthorized', simpleMessage: 'Invalid access token.' });
  });

  it("resolves a key for its own account only (batch jobs), 401 'Invalid API key.' otherwise", async () => {
    const key = await newKey();
    const { tokens, monotonic } = setup(5);
    expect(await tokens.authenticateKey(key, accountId)).toEqual({ key, accountId, accountName: 'tokens', enterprise: true });
    const other = await rejection(tokens.authenticateKey(key, accountId + 1), { kind: 'unauthorized', simpleMessage: 'Invalid API key.' });
    expect(other.detailedMessage).toBe('The API key that queued this job is disabled or no longer exists.');
    await rejection(tokens.authenticateKey('no-such-key', accountId), { kind: 'unauthorized', simpleMessage: 'Invalid API key.' });
    await store.keys.disable(key);
    monotonic.advance(5_000);
    await rejection(tokens.authenticateKey(key, accountId), { kind: 'unauthorized', simpleMessage: 'Invalid API key.' });
  });
});
