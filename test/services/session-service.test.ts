/**
 * Browser sessions: the cookie value names a session kept by its SHA-256; a session ends after
 * its idle time without use or its absolute time after sign-in, whichever comes first; its
 * last use is written at most once a minute.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import { createSessionService, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '../../src/services/session-service.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore } from '../support/databases.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');
const MINUTE = 60_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('session service', () => {
  let store: Store;
  let accountId: number;
  beforeAll(async () => {
    store = await openTestStore('sqlite');
    accountId = (await store.accounts.create('sessions', false, 1)).id;
  });
  afterAll(async () => store.close());

  const setup = (lifetimes?: { idleSeconds?: number; absoluteSeconds?: number }) => {
    const clock = manualClock(NOW);
    return { clock, sessions: createSessionService(store.sessions, clock, lifetimes) };
  };

  it('starts a session whose cookie value resolves to it; only the hash of the value is stored', async () => {
    const { sessions } = setup();
    const { token, session } = await sessions.start(accountId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toEqual({ id: sha256(token), accountId, csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), createdAt: NOW, lastSeenAt: NOW });
    expect(await store.sessions.find(sha256(token))).toEqual(session);
    expect(await sessions.resolve(token)).toEqual(session);
    expect(session.csrfToken).not.toBe(token);
  });

  it('resolves nothing for no cookie, a malformed one or an unknown one', async () => {
    const { sessions } = setup();
    const { token } = await sessions.start(accountId);
    expect(await sessions.resolve(undefined)).toBeNull();
    expect(await sessions.resolve('')).toBeNull();
    expect(await sessions.resolve(`${token}x`)).toBeNull();
    expect(await sessions.resolve(sha256(token))).toBeNull();
    expect(await sessions.resolve('A'.repeat(43))).toBeNull();
  });

  it('ends a session idle for its idle time, and keeps one in use alive', async () => {
    const { sessions, clock } = setup({ idleSeconds: 600, absoluteSeconds: 3600 });
    const { token } = await sessions.start(accountId);
    clock.advance(599_999);
    expect((await sessions.resolve(token))!.lastSeenAt).toBe(NOW + 599_999);
    clock.advance(599_999);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.advance(600_000);
    expect(await sessions.resolve(token)).toBeNull();
    // Ended for good: deleted, not merely refused.
    expect(await store.sessions.find(sha256(token))).toBeUndefined();
  });

  it('ends a session its absolute time after sign-in, however recently used', async () => {
    const { sessions, clock } = setup({ idleSeconds: 600, absoluteSeconds: 3600 });
    const { token } = await sessions.start(accountId);
    for (let used = 0; used < 3599; used += 500) {
      clock.set(NOW + used * 1000);
      expect(await sessions.resolve(token)).not.toBeNull();
    }
    clock.set(NOW + 3_599_999);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.set(NOW + 3_600_000);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('uses 12 hours idle and 7 days absolute by default', async () => {
    expect([SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS]).toEqual([12 * 3600, 7 * 24 * 3600]);
    const { sessions, clock } = setup();
    const { token } = await sessions.start(accountId);
    clock.advance(SESSION_IDLE_SECONDS * 1000 - 1);
    expect(await sessions.resolve(token)).not.toBeNull();
    const idle = await sessions.start(accountId);
    clock.advance(SESSION_IDLE_SECONDS * 1000);
    expect(await sessions.resolve(idle.token)).toBeNull();
  });

  it('writes the last use at most once a minute', async () => {
    const { sessions, clock } = setup();
    const { token } = await sessions.start(accountId);
    clock.advance(MINUTE - 1);
    expect((await sessions.resolve(token))!.lastSeenAt).toBe(NOW);
    expect((await store.sessions.find(sha256(token)))!.lastSeenAt).toBe(NOW);
    clock.advance(1);
    expect((await sessions.resolve(token))!.lastSeenAt).toBe(NOW + MINUTE);
    expect((await store.sessions.find(sha256(token)))!.lastSeenAt).toBe(NOW + MINUTE);
  });

  it('ends a session on sign-out, and clears every expired session at sign-in', async () => {
    const { sessions, clock } = setup({ idleSeconds: 600, absoluteSeconds: 3600 });
    const first = await sessions.start(accountId);
    const second = await sessions.start(accountId);
    await sessions.end(second.token);
    await sessions.end(undefined);
    await sessions.end('not a token');
    expect(await sessions.resolve(second.token)).toBeNull();
    expect(await store.sessions.find(first.session.id)).toBeDefined();
    clock.advance(599_999);
    await sessions.start(accountId);
    expect(await store.sessions.find(first.session.id)).toBeDefined();
    clock.advance(2);
    await sessions.start(accountId);
    expect(await store.sessions.find(first.session.id)).toBeUndefined();
  });
});
