/**
 * On SQLite a field read by id is kept in memory (store/field-repository.ts) while nothing has
 * written to the database since: every change, made through this store, through another
 * connection to the same file (another process) or with plain SQL, is seen by the next read.
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldRecord } from '../../src/store/field-repository.js';
import type { Store } from '../../src/store/store.js';
import { openSharedSqliteFile, type SharedSqliteFile } from '../support/databases.js';

const field = (id: string, name: string): FieldRecord => ({ id, name, farmId: 'farm', acres: 10, latitude: 41.9, longitude: -93.4 });

describe('fields kept in memory on SQLite', () => {
  let shared: SharedSqliteFile;
  let file: string;
  let store: Store;
  let other: Store;
  let accountId: number;
  let next = 0;
  /** A field of its own for each test, read twice so that it is kept (fields are kept from their second read on). */
  const keptField = async () => {
    const id = `f${++next}`;
    await store.fields.insert(accountId, field(id, 'before'), 1);
    expect(await store.fields.get(accountId, id)).toEqual(field(id, 'before'));
    expect(await store.fields.get(accountId, id)).toEqual(field(id, 'before'));
    return id;
  };

  beforeAll(async () => {
    shared = await openSharedSqliteFile('agwx-kept-fields-');
    ({ file, store, other } = shared);
    accountId = (await store.accounts.create('kept-fields', false, 1)).id;
  });

  afterAll(async () => {
    await shared?.close();
  });

  it('reads a change made through the same store', async () => {
    const id = await keptField();
    await store.fields.update(accountId, id, (f) => ({ ...f, name: 'after' }));
    expect(await store.fields.get(accountId, id)).toMatchObject({ name: 'after' });
    expect(await store.fields.delete(accountId, id)).toBe(true);
    expect(await store.fields.get(accountId, id)).toBeUndefined();
  });

  it('reads a change committed by another connection to the file', async () => {
    const id = await keptField();
    await other.fields.update(accountId, id, (f) => ({ ...f, name: 'after' }));
    expect(await store.fields.get(accountId, id)).toMatchObject({ name: 'after' });
    await other.fields.delete(accountId, id);
    expect(await store.fields.get(accountId, id)).toBeUndefined();
  });

  it('reads a change made with plain SQL by another program', async () => {
    const id = await keptField();
    const sqlite = new BetterSqlite3(file);
    try {
      sqlite.prepare('update fields set name = ? where account_id = ? and id = ?').run('after', accountId, id);
    } finally {
      sqlite.close();
    }
    expect(await store.fields.get(accountId, id)).toMatchObject({ name: 'after' });
  });

  it('forgets a field whose account is deleted, fields and all', async () => {
    const id = await keptField();
    const sqlite = new BetterSqlite3(file);
    try {
      sqlite.pragma('foreign_keys = ON');
      sqlite.prepare('delete from accounts where id = ?').run(accountId);
    } finally {
      sqlite.close();
    }
    expect(await store.fields.get(accountId, id)).toBeUndefined();
    accountId = (await store.accounts.create(`kept-fields-${next}`, false, 1)).id;
  });

  it('gives a field that the caller cannot change for the next reader', async () => {
    const id = await keptField();
    const record = (await store.fields.get(accountId, id))!;
    expect(() => {
      (record as { name: string | null }).name = 'changed by a caller';
    }).toThrow(TypeError);
    expect(await store.fields.get(accountId, id)).toMatchObject({ name: 'before' });
  });
});
