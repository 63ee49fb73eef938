/**
 * The databases the storage tests run against: always embedded SQLite; PostgreSQL too when
 * CI=true or AGWX_TEST_DATABASE_URL is set (and then an unreachable server fails the run).
 * Each PostgreSQL store gets its own schema, dropped on close.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/store.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export const POSTGRES_URL = process.env.AGWX_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseKinds(): DatabaseKind[] {
  const usePostgres = process.env.CI === 'true' || process.env.AGWX_TEST_DATABASE_URL !== undefined;
  return usePostgres ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A fresh, migrated store. */
export async function openTestStore(kind: DatabaseKind): Promise<Store> {
  if (kind === 'sqlite') return openStore('sqlite::memory:');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const store = await openStore(POSTGRES_URL, { schema, poolSize: 5 });
  const close = store.close;
  return {
    ...store,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema ${schema} cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Two stores on one new SQLite file, as two processes sharing it would have them. */
export interface SharedSqliteFile {
  file: string;
  store: Store;
  other: Store;
  /** Closes both stores and removes the file. */
  close(): Promise<void>;
}

export async function openSharedSqliteFile(prefix: string): Promise<SharedSqliteFile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'agwx.sqlite');
  const store = await openStore(`sqlite:${file}`);
  const other = await openStore(`sqlite:${file}`);
  return {
    file,
    store,
    other,
    async close() {
      await store.close();
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
