import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationsApplied } from '../../src/store/database.js';
import { DuplicateKeyError } from '../../src/store/errors.js';
import { preparedQuery } from '../../src/store/prepared-query.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

describe.each(databaseKinds())('store on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('is fully migrated, and migrating again changes nothing', async () => {
    expect(await migrationsApplied(store.handle)).toBe(true);
    expect(await migrateToLatest(store.handle)).toEqual([]);
  });

  it('creates accounts with unique names', async () => {
    const account = await store.accounts.create('unique', true, 1000);
    expect(account).toMatchObject({ name: 'unique', enterprise: true, createdAt: 1000 });
    await expect(store.accounts.create('unique', false, 2000)).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await store.accounts.findById(account.id)).toEqual(account);
  });

  it('keeps keys with their account, and disables them', async () => {
    const account = await store.accounts.create('keys', false, 1);
    await store.keys.create({ key: 'k-1', accountId: account.id, secretHash: 'h', now: 5 });
    expect(await store.keys.find('k-1')).toMatchObject({ accountName: 'keys', enabled: true, createdAt: 5, lastUsedAt: null });
    expect(await store.keys.disable('k-1')).toBe(true);
    expect(await store.keys.disable('missing')).toBe(false);
    expect((await store.keys.find('k-1'))?.enabled).toBe(false);
    await store.keys.touch('k-1', 99);
    expect((await store.keys.find('k-1'))?.lastUsedAt).toBe(99);
    expect((await store.keys.list(account.id)).map((k) => k.key)).toEqual(['k-1']);
  });

  it('runs a query compiled once with each call\'s values', async () => {
    const db = store.handle.db;
    const a = await store.accounts.create('prepared-a', false, 1);
    const b = await store.accounts.create('prepared-b', true, 2);
    const byName = preparedQuery(db, 1, (name: string) => db.selectFrom('accounts').select(['id', 'enterprise']).where('name', '=', name).limit(1));
    expect((await byName('prepared-a')).map((row) => Number(row.id))).toEqual([a.id]);
    expect((await byName('prepared-b')).map((row) => Number(row.id))).toEqual([b.id]);
    expect(await byName("x' or '1'='1")).toEqual([]);
    expect(() => preparedQuery(db, 2, (name: string, _unused: string) => db.selectFrom('accounts').selectAll().where('name', '=', name))).toThrow(/argument 1 is not used/);
  });

  it('stores the first value of a setting, whoever asks later', async () => {
    expect(await store.settings.getOrCreate('s', 'first')).toBe('first');
    expect(await store.settings.getOrCreate('s', 'second')).toBe('first');
    expect(await store.settings.get('missing')).toBeUndefined();
  });

  it('round-trips fields exactly, including nulls and extreme coordinates', async () => {
    const account = await store.accounts.create('fields', false, 1);
    const field = { id: 'f', name: null, farmId: 'farm', acres: 0.125, latitude: -89.999999, longitude: 179.123456789 };
    await store.fields.insert(account.id, field, 1);
    expect(await store.fields.get(account.id, 'f')).toEqual(field);
    await expect(store.fields.insert(account.id, field, 2)).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  it('sorts text byte-wise and nulls last in both directions', async () => {
    const account = await store.accounts.create('sorting', false, 1);
    for (const [id, name] of [['1', 'b'], ['2', null], ['3', 'B'], ['4', 'a']] as const) {
      await store.fields.insert(account.id, { id, name, farmId: 'x', acres: null, latitude: 0, longitude: 0 }, 1);
    }
    const order = async (descending: boolean) =>
      (await store.fields.list(account.id, { sort: [{ column: 'name', descending }], limit: 10, offset: 0 })).items.map((f) => f.name);
    expect(await order(false)).toEqual(['B', 'a', 'b', null]);
    expect(await order(true)).toEqual(['b', 'a', 'B', null]);
  });

  it('does not apply a change that throws', async () => {
    const account = await store.accounts.create('atomic', false, 1);
    await store.fields.insert(account.id, { id: 'f', name: 'n', farmId: 'x', acres: null, latitude: 0, longitude: 0 }, 1);
    await expect(
      store.fields.update(account.id, 'f', () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await store.fields.get(account.id, 'f'))?.name).toBe('n');
    expect(await store.fields.update(account.id, 'missing', (f) => f)).toBeUndefined();
  });
});
