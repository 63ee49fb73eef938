/**
 * The session repository on every database kind: browser sessions of the account area and their
 * expiry, and the count of failed sign-ins per email that slows down password guessing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSession } from '../../src/store/session-repository.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

describe.each(databaseKinds())('session repository on %s', (kind) => {
  let store: Store;
  let next = 0;
  const account = async () => (await store.accounts.create(`sessions-${++next}`, false, 1)).id;
  const session = (id: string, accountId: number, createdAt: number, lastSeenAt = createdAt): WebSession => ({
    id,
    accountId,
    csrfToken: `csrf-${id}`,
    createdAt,
    lastSeenAt,
  });

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('keeps a session as created, moves its last use, and forgets it when deleted', async () => {
    const a = await account();
    const created = session('s-basic', a, 1_718_452_800_000);
    await store.sessions.create(created);
    expect(await store.sessions.find('s-basic')).toEqual(created);
    await store.sessions.touch('s-basic', 1_718_452_900_000);
    expect(await store.sessions.find('s-basic')).toEqual({ ...created, lastSeenAt: 1_718_452_900_000 });
    await store.sessions.delete('s-basic');
    expect(await store.sessions.find('s-basic')).toBeUndefined();
    await store.sessions.delete('s-basic'); // deleting twice is harmless
    expect(await store.sessions.find('s-unknown')).toBeUndefined();
  });

  it('deletes sessions idle since, or created before, the given times, and only those', async () => {
    const a = await account();
    await store.sessions.create(session('s-idle', a, 500, 999));
    await store.sessions.create(session('s-seen-at-limit', a, 500, 1000));
    await store.sessions.create(session('s-too-old', a, 99, 5000));
    await store.sessions.create(session('s-created-at-limit', a, 100, 5000));
    expect(await store.sessions.deleteExpired(1000, 100)).toBe(2);
    expect(await store.sessions.find('s-idle')).toBeUndefined();
    expect(await store.sessions.find('s-too-old')).toBeUndefined();
    expect(await store.sessions.find('s-seen-at-limit')).toBeDefined();
    expect(await store.sessions.find('s-created-at-limit')).toBeDefined();
    expect(await store.sessions.deleteExpired(1000, 100)).toBe(0);
  });

  it('deletes the sessions of a deleted account', async () => {
    const a = await account();
    const b = await account();
    await store.sessions.create(session('s-a', a, 1));
    await store.sessions.create(session('s-b', b, 1));
    await store.handle.db.deleteFrom('accounts').where('id', '=', a).execute();
    expect(await store.sessions.find('s-a')).toBeUndefined();
    expect(await store.sessions.find('s-b')).toEqual(session('s-b', b, 1));
  });

  it('counts failed sign-ins per email, starts again after a quiet period, and clears them', async () => {
    const email = 'guess@example.org';
    expect(await store.sessions.signInFailures(email)).toBeUndefined();
    expect(await store.sessions.recordSignInFailure(email, 1000, 0)).toBe(1);
    expect(await store.sessions.recordSignInFailure(email, 2000, 0)).toBe(2);
    // The last failure (2000) is exactly at the reset limit: still counted on.
    expect(await store.sessions.recordSignInFailure(email, 3000, 2000)).toBe(3);
    expect(await store.sessions.signInFailures(email)).toEqual({ failures: 3, lastFailedAt: 3000 });
    expect(await store.sessions.signInFailures('other@example.org')).toBeUndefined();
    // The last failure (3000) is before the reset limit: counting starts again.
    expect(await store.sessions.recordSignInFailure(email, 9000, 3001)).toBe(1);
    expect(await store.sessions.signInFailures(email)).toEqual({ failures: 1, lastFailedAt: 9000 });
    await store.sessions.clearSignInFailures(email);
    expect(await store.sessions.signInFailures(email)).toBeUndefined();
    expect(await store.sessions.recordSignInFailure(email, 9500, 0)).toBe(1);
  });

  it('counts every one of many failures recorded at once', async () => {
    const email = 'parallel@example.org';
    await store.sessions.recordSignInFailure(email, 1000, 0);
    // Sign-ins for one email run in parallel requests (and instances): each failure must count.
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => store.sessions.recordSignInFailure(email, 2000 + i, 0)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((await store.sessions.signInFailures(email))?.failures).toBe(21);
  });
});
