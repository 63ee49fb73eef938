/**
 * The field repository on every database kind: fields belong to one account, lists sort and page
 * the same on both dialects, and a change through `update` is one atomic read-modify-write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPageQuery, type FieldRecord, type FieldSortColumn } from '../../src/store/field-repository.js';
import type { SortTerm } from '../../src/store/ordering.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

const field = (id: string, values: Partial<FieldRecord> = {}): FieldRecord => ({
  id,
  name: `name ${id}`,
  farmId: 'farm',
  acres: null,
  latitude: 0,
  longitude: 0,
  ...values,
});

describe.each(databaseKinds())('field repository on %s', (kind) => {
  let store: Store;
  let next = 0;
  /** A fresh account, so that each test sees only its own fields. */
  const account = async () => (await store.accounts.create(`fields-${++next}`, false, 1)).id;

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  const ids = async (accountId: number, sort: SortTerm<FieldSortColumn>[], limit = 100, offset = 0) =>
    (await store.fields.list(accountId, { sort, limit, offset })).items.map((f) => f.id);

  it("keeps each account's fields to itself, even under the same id", async () => {
    const a = await account();
    const b = await account();
    await store.fields.insert(a, field('shared', { name: 'of a', acres: 1 }), 1);
    await store.fields.insert(b, field('shared', { name: 'of b', acres: 2 }), 1);
    await store.fields.insert(a, field('only-a'), 1);

    expect(await store.fields.get(a, 'shared')).toMatchObject({ name: 'of a', acres: 1 });
    expect(await store.fields.get(b, 'shared')).toMatchObject({ name: 'of b', acres: 2 });
    expect(await store.fields.get(b, 'only-a')).toBeUndefined();
    expect(await store.fields.list(b, { sort: [], limit: 10, offset: 0 })).toEqual({ items: [field('shared', { name: 'of b', acres: 2 })], total: 1 });

    // Another account can neither change nor delete the field.
    let called = false;
    expect(
      await store.fields.update(b, 'only-a', (f) => {
        called = true;
        return f;
      }),
    ).toBeUndefined();
    expect(called).toBe(false);
    expect(await store.fields.delete(b, 'only-a')).toBe(false);
    expect(await store.fields.get(a, 'only-a')).toEqual(field('only-a'));

    // Deleting one account's field leaves the other's of the same id.
    expect(await store.fields.delete(a, 'shared')).toBe(true);
    expect(await store.fields.delete(a, 'shared')).toBe(false);
    expect(await store.fields.get(b, 'shared')).toMatchObject({ name: 'of b' });
  });

  it('sorts by any column, numbers numerically and text byte-wise, nulls last both ways, ties by id', async () => {
    const a = await account();
    const rows = [
      field('f1', { name: 'é', farmId: 'B', acres: 10, latitude: -5, longitude: 100 }),
      field('f2', { name: '😀', farmId: 'a', acres: 9.5, latitude: 45, longitude: -100 }),
      field('f3', { name: 'z', farmId: 'B', acres: null, latitude: 0, longitude: 0.5 }),
      field('f4', { name: '～', farmId: 'a', acres: 100, latitude: -45.25, longitude: 0 }),
      field('F5', { name: 'Z', farmId: 'B', acres: null, latitude: 45, longitude: -0.5 }),
    ];
    for (const row of rows) await store.fields.insert(a, row, 1);

    // UTF-8 byte order: 'Z' < 'z' < 'é' (C3 A9) < '～' (EF BD 9E) < '😀' (F0 9F …); JavaScript's
    // UTF-16 order would put the emoji before '～'.
    expect(await ids(a, [{ column: 'name', descending: false }])).toEqual(['F5', 'f3', 'f1', 'f4', 'f2']);
    expect(await ids(a, [{ column: 'name', descending: true }])).toEqual(['f2', 'f4', 'f1', 'f3', 'F5']);
    // Numbers: 9.5 before 10 before 100 (not as text), nulls last, ties (the two nulls) by id ascending.
    expect(await ids(a, [{ column: 'acres', descending: false }])).toEqual(['f2', 'f1', 'f4', 'F5', 'f3']);
    expect(await ids(a, [{ column: 'acres', descending: true }])).toEqual(['f4', 'f1', 'f2', 'F5', 'f3']);
    expect(await ids(a, [{ column: 'latitude', descending: false }])).toEqual(['f4', 'f1', 'f3', 'F5', 'f2']);
    expect(await ids(a, [{ column: 'longitude', descending: true }])).toEqual(['f1', 'f3', 'f4', 'F5', 'f2']);
    // Several terms, each with its own direction ('a' after 'B' byte-wise); the id sorts byte-wise
    // too ('F5' before 'f…').
    expect(
      await ids(a, [
        { column: 'farmId', descending: true },
        { column: 'latitude', descending: true },
      ]),
    ).toEqual(['f2', 'f4', 'F5', 'f3', 'f1']);
    expect(await ids(a, [{ column: 'farmId', descending: false }])).toEqual(['F5', 'f1', 'f3', 'f2', 'f4']);
    // An explicit id term replaces the default tie-breaker.
    expect(await ids(a, [{ column: 'id', descending: true }])).toEqual(['f4', 'f3', 'f2', 'f1', 'F5']);
    expect(
      await ids(a, [
        { column: 'farmId', descending: false },
        { column: 'id', descending: true },
      ]),
    ).toEqual(['f3', 'f1', 'F5', 'f4', 'f2']);
  });

  it('answers every sort order of up to three terms with the page a plain sort gives, orders asked again included', async () => {
    const a = await account();
    // ASCII text, so that byte order is JavaScript's order; repeated values and nulls make ties.
    const rows = Array.from({ length: 24 }, (_, i) =>
      field(`k${String((i * 7) % 24).padStart(2, '0')}`, {
        name: i % 5 === 0 ? null : `N${i % 4}`,
        farmId: `farm${i % 3}`,
        acres: i % 4 === 0 ? null : (i * 13) % 7,
        latitude: (i % 6) - 2.5,
        longitude: -(i % 4),
      }),
    );
    for (const row of rows) await store.fields.insert(a, row, 1);
    const columns: FieldSortColumn[] = ['name', 'farmId', 'acres', 'latitude', 'longitude', 'id'];
    const compare = (x: FieldRecord, y: FieldRecord, term: SortTerm<FieldSortColumn>) => {
      const u = x[term.column];
      const v = y[term.column];
      if (u === v) return 0;
      if (u === null) return 1; // nulls last both ways
      if (v === null) return -1;
      return (u < v ? -1 : 1) * (term.descending ? -1 : 1);
    };
    const expected = (sort: SortTerm<FieldSortColumn>[]) => {
      const terms = sort.some((t) => t.column === 'id') ? sort : [...sort, { column: 'id' as const, descending: false }];
      const sorted = [...rows].sort((x, y) => terms.reduce((order, term) => order || compare(x, y, term), 0));
      return sorted.slice(5, 12).map((f) => f.id);
    };
    const orders: SortTerm<FieldSortColumn>[][] = [];
    for (const first of columns) {
      for (const second of columns.filter((c) => c !== first)) {
        for (const third of columns.filter((c) => c !== first && c !== second)) {
          for (let directions = 0; directions < 8; directions++) {
            orders.push([
              { column: first, descending: (directions & 1) > 0 },
              { column: second, descending: (directions & 2) > 0 },
              { column: third, descending: (directions & 4) > 0 },
            ]);
          }
        }
        orders.push([{ column: first, descending: orders.length % 2 === 0 }, { column: second, descending: orders.length % 3 === 0 }]);
      }
      orders.push([{ column: first, descending: false }], [{ column: first, descending: true }]);
    }
    // More orders than the repository keeps compiled, then the first ones again.
    expect(orders.length).toBeGreaterThan(1000);
    for (const sort of [...orders, ...orders.slice(0, 50)]) {
      expect(await ids(a, sort, 7, 5), JSON.stringify(sort)).toEqual(expected(sort));
    }
  });

  it('pages with limit and offset, and counts every field of the account whatever the page', async () => {
    const a = await account();
    const other = await account();
    for (let i = 0; i < 7; i++) await store.fields.insert(a, field(`p${i}`), 1);
    await store.fields.insert(other, field('p9'), 1);
    const page = (limit: number, offset: number) => store.fields.list(a, { sort: [{ column: 'id', descending: false }], limit, offset });

    expect(await page(3, 0)).toMatchObject({ total: 7, items: [{ id: 'p0' }, { id: 'p1' }, { id: 'p2' }] });
    expect(await page(3, 3)).toMatchObject({ total: 7, items: [{ id: 'p3' }, { id: 'p4' }, { id: 'p5' }] });
    expect(await page(3, 6)).toMatchObject({ total: 7, items: [{ id: 'p6' }] });
    expect(await page(3, 7)).toEqual({ total: 7, items: [] });
    expect(await store.fields.list(await account(), { sort: [], limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
  });

  it('gives the change the stored field and saves its name and farm, returning the new state', async () => {
    const a = await account();
    const stored = field('u', { name: 'before', farmId: 'farm-1', acres: 12.5, latitude: 40.1, longitude: -88.2 });
    await store.fields.insert(a, stored, 1);
    const version = async () =>
      (await store.handle.db.selectFrom('fields').select('version').where('account_id', '=', a).where('id', '=', 'u').executeTakeFirstOrThrow()).version;
    expect(await version()).toBe(1);

    const seen: FieldRecord[] = [];
    const updated = await store.fields.update(a, 'u', (current) => {
      seen.push(current);
      return { ...current, name: null, farmId: 'farm-2' };
    });
    expect(seen).toEqual([stored]);
    expect(updated).toEqual({ ...stored, name: null, farmId: 'farm-2' });
    expect(await store.fields.get(a, 'u')).toEqual({ ...stored, name: null, farmId: 'farm-2' });
    expect(await version()).toBe(2);
  });

  it('saves nothing of a change that throws, and the next change sees the stored state', async () => {
    const a = await account();
    await store.fields.insert(a, field('t', { name: 'kept' }), 1);
    await expect(
      store.fields.update(a, 't', (current) => {
        // A callback that computed part of its result before refusing.
        current.name = 'mutated';
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const seen: (string | null)[] = [];
    await store.fields.update(a, 't', (current) => {
      seen.push(current.name);
      return { ...current, name: 'second' };
    });
    expect(seen).toEqual(['kept']);
    expect((await store.fields.get(a, 't'))?.name).toBe('second');
  });

  it('applies concurrent changes one after the other, losing none', async () => {
    const a = await account();
    await store.fields.insert(a, field('c', { name: '' }), 1);
    const letters = 'abcdefghijklmnopqrst'.split('');
    // Each change appends its letter to what it reads: a lost update would drop a letter.
    await Promise.all(letters.map((letter) => store.fields.update(a, 'c', (current) => ({ ...current, name: `${current.name}${letter}` }))));
    const name = (await store.fields.get(a, 'c'))!.name!;
    expect(name).toHaveLength(letters.length);
    expect([...name].sort()).toEqual(letters);
  });

  it('deletes a field with its plantings, and all fields with their account', async () => {
    const a = await account();
    await store.fields.insert(a, field('gone'), 1);
    await store.fields.insert(a, field('stays'), 1);
    const values = { crop: 'corn', plantingDate: '2024-05-01', projectedYield: null, projectedHarvestDate: null, actualYield: null, harvestDate: null };
    const planting = (await store.plantings.insert(a, 'gone', values, 1))!;
    const staying = (await store.plantings.insert(a, 'stays', values, 1))!;

    expect(await store.fields.delete(a, 'gone')).toBe(true);
    expect(await store.plantings.get(a, planting.id)).toBeUndefined();
    expect(await store.plantings.get(a, staying.id)).toEqual(staying);

    await store.handle.db.deleteFrom('accounts').where('id', '=', a).execute();
    expect(await store.fields.get(a, 'stays')).toBeUndefined();
    expect(await store.plantings.get(a, staying.id)).toBeUndefined();
  });

  it('puts fields without a name last either way, ties by id', async () => {
    const a = await account();
    for (const [id, name] of [['n1', 'b'], ['n2', null], ['n3', 'a'], ['n0', null]] as const) await store.fields.insert(a, field(id, { name }), 1);
    expect(await ids(a, [{ column: 'name', descending: false }])).toEqual(['n3', 'n1', 'n0', 'n2']);
    expect(await ids(a, [{ column: 'name', descending: true }])).toEqual(['n1', 'n3', 'n0', 'n2']);
    expect(await ids(a, [{ column: 'name', descending: false }], 2, 1)).toEqual(['n1', 'n0']);
  });

  it.runIf(kind === 'sqlite')('reads a page sorted by one column, either way, in index order (no sort of every field)', async () => {
    const columns: FieldSortColumn[] = ['name', 'farmId', 'acres', 'latitude', 'longitude', 'id'];
    for (const column of columns) {
      for (const descending of [false, true]) {
        const compiled = fieldPageQuery(store.handle.db, 'sqlite', [{ column, descending }], 1, 50, 100).compile();
        const { rows } = await store.handle.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
        const details = rows.map((row) => row.detail).join(' | ');
        expect(details, `${column} ${descending ? 'desc' : 'asc'}`).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
        expect(details, `${column} ${descending ? 'desc' : 'asc'}`).not.toContain('TEMP B-TREE');
      }
    }
  });
});
