/**
 * Field lists cut from the fields held in memory give the very pages the database gives (same
 * order of text, numbers, NULLs and ties, on both dialects), and a list never answers from fields
 * that another writer has changed since.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCodePoints, createHeldFieldLists } from '../../src/store/held-field-lists.js';
import { fieldPageQuery, type FieldRecord, fieldRepository, type FieldSortColumn } from '../../src/store/field-repository.js';
import type { SortTerm } from '../../src/store/ordering.js';
import { openStore, type Store } from '../../src/store/store.js';
import { hashKeys, hashToUniform } from '../../src/weather/synthetic/hash-random.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

/** A deterministic stream of uniforms in (0, 1). */
const uniforms = (seed: number) => {
  let i = 0;
  return () => hashToUniform(hashKeys(seed, i++, 0));
};

/** Text from pieces chosen to sort differently by UTF-16 unit than by code point, with repeats. */
const PIECES = ['a', 'B', 'b', 'é', '～', '\uffff', '😀', '𝔸', '', ' ', 'Z', '\u00a0', '\ue000', 'ab'];
const text = (next: () => number, pieces: number) => Array.from({ length: pieces }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');

function randomFields(count: number, seed: number): FieldRecord[] {
  const next = uniforms(seed);
  const ids = new Set<string>();
  while (ids.size < count) ids.add(text(next, 1 + Math.floor(next() * 4)) + (next() < 0.3 ? String(ids.size) : ''));
  return [...ids].map((id) => ({
    id,
    name: next() < 0.2 ? null : text(next, Math.floor(next() * 3)),
    farmId: text(next, 1 + Math.floor(next() * 2)),
    acres: next() < 0.25 ? null : Math.round((next() - 0.3) * 20) / 4,
    latitude: Math.round((next() - 0.5) * 8) / 2,
    longitude: next() < 0.1 ? 0 : Math.round((next() - 0.5) * 6),
  }));
}

const COLUMNS: FieldSortColumn[] = ['name', 'farmId', 'acres', 'latitude', 'longitude', 'id'];

function randomSorts(count: number, seed: number, maxTerms: number): SortTerm<FieldSortColumn>[][] {
  const next = uniforms(seed);
  return Array.from({ length: count }, () => {
    const shuffled = [...COLUMNS].sort(() => next() - 0.5);
    return shuffled.slice(0, Math.floor(next() * (maxTerms + 1))).map((column) => ({ column, descending: next() < 0.5 }));
  });
}

describe('code point order', () => {
  it('is the order of the UTF-8 bytes, surrogate pairs included', () => {
    const next = uniforms(7);
    const strings = Array.from({ length: 400 }, () => text(next, Math.floor(next() * 4)));
    for (let i = 0; i + 1 < strings.length; i++) {
      const [a, b] = [strings[i]!, strings[i + 1]!];
      expect(Math.sign(compareCodePoints(a, b)), `${a} ${b}`).toBe(Buffer.compare(Buffer.from(a), Buffer.from(b)));
    }
    // JavaScript's own order differs here: U+FF5E is one unit, 😀 starts with U+D83D.
    expect('～' < '😀').toBe(false);
    expect(compareCodePoints('～', '😀')).toBeLessThan(0);
  });
});

describe('held field lists', () => {
  /** The page a plain sort of the records gives (the order `store/ordering.ts` defines). */
  const expectedPage = (records: FieldRecord[], sort: SortTerm<FieldSortColumn>[], limit: number, offset: number) => {
    const terms = sort.some((t) => t.column === 'id') ? sort : [...sort, { column: 'id' as const, descending: false }];
    const compare = (x: FieldRecord, y: FieldRecord) => {
      for (const { column, descending } of terms) {
        const u = x[column];
        const v = y[column];
        if (u === v) continue;
        if (u === null) return 1;
        if (v === null) return -1;
        const order = typeof u === 'string' ? Math.sign(compareCodePoints(u, v as string)) : u < (v as number) ? -1 : 1;
        return descending ? -order : order;
      }
      return 0;
    };
    return [...records].sort(compare).slice(offset, offset + limit);
  };

  it('pages as a plain sort does, by one number per field and, for many terms over many fields, by comparison', () => {
    // 300 fields: every order is sorted by its packed keys; 800 fields with five or more terms
    // need more than 53 bits and are compared term by term.
    for (const [count, maxTerms] of [
      [300, 3],
      [800, 6],
    ] as const) {
      const records = randomFields(count, count);
      const list = createHeldFieldLists<FieldRecord, FieldSortColumn>().hold(1, 0, records);
      for (const [k, sort] of randomSorts(150, count + 1, maxTerms).entries()) {
        const offset = (k * 37) % count;
        const page = list.page(sort, 25, offset)!;
        expect(page.total).toBe(count);
        expect(page.items, JSON.stringify(sort)).toEqual(expectedPage(records, sort, 25, offset));
      }
      expect(list.page([], 10, count - 3)!.items).toEqual(expectedPage(records, [], 10, count - 3));
      expect(list.page([], 10, count)!.items).toEqual([]);
    }
  });

  it('holds no account with more fields than the limit, and drops the least recently listed accounts first', () => {
    // An account not held counts as one field.
    const lists = createHeldFieldLists<FieldRecord, FieldSortColumn>({ maxFieldsPerAccount: 3, maxFields: 6 });
    expect(lists.readLimit).toBe(4);
    expect(lists.hold(1, 0, randomFields(4, 1)).page([], 10, 0)).toBeUndefined();
    lists.hold(2, 0, randomFields(3, 2));
    lists.hold(3, 0, randomFields(2, 3));
    expect(lists.get(2)).toBeDefined();
    lists.hold(4, 0, randomFields(3, 4)); // 9 fields: accounts 1 and 3 were listed least recently
    expect(lists.get(1)).toBeUndefined();
    expect(lists.get(3)).toBeUndefined();
    expect(lists.get(2)?.page([], 10, 0)?.total).toBe(3);
  });

  it('never lets a change to what it was given reach what it holds', () => {
    const records = randomFields(5, 9);
    const list = createHeldFieldLists<FieldRecord, FieldSortColumn>().hold(1, 0, records);
    const before = list.page([], 10, 0)!.items.map((f) => ({ ...f }));
    records[0]!.name = 'changed';
    expect(list.page([], 10, 0)!.items).toEqual(before);
    expect(() => {
      (list.page([], 10, 0)!.items[0] as { name: string | null }).name = 'changed';
    }).toThrow(TypeError);
  });
});

describe.each(databaseKinds())('field lists on %s', (kind) => {
  let store: Store;
  let next = 0;
  const account = async () => (await store.accounts.create(`held-${++next}`, false, 1)).id;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('are the pages the database sorts, for text that UTF-16 order would put otherwise, NULLs, ties and signs', async () => {
    const a = await account();
    const records = randomFields(120, 42);
    for (const record of records) await store.fields.insert(a, record, 1);
    for (const [k, sort] of randomSorts(120, 43, 4).entries()) {
      const offset = (k * 13) % 110;
      const rows = await fieldPageQuery(store.handle.db, kind, sort, a, 20, offset).execute();
      const fromDatabase = rows.map((row) => row.id);
      const listed = await store.fields.list(a, { sort, limit: 20, offset });
      expect(listed.items.map((f) => f.id), JSON.stringify(sort)).toEqual(fromDatabase);
      expect(listed.total).toBe(120);
    }
  });

  it('of an account over the held limit come from the database, the same pages', async () => {
    const a = await account();
    const records = randomFields(30, 5);
    for (const record of records) await store.fields.insert(a, record, 1);
    const small = fieldRepository(store.handle.db, kind, { maxFieldsPerAccount: 10, maxFields: 100 });
    for (const sort of randomSorts(30, 6, 3)) {
      expect((await small.list(a, { sort, limit: 7, offset: 4 })).items, JSON.stringify(sort)).toEqual((await store.fields.list(a, { sort, limit: 7, offset: 4 })).items);
    }
    expect((await small.list(a, { sort: [], limit: 5, offset: 0 })).total).toBe(30);
    // Down to the limit, the account is held again: still the same answers.
    for (const record of records.slice(10)) await small.delete(a, record.id);
    expect(await small.list(a, { sort: [{ column: 'name', descending: true }], limit: 20, offset: 0 })).toEqual(
      await store.fields.list(a, { sort: [{ column: 'name', descending: true }], limit: 20, offset: 0 }),
    );
  });

  it('change their revision with every insert, change and delete of the account’s fields, and only then', async () => {
    const a = await account();
    const b = await account();
    const revision = async (id: number) => (await store.handle.db.selectFrom('accounts').select('fields_revision').where('id', '=', id).executeTakeFirstOrThrow()).fields_revision;
    const seen = [await revision(a)];
    const changed = async () => {
      const now = await revision(a);
      expect(seen).not.toContain(now);
      seen.push(now);
    };
    const bBefore = await revision(b);
    await store.fields.insert(a, { id: 'r', name: 'n', farmId: 'f', acres: null, latitude: 1, longitude: 2 }, 1);
    await changed();
    await store.fields.update(a, 'r', (f) => ({ ...f, name: 'm' }));
    await changed();
    await expect(store.fields.update(a, 'r', () => {
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await revision(a)).toBe(seen.at(-1));
    await store.fields.delete(a, 'r');
    await changed();
    expect(await revision(b)).toBe(bBefore);
    if (kind === 'postgres') {
      // A session whose search path does not name the store's schema, writing with a qualified name.
      const { default: pg } = await import('pg');
      const { POSTGRES_URL } = await import('../support/databases.js');
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`insert into ${store.handle.schema}.fields (account_id, id, farm_id, latitude, longitude, created_at) values ($1, 'q', 'f', 0, 0, 1)`, [a]);
      } finally {
        await client.end();
      }
      await changed();
    }
  });

  it('are never answered from held fields that another writer has changed', async () => {
    // A second store on the same database: another instance (or the job worker process).
    let other: Store;
    let closeOther: () => Promise<void>;
    if (kind === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-held-'));
      const url = `sqlite:${path.join(dir, 'shared.sqlite')}`;
      const first = await openStore(url);
      other = await openStore(url);
      const mine = first;
      closeOther = async () => {
        await other.close();
        await mine.close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
      await check(mine, other);
    } else {
      const schema = store.handle.schema!;
      const { POSTGRES_URL } = await import('../support/databases.js');
      other = await openStore(POSTGRES_URL, { schema, poolSize: 2 });
      closeOther = () => other.close();
      await check(store, other);
    }
    await closeOther();

    async function check(mine: Store, theirs: Store) {
      const a = (await mine.accounts.create(`shared-${kind}-${++next}`, false, 1)).id;
      const byName = { sort: [{ column: 'name' as const, descending: false }], limit: 10, offset: 0 };
      const names = async () => (await mine.fields.list(a, byName)).items.map((f) => f.name);
      await mine.fields.insert(a, { id: 'x', name: 'beta', farmId: 'f', acres: null, latitude: 0, longitude: 0 }, 1);
      expect(await names()).toEqual(['beta']);
      await theirs.fields.insert(a, { id: 'y', name: 'alpha', farmId: 'f', acres: null, latitude: 0, longitude: 0 }, 1);
      expect(await names()).toEqual(['alpha', 'beta']);
      await theirs.fields.update(a, 'x', (f) => ({ ...f, name: 'aardvark' }));
      expect(await names()).toEqual(['aardvark', 'alpha']);
      await theirs.handle.db.updateTable('fields').set({ name: 'zulu' }).where('account_id', '=', a).where('id', '=', 'y').execute();
      expect(await names()).toEqual(['aardvark', 'zulu']);
      await theirs.fields.delete(a, 'x');
      expect(await names()).toEqual(['zulu']);
      await theirs.handle.db.deleteFrom('fields').where('account_id', '=', a).execute();
      expect(await mine.fields.list(a, byName)).toEqual({ items: [], total: 0 });
    }
  });
});
