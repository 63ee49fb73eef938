/**
 * Opening databases and migrating them: the URLs accepted, every migration applied in order to an
 * empty database of either dialect (a PostgreSQL schema next to other migrated schemas included),
 * and a SQLite file that keeps its data across a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, migrationsApplied, openDatabase } from '../../src/store/database.js';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { createStore, openStore } from '../../src/store/store.js';
import { type DatabaseKind, databaseKinds, openTestStore, POSTGRES_URL } from '../support/databases.js';

/** An empty database of the kind (no tables at all), and how to get rid of it. */
async function emptyDatabase(kind: DatabaseKind): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  if (kind === 'sqlite') {
    const handle = openDatabase('sqlite::memory:');
    return { handle, dispose: () => handle.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = openDatabase(POSTGRES_URL, { schema, poolSize: 2 });
  return {
    handle,
    async dispose() {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

describe('database URLs', () => {
  it('accepts sqlite: and both PostgreSQL schemes, and names any other URL it refuses', async () => {
    for (const [url, dialect] of [
      ['postgres://user@db.example:5432/agwx', 'postgres'],
      ['postgresql://user@db.example/agwx', 'postgres'],
      ['sqlite::memory:', 'sqlite'],
    ] as const) {
      const handle = openDatabase(url); // PostgreSQL connects on the first query, not here
      expect(handle.dialect, url).toBe(dialect);
      await handle.close();
    }
    for (const url of ['mysql://user@db/agwx', 'file:agwx.sqlite', 'agwx.sqlite', '']) {
      expect(() => openDatabase(url), url).toThrow(`Unsupported database URL '${url}'`);
    }
  });
});

describe.each(databaseKinds())('migrations on %s', (kind) => {
  it('applies every migration to an empty database, in order, once', async () => {
    // On PostgreSQL another schema of the same database is migrated already: the migrator must
    // go by the bookkeeping tables of its own schema, not by the first it finds.
    const neighbour = kind === 'postgres' ? await openTestStore(kind) : undefined;
    const { handle, dispose } = await emptyDatabase(kind);
    try {
      expect(await migrationsApplied(handle)).toBe(false);
      const names = Object.keys(await migrationProvider.getMigrations());
      expect(names).toEqual([...names].sort());
      expect(await migrateToLatest(handle)).toEqual(names);
      expect(await migrationsApplied(handle)).toBe(true);
      expect(await migrateToLatest(handle)).toEqual([]);
      // The migrated tables take what the repositories write.
      const store = createStore(handle);
      const account = await store.accounts.create('migrated', false, 1_718_452_800_000);
      await store.fields.insert(account.id, { id: 'f', name: null, farmId: 'x', acres: null, latitude: 1, longitude: 2 }, 1);
      expect(await store.plantings.insert(account.id, 'f', { crop: 'corn', plantingDate: '2024-05-01', projectedYield: null, projectedHarvestDate: null, actualYield: null, harvestDate: null }, 1)).toBeDefined();
      expect(await store.accounts.findById(account.id)).toMatchObject({ createdAt: 1_718_452_800_000 });
    } finally {
      await dispose();
      await neighbour?.close();
    }
  });
});

describe('a SQLite file', () => {
  it('is created with its directories and keeps its data across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-file-'));
    const file = path.join(dir, 'nested', 'deeper', 'agwx.sqlite');
    try {
      const first = await openStore(`sqlite:${file}`);
      const account = await first.accounts.create('kept', true, 5);
      await first.settings.getOrCreate('secret', 's3cret');
      await first.close();
      expect(fs.existsSync(file)).toBe(true);

      const second = await openStore(`sqlite:${file}`);
      try {
        expect(await migrationsApplied(second.handle)).toBe(true);
        expect(await second.accounts.findByName('kept')).toEqual(account);
        expect(await second.settings.getOrCreate('secret', 'other')).toBe('s3cret');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite rows', () => {
  it('are objects with one property per result column, in column order, the last of a repeated name winning', async () => {
    const handle = openDatabase('sqlite::memory:');
    try {
      const { db } = handle;
      await sql`create table t (id integer primary key, name text, amount real, data blob)`.execute(db);
      const inserted = await sql<{ id: number; name: string }>`insert into t (name, amount, data) values ('a', 1.5, x'0102'), (null, null, null) returning id, name`.execute(db);
      expect(inserted.rows).toEqual([
        { id: 1, name: 'a' },
        { id: 2, name: null },
      ]);
      const rows = await sql<Record<string, unknown>>`select name, amount as "x", data, id as "x", id, 'a"b' as "q""uote" from t order by id`.execute(db);
      expect(rows.rows.map((row) => Object.keys(row))).toEqual([
        ['name', 'x', 'data', 'id', 'q"uote'],
        ['name', 'x', 'data', 'id', 'q"uote'],
      ]);
      expect(rows.rows[0]).toEqual({ name: 'a', x: 1, data: Buffer.from([1, 2]), id: 1, 'q"uote': 'a"b' });
      expect(rows.rows[1]).toEqual({ name: null, x: 2, data: null, id: 2, 'q"uote': 'a"b' });
      const streamed = [];
      for await (const row of db.selectFrom('t' as never).select(['id' as never]).orderBy('id' as never).stream()) streamed.push(row);
      expect(streamed).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await handle.close();
    }
  });
});
