/**
 * The usage repository on every database kind: requests per key per UTC day add up across
 * writes (and concurrent writers), a key's last use only moves forward, an account reads only
 * its own keys' counts, and one write is all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

describe.each(databaseKinds())('usage repository on %s', (kind) => {
  let store: Store;
  let next = 0;
  /** A fresh account with the named keys. */
  const accountWith = async (...keys: string[]) => {
    const id = (await store.accounts.create(`usage-${++next}`, false, 1)).id;
    for (const key of keys) await store.keys.create({ key, accountId: id, secretHash: 'h', now: 1 });
    return id;
  };
  const none = new Map<string, number>();

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('adds the counts of each write to those stored, per key and day', async () => {
    const a = await accountWith('u-1', 'u-2');
    await store.usage.add(
      [
        { key: 'u-1', day: '2024-06-15', requests: 1000 },
        { key: 'u-2', day: '2024-06-15', requests: 1 },
        { key: 'u-1', day: '2024-06-16', requests: 2 },
      ],
      none,
    );
    await store.usage.add([{ key: 'u-1', day: '2024-06-15', requests: 5 }], none);
    // Counts beyond 32 bits come back as numbers on both dialects.
    await store.usage.add([{ key: 'u-2', day: '2024-06-15', requests: 5_000_000_000 }], none);
    expect(await store.usage.perKeyAndDay(a, '2024-06-01', '2024-06-30')).toEqual([
      { key: 'u-1', day: '2024-06-15', requests: 1005 },
      { key: 'u-1', day: '2024-06-16', requests: 2 },
      { key: 'u-2', day: '2024-06-15', requests: 5_000_000_001 },
    ]);
  });

  it('loses no count when several writers add to the same key and day at once', async () => {
    const a = await accountWith('u-race');
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.usage.add([{ key: 'u-race', day: '2024-06-15', requests: i + 1 }], none)));
    expect(await store.usage.perKeyAndDay(a, '2024-06-15', '2024-06-15')).toEqual([{ key: 'u-race', day: '2024-06-15', requests: 210 }]);
  });

  it("reads the account's own keys only, for the days of the range including both ends", async () => {
    const a = await accountWith('u-a1', 'u-a2');
    await accountWith('u-b');
    const count = (key: string, day: string, requests = 1) => ({ key, day, requests });
    await store.usage.add(
      [count('u-a2', '2024-06-10'), count('u-a1', '2024-06-09'), count('u-a1', '2024-06-10'), count('u-a1', '2024-06-16'), count('u-a1', '2024-06-17'), count('u-b', '2024-06-12')],
      none,
    );
    expect(await store.usage.perKeyAndDay(a, '2024-06-10', '2024-06-16')).toEqual([
      count('u-a1', '2024-06-10'),
      count('u-a1', '2024-06-16'),
      count('u-a2', '2024-06-10'),
    ]);
    expect(await store.usage.perKeyAndDay(a, '2024-06-11', '2024-06-15')).toEqual([]);
  });

  it("moves each key's last use forward only", async () => {
    await accountWith('u-used', 'u-other');
    const lastUsed = async (key: string) => (await store.keys.find(key))?.lastUsedAt;
    await store.usage.add([], new Map([['u-used', 5000]]));
    expect(await lastUsed('u-used')).toBe(5000);
    expect(await lastUsed('u-other')).toBeNull();
    // An older time (a batch written late) does not move it back.
    await store.usage.add([], new Map([['u-used', 4000], ['u-other', 100]]));
    expect(await lastUsed('u-used')).toBe(5000);
    expect(await lastUsed('u-other')).toBe(100);
    await store.usage.add([], new Map([['u-used', 5001]]));
    expect(await lastUsed('u-used')).toBe(5001);
  });

  it('writes nothing of a batch that names a key that does not exist', async () => {
    const a = await accountWith('u-kept');
    await store.usage.add([{ key: 'u-kept', day: '2024-06-15', requests: 3 }], new Map([['u-kept', 10]]));
    await expect(
      store.usage.add(
        [
          { key: 'u-kept', day: '2024-06-15', requests: 4 },
          { key: 'u-deleted', day: '2024-06-15', requests: 1 },
        ],
        new Map([['u-kept', 20]]),
      ),
    ).rejects.toThrow();
    expect(await store.usage.perKeyAndDay(a, '2024-06-15', '2024-06-15')).toEqual([{ key: 'u-kept', day: '2024-06-15', requests: 3 }]);
    expect((await store.keys.find('u-kept'))?.lastUsedAt).toBe(10);
  });

  it('deletes the counts of a deleted key with its account', async () => {
    const a = await accountWith('u-gone');
    await store.usage.add([{ key: 'u-gone', day: '2024-06-15', requests: 3 }], none);
    await store.handle.db.deleteFrom('accounts').where('id', '=', a).execute();
    const rows = await store.handle.db.selectFrom('key_usage_daily').select('key').where('key', '=', 'u-gone').execute();
    expect(rows).toEqual([]);
  });
});
