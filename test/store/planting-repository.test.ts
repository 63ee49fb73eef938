/**
 * The planting repository on every database kind: plantings belong to an account's field, the
 * current planting of a field is the one created last, lists filter, sort and count, and
 * `update` is one atomic read-modify-write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlantingListOptions, PlantingRecord, PlantingValues } from '../../src/store/planting-repository.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

const values = (crop: string, plantingDate: string, more: Partial<PlantingValues> = {}): PlantingValues => ({
  crop,
  plantingDate,
  projectedYield: null,
  projectedHarvestDate: null,
  actualYield: null,
  harvestDate: null,
  ...more,
});

describe.each(databaseKinds())('planting repository on %s', (kind) => {
  let store: Store;
  let next = 0;
  /** A fresh account with the named fields. */
  const accountWith = async (...fieldIds: string[]) => {
    const id = (await store.accounts.create(`plantings-${++next}`, false, 1)).id;
    for (const fieldId of fieldIds) await store.fields.insert(id, { id: fieldId, name: null, farmId: 'farm', acres: null, latitude: 0, longitude: 0 }, 1);
    return id;
  };
  const plant = async (accountId: number, fieldId: string, v: PlantingValues) => {
    const created = await store.plantings.insert(accountId, fieldId, v, 1);
    if (!created) throw new Error(`no field ${fieldId}`);
    return created;
  };
  const listIds = async (accountId: number, options: Partial<PlantingListOptions>) =>
    (await store.plantings.list(accountId, { sort: [], limit: 100, offset: 0, ...options })).items.map((p) => p.id);

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('issues increasing ids and round-trips every value, yields as amount and units together', async () => {
    const a = await accountWith('f');
    const full = values('corn', '2024-04-30', {
      projectedYield: { amount: 180.25, units: 'bushels' },
      projectedHarvestDate: '2024-10-01',
      actualYield: { amount: 0, units: 't/ha' },
      harvestDate: '2024-10-15',
    });
    const first = await plant(a, 'f', full);
    const second = await plant(a, 'f', values('soybean', '2024-05-10'));
    expect(first).toEqual({ id: first.id, fieldId: 'f', ...full });
    expect(second.id).toBeGreaterThan(first.id);
    expect(await store.plantings.get(a, first.id)).toEqual(first);
    expect(await store.plantings.get(a, second.id)).toEqual({ id: second.id, fieldId: 'f', ...values('soybean', '2024-05-10') });
  });

  it("plants only on the account's own fields, and shows a planting only to its account", async () => {
    const a = await accountWith('mine');
    const b = await accountWith('theirs');
    expect(await store.plantings.insert(a, 'theirs', values('corn', '2024-05-01'), 1)).toBeUndefined();
    expect(await store.plantings.insert(a, 'nowhere', values('corn', '2024-05-01'), 1)).toBeUndefined();
    const own = await plant(a, 'mine', values('corn', '2024-05-01'));
    const theirs = await plant(b, 'theirs', values('wheat', '2024-05-01'));

    expect(await store.plantings.get(b, own.id)).toBeUndefined();
    expect(await store.plantings.current(b, 'mine')).toBeUndefined();
    expect(await listIds(b, {})).toEqual([theirs.id]);
    expect(await listIds(a, {})).toEqual([own.id]);
    expect(await store.plantings.update(b, own.id, () => values('wheat', '2020-01-01'))).toBeUndefined();
    expect(await store.plantings.delete(b, own.id)).toBe(false);
    expect(await store.plantings.get(a, own.id)).toEqual(own);
  });

  it('takes the most recently created planting as current, whatever its dates, and the one before once it is deleted', async () => {
    const a = await accountWith('f', 'g', 'empty');
    const older = await plant(a, 'f', values('corn', '2024-05-01'));
    const newer = await plant(a, 'f', values('corn', '2019-05-01'));
    const onG = await plant(a, 'g', values('wheat', '2025-01-01'));

    expect(await store.plantings.current(a, 'f')).toEqual(newer);
    expect(await store.plantings.current(a, 'g')).toEqual(onG);
    expect(await store.plantings.current(a, 'empty')).toBeUndefined();
    expect(await store.plantings.current(a, 'missing')).toBeUndefined();
    expect(await listIds(a, { currentOnly: true })).toEqual([newer.id, onG.id]);
    expect(await store.plantings.list(a, { currentOnly: true, fieldId: 'f', sort: [], limit: 10, offset: 0 })).toEqual({ items: [newer], total: 1 });

    // Editing the older planting does not make it current.
    await store.plantings.update(a, older.id, (current) => ({ ...current, plantingDate: '2030-01-01' }));
    expect((await store.plantings.current(a, 'f'))?.id).toBe(newer.id);

    expect(await store.plantings.delete(a, newer.id)).toBe(true);
    expect((await store.plantings.current(a, 'f'))?.id).toBe(older.id);
    expect(await listIds(a, { currentOnly: true })).toEqual([older.id, onG.id]);
  });

  it('filters by field and crop, sorts byte-wise with nulls last, pages, and counts what the filters keep', async () => {
    const a = await accountWith('f1', 'f2', 'F3');
    const p1 = await plant(a, 'f1', values('corn', '2024-05-01', { harvestDate: '2024-10-01' }));
    const p2 = await plant(a, 'f2', values('Corn', '2023-04-01'));
    const p3 = await plant(a, 'f1', values('corn', '2024-05-01', { harvestDate: '2024-09-01' }));
    const p4 = await plant(a, 'F3', values('wheat', '2022-10-01', { harvestDate: '2023-07-01' }));
    const p5 = await plant(a, 'f2', values('corn', '2025-03-01'));

    expect(await listIds(a, {})).toEqual([p1.id, p2.id, p3.id, p4.id, p5.id]);
    expect(await listIds(a, { sort: [{ column: 'id', descending: true }] })).toEqual([p5.id, p4.id, p3.id, p2.id, p1.id]);
    // Byte-wise: 'Corn' before 'corn' before 'wheat'; ties by id.
    expect(await listIds(a, { sort: [{ column: 'crop', descending: false }] })).toEqual([p2.id, p1.id, p3.id, p5.id, p4.id]);
    expect(await listIds(a, { sort: [{ column: 'fieldId', descending: false }] })).toEqual([p4.id, p1.id, p3.id, p2.id, p5.id]);
    expect(await listIds(a, { sort: [{ column: 'plantingDate', descending: true }] })).toEqual([p5.id, p1.id, p3.id, p2.id, p4.id]);
    // Plantings without a harvest come last in either direction.
    expect(await listIds(a, { sort: [{ column: 'harvestDate', descending: false }] })).toEqual([p4.id, p3.id, p1.id, p2.id, p5.id]);
    expect(await listIds(a, { sort: [{ column: 'harvestDate', descending: true }] })).toEqual([p1.id, p3.id, p4.id, p2.id, p5.id]);

    // Crop ids match exactly (case and all).
    expect(await store.plantings.list(a, { crop: 'corn', sort: [], limit: 2, offset: 1 })).toEqual({ items: [p3, p5], total: 3 });
    expect(await listIds(a, { crop: 'Corn' })).toEqual([p2.id]);
    expect(await store.plantings.list(a, { fieldId: 'f2', sort: [], limit: 1, offset: 0 })).toEqual({ items: [p2], total: 2 });
    expect(await store.plantings.list(a, { fieldId: 'f1', crop: 'wheat', sort: [], limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    // Current plantings of corn: only the fields whose latest planting is corn.
    expect(await store.plantings.list(a, { currentOnly: true, crop: 'corn', sort: [], limit: 10, offset: 0 })).toEqual({ items: [p3, p5], total: 2 });
    expect(await store.plantings.list(a, { sort: [], limit: 10, offset: 5 })).toEqual({ items: [], total: 5 });
  });

  it('replaces the values with what the change returns, keeping id and field', async () => {
    const a = await accountWith('f');
    const stored = await plant(a, 'f', values('corn', '2024-05-01', { projectedYield: { amount: 150, units: 'bushels' } }));
    const seen: PlantingRecord[] = [];
    const replacement = values('sorghum', '2024-06-01', { actualYield: { amount: 3.5, units: 't' }, harvestDate: '2024-11-02' });
    const updated = await store.plantings.update(a, stored.id, (current) => {
      seen.push(current);
      return replacement;
    });
    expect(seen).toEqual([stored]);
    expect(updated).toEqual({ id: stored.id, fieldId: 'f', ...replacement });
    expect(await store.plantings.get(a, stored.id)).toEqual(updated);
    expect(await store.plantings.update(a, 999_999, (current) => current)).toBeUndefined();
  });

  it('saves nothing of a change that throws', async () => {
    const a = await accountWith('f');
    const stored = await plant(a, 'f', values('corn', '2024-05-01'));
    await expect(
      store.plantings.update(a, stored.id, () => {
        throw new Error('harvest before planting');
      }),
    ).rejects.toThrow('harvest before planting');
    expect(await store.plantings.get(a, stored.id)).toEqual(stored);
  });

  it('applies concurrent changes one after the other, losing none', async () => {
    const a = await accountWith('f');
    const stored = await plant(a, 'f', values('corn', '2024-05-01', { actualYield: { amount: 0, units: 'bushels' } }));
    // Each change adds one to the yield it reads: a lost update would leave the total short.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.plantings.update(a, stored.id, (current) => ({ ...current, actualYield: { amount: current.actualYield!.amount + 1, units: 'bushels' } })),
      ),
    );
    expect((await store.plantings.get(a, stored.id))?.actualYield).toEqual({ amount: 20, units: 'bushels' });
  });
});
