/**
 * The API key repository on every database kind: keys with their account, per-account lists and
 * disabling, the explorer's key, map access and rate limits (stored limits that cannot be read
 * allow nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/store/errors.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

describe.each(databaseKinds())('key repository on %s', (kind) => {
  let store: Store;
  let next = 0;
  const account = async (enterprise = false) => store.accounts.create(`keys-${++next}`, enterprise, 1);

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it("reads a key with its account's name and enterprise flag as they are now, and no limits until set", async () => {
    const owner = await account();
    await store.keys.create({ key: 'k-read', accountId: owner.id, secretHash: 'hash', now: 7, label: 'Farm app', purpose: null });
    expect(await store.keys.find('k-read')).toEqual({
      key: 'k-read',
      accountId: owner.id,
      accountName: owner.name,
      enterprise: false,
      secretHash: 'hash',
      enabled: true,
      createdAt: 7,
      lastUsedAt: null,
      label: 'Farm app',
      purpose: null,
      mapLayers: null,
      mapRegions: null,
      ratePerMinute: null,
      rateBurst: null,
    });
    await store.accounts.setEnterprise(owner.name, true);
    expect((await store.keys.find('k-read'))?.enterprise).toBe(true);
    expect(await store.keys.find('k-missing')).toBeUndefined();
  });

  it('refuses a second key of the same name and keeps the first', async () => {
    const owner = await account();
    await store.keys.create({ key: 'k-dup', accountId: owner.id, secretHash: 'first', now: 1 });
    const error = await store.keys.create({ key: 'k-dup', accountId: owner.id, secretHash: 'second', now: 2 }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((await store.keys.find('k-dup'))?.secretHash).toBe('first');
  });

  it("lists an account's keys oldest first (then by key), or every key", async () => {
    const a = await account();
    const b = await account();
    await store.keys.create({ key: 'list-z', accountId: a.id, secretHash: 'h', now: 100 });
    await store.keys.create({ key: 'list-b', accountId: a.id, secretHash: 'h', now: 200 });
    await store.keys.create({ key: 'list-a', accountId: a.id, secretHash: 'h', now: 200 });
    await store.keys.create({ key: 'list-c', accountId: b.id, secretHash: 'h', now: 50 });
    expect((await store.keys.list(a.id)).map((k) => k.key)).toEqual(['list-z', 'list-a', 'list-b']);
    expect((await store.keys.list(b.id)).map((k) => [k.key, k.accountName])).toEqual([['list-c', b.name]]);
    expect((await store.keys.list((await account()).id))).toEqual([]);
    const all = (await store.keys.list()).map((k) => k.key);
    expect(all.filter((k) => k.startsWith('list-'))).toEqual(['list-c', 'list-z', 'list-a', 'list-b']);
    expect(await store.keys.count()).toBe(all.length);
  });

  it('disables a key for its own account only; a disabled key is still found and counted', async () => {
    const a = await account();
    const b = await account();
    await store.keys.create({ key: 'k-own', accountId: a.id, secretHash: 'h', now: 1 });
    const before = await store.keys.count();
    expect(await store.keys.disableForAccount('k-own', b.id)).toBe(false);
    expect((await store.keys.find('k-own'))?.enabled).toBe(true);
    expect(await store.keys.disableForAccount('k-own', a.id)).toBe(true);
    expect((await store.keys.find('k-own'))?.enabled).toBe(false);
    expect(await store.keys.disableForAccount('k-nothing', a.id)).toBe(false);
    expect(await store.keys.count()).toBe(before);
  });

  it("finds the account's newest enabled key of a purpose", async () => {
    const a = await account();
    const b = await account();
    expect(await store.keys.findEnabledByPurpose(a.id, 'explorer')).toBeUndefined();
    await store.keys.create({ key: 'ex-old', accountId: a.id, secretHash: 'h', now: 10, purpose: 'explorer' });
    await store.keys.create({ key: 'ex-plain', accountId: a.id, secretHash: 'h', now: 30 });
    await store.keys.create({ key: 'ex-other-account', accountId: b.id, secretHash: 'h', now: 40, purpose: 'explorer' });
    expect((await store.keys.findEnabledByPurpose(a.id, 'explorer'))?.key).toBe('ex-old');
    await store.keys.create({ key: 'ex-new', accountId: a.id, secretHash: 'h', now: 20, purpose: 'explorer' });
    expect(await store.keys.findEnabledByPurpose(a.id, 'explorer')).toMatchObject({ key: 'ex-new', purpose: 'explorer', accountId: a.id });
    await store.keys.disable('ex-new');
    expect((await store.keys.findEnabledByPurpose(a.id, 'explorer'))?.key).toBe('ex-old');
    await store.keys.disable('ex-old');
    expect(await store.keys.findEnabledByPurpose(a.id, 'explorer')).toBeUndefined();
  });

  it('creates keys up to a cap of enabled keys, counting neither disabled keys nor the explorer key, also when many are created at once', async () => {
    const owner = await account();
    const other = await account();
    const record = (key: string, accountId = owner.id, purpose: string | null = null) => ({ key, accountId, secretHash: 'h', now: 1, purpose });
    await store.keys.create(record('cap-explorer', owner.id, 'explorer'));
    // Twenty creations at once against a cap of 5: exactly five are made.
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => store.keys.createUnlessAtCap(record(`cap-${i}`), 5)));
    expect(made.filter(Boolean)).toHaveLength(5);
    expect(await store.keys.countEnabled(owner.id)).toBe(5);
    expect(await store.keys.createUnlessAtCap(record('cap-more'), 5)).toBe(false);
    expect(await store.keys.find('cap-more')).toBeUndefined();
    // Another account has its own count.
    expect(await store.keys.createUnlessAtCap(record('cap-other', other.id), 5)).toBe(true);
    // A disabled key makes room.
    const first = (await store.keys.list(owner.id)).find((k) => k.purpose === null)!;
    await store.keys.disable(first.key);
    expect(await store.keys.countEnabled(owner.id)).toBe(4);
    expect(await store.keys.createUnlessAtCap(record('cap-after-disable'), 5)).toBe(true);
    expect(await store.keys.createUnlessAtCap(record('cap-full-again'), 5)).toBe(false);
  });

  it('records the last use as given', async () => {
    const a = await account();
    await store.keys.create({ key: 'k-touch', accountId: a.id, secretHash: 'h', now: 1 });
    await store.keys.touch('k-touch', 1_718_452_800_000);
    expect((await store.keys.find('k-touch'))?.lastUsedAt).toBe(1_718_452_800_000);
    await store.keys.touch('k-nobody', 5); // no such key: nothing happens
    expect(await store.keys.find('k-nobody')).toBeUndefined();
  });

  it('sets map access, tells an empty limit (nothing allowed) from none, and lifts it', async () => {
    const a = await account();
    await store.keys.create({ key: 'k-map', accountId: a.id, secretHash: 'h', now: 1 });
    const regions = [
      { west: -104.05, south: 40, east: -95.3, north: 43.0001 },
      { west: 170, south: -50, east: 180, north: -30 },
    ];
    expect(await store.keys.setMapAccess('k-map', { layers: ['base', 'radar'], regions })).toBe(true);
    expect(await store.keys.find('k-map')).toMatchObject({ mapLayers: ['base', 'radar'], mapRegions: regions });
    expect(await store.keys.setMapAccess('k-map', { layers: [], regions: [] })).toBe(true);
    expect(await store.keys.find('k-map')).toMatchObject({ mapLayers: [], mapRegions: [] });
    expect(await store.keys.setMapAccess('k-map', { layers: null, regions: null })).toBe(true);
    expect(await store.keys.find('k-map')).toMatchObject({ mapLayers: null, mapRegions: null });
    expect(await store.keys.setMapAccess('k-nobody', { layers: ['base'], regions: null })).toBe(false);
  });

  it('reads stored map limits it cannot understand as allowing nothing, and keeps the readable parts', async () => {
    const a = await account();
    await store.keys.create({ key: 'k-bad', accountId: a.id, secretHash: 'h', now: 1 });
    const stored = async (mapLayers: string, mapRegions: string) => {
      await store.handle.db.updateTable('api_keys').set({ map_layers: mapLayers, map_regions: mapRegions }).where('key', '=', 'k-bad').execute();
      const key = (await store.keys.find('k-bad'))!;
      return { layers: key.mapLayers, regions: key.mapRegions };
    };
    expect(await stored('not json', '{')).toEqual({ layers: [], regions: [] });
    expect(await stored('{"base":true}', '"world"')).toEqual({ layers: [], regions: [] });
    expect(await stored('["base",7,null,"radar"]', '[[1,2,3,4],[1,2,3],["1",2,3,4],[0,0,1e999,1],5,[-10,-5,10,5]]')).toEqual({
      layers: ['base', 'radar'],
      regions: [
        { west: 1, south: 2, east: 3, north: 4 },
        { west: -10, south: -5, east: 10, north: 5 },
      ],
    });
  });

  it('sets a rate limit and returns to the defaults with nulls', async () => {
    const a = await account();
    await store.keys.create({ key: 'k-rate', accountId: a.id, secretHash: 'h', now: 1 });
    expect(await store.keys.setRateLimit('k-rate', { perMinute: 600, burst: 0 })).toBe(true);
    expect(await store.keys.find('k-rate')).toMatchObject({ ratePerMinute: 600, rateBurst: 0 });
    expect(await store.keys.setRateLimit('k-rate', { perMinute: 60, burst: null })).toBe(true);
    expect(await store.keys.find('k-rate')).toMatchObject({ ratePerMinute: 60, rateBurst: null });
    expect(await store.keys.setRateLimit('k-rate', { perMinute: null, burst: null })).toBe(true);
    expect(await store.keys.find('k-rate')).toMatchObject({ ratePerMinute: null, rateBurst: null });
    expect(await store.keys.setRateLimit('k-nobody', { perMinute: 1, burst: 1 })).toBe(false);
  });

  it('deletes the keys of a deleted account', async () => {
    const a = await account();
    await store.keys.create({ key: 'k-cascade', accountId: a.id, secretHash: 'h', now: 1 });
    const before = await store.keys.count();
    await store.handle.db.deleteFrom('accounts').where('id', '=', a.id).execute();
    expect(await store.keys.find('k-cascade')).toBeUndefined();
    expect(await store.keys.count()).toBe(before - 1);
  });
});
