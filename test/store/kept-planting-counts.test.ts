/**
 * On SQLite a planting list's total is kept in memory (store/planting-repository.ts) while nothing
 * has written to the database since: a planting created or deleted through this store, through
 * another connection to the same file (another process) or with plain SQL shows in the next total,
 * for every filter of the list.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlantingListOptions, PlantingValues } from '../../src/store/planting-repository.js';
import type { Store } from '../../src/store/store.js';
import { openSharedSqliteFile, type SharedSqliteFile } from '../support/databases.js';

const planting = (crop: string): PlantingValues => ({ crop, plantingDate: '2024-05-01', projectedYield: null, projectedHarvestDate: null, actualYield: null, harvestDate: null });
const all: PlantingListOptions = { sort: [{ column: 'id', descending: false }], limit: 2, offset: 0 };

describe('planting list totals kept in memory on SQLite', () => {
  let shared: SharedSqliteFile;
  let file: string;
  let store: Store;
  let other: Store;
  let accountId: number;
  const total = async (options: Partial<PlantingListOptions> = {}) => (await store.plantings.list(accountId, { ...all, ...options })).total;

  beforeAll(async () => {
    shared = await openSharedSqliteFile('agwx-kept-counts-');
    ({ file, store, other } = shared);
    accountId = (await store.accounts.create('kept-counts', false, 1)).id;
    for (const id of ['a', 'b']) await store.fields.insert(accountId, { id, name: id, farmId: 'farm', acres: 10, latitude: 41.9, longitude: -93.4 }, 1);
    for (const crop of ['corn', 'corn', 'soybeans']) await store.plantings.insert(accountId, 'a', planting(crop), 1);
  });

  afterAll(async () => {
    await shared?.close();
  });

  it('gives the same total and page while nothing changes, and counts a planting created through the same store', async () => {
    expect(await total()).toBe(3);
    const page = await store.plantings.list(accountId, { ...all, offset: 1 });
    expect(page).toEqual(await store.plantings.list(accountId, { ...all, offset: 1 }));
    expect(page.items).toHaveLength(2);
    expect(await total({ crop: 'corn' })).toBe(2);
    const created = await store.plantings.insert(accountId, 'b', planting('corn'), 2);
    expect(await total()).toBe(4);
    expect(await total({ crop: 'corn' })).toBe(3);
    expect(await total({ fieldId: 'b' })).toBe(1);
    expect(await store.plantings.delete(accountId, created!.id)).toBe(true);
    expect(await total()).toBe(3);
    expect(await total({ fieldId: 'b' })).toBe(0);
  });

  it('counts plantings created and deleted by another connection to the file', async () => {
    expect(await total()).toBe(3);
    expect(await total({ currentOnly: true })).toBe(1);
    const created = await other.plantings.insert(accountId, 'b', planting('wheat-hardred'), 3);
    expect(await total()).toBe(4);
    expect(await total({ currentOnly: true })).toBe(2);
    await other.plantings.delete(accountId, created!.id);
    expect(await total()).toBe(3);
    expect(await total({ currentOnly: true })).toBe(1);
  });

  it('keeps the total of each filter apart, whatever characters a field id holds', async () => {
    await store.fields.insert(accountId, { id: 'x|corn', name: 'x', farmId: 'farm', acres: 10, latitude: 41.9, longitude: -93.4 }, 5);
    await store.plantings.insert(accountId, 'x|corn', planting('corn'), 5);
    expect(await total({ fieldId: 'x|corn' })).toBe(1);
    expect(await total({ fieldId: 'x', crop: 'corn|' })).toBe(0);
    expect(await total({ fieldId: 'x|corn', crop: 'corn' })).toBe(1);
    expect(await total({ fieldId: 'x|corn', currentOnly: true })).toBe(1);
  });

  it('counts a row written with plain SQL by another process', async () => {
    expect(await total({ crop: 'barley' })).toBe(0);
    const sqlite = new BetterSqlite3(file);
    try {
      sqlite.prepare('insert into plantings (account_id, field_id, crop, planting_date, created_at) values (?, ?, ?, ?, ?)').run(accountId, 'a', 'barley', '2024-04-01', 4);
    } finally {
      sqlite.close();
    }
    expect(await total({ crop: 'barley' })).toBe(1);
    expect(await total()).toBe(5);
  });
});
