/**
 * Classifying database errors (src/store/errors.ts) on errors the drivers really throw: a unique
 * violation is a duplicate and nothing else is; a database that cannot serve now (refused,
 * silent, dropped, terminated, locked) is unavailable (503 and retry) and a query the database
 * refuses is not. The list of SQLSTATEs is checked in test/http/dependency-unavailable.test.ts.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitOpenError } from '../../src/core/circuit-breaker.js';
import { migrationsApplied, openDatabase } from '../../src/store/database.js';
import { DuplicateKeyError, isDatabaseUnavailable, isDatabaseUnresponsive, isUniqueViolation } from '../../src/store/errors.js';
import { openStore, type Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore, POSTGRES_URL } from '../support/databases.js';
import { freePort } from '../support/free-port.js';

/** Runs `action` and returns what it threw. */
async function caught(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** A TCP server on 127.0.0.1 that does `onConnection` with each connection. */
async function tcpServer(onConnection: (socket: net.Socket) => void): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(databaseKinds())('errors the database refuses a query with, on %s', (kind) => {
  let store: Store;
  let accountId: number;
  beforeAll(async () => {
    store = await openTestStore(kind);
    accountId = (await store.accounts.create('errors', false, 1)).id;
    await store.fields.insert(accountId, { id: 'f', name: null, farmId: 'x', acres: null, latitude: 0, longitude: 0 }, 1);
  });
  afterAll(async () => store.close());

  const db = () => store.handle.db;

  it('recognises a duplicate primary key and a duplicate unique column as unique violations, and as nothing else', async () => {
    const primaryKey = await caught(() => db().insertInto('settings').values([{ name: 'dup', value: 'a' }, { name: 'dup', value: 'b' }]).execute());
    const uniqueColumn = await caught(() => db().insertInto('accounts').values({ name: 'errors', enterprise: 0, created_at: 2 }).execute());
    const compositeKey = await caught(() =>
      db().insertInto('fields').values({ account_id: accountId, id: 'f', name: null, farm_id: 'x', acres: null, latitude: 0, longitude: 0, created_at: 1 }).execute(),
    );
    for (const error of [primaryKey, uniqueColumn, compositeKey]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('tells other refused queries from duplicates and from an unavailable database', async () => {
    const refused = {
      foreignKey: await caught(() => db().insertInto('api_keys').values({ key: 'k', account_id: 999_999, secret_hash: 'h', enabled: 1, created_at: 1, last_used_at: null }).execute()),
      notNull: await caught(() => sql`insert into settings (name, value) values ('n', null)`.execute(db())),
      syntax: await caught(() => sql`selec 1`.execute(db())),
      missingTable: await caught(() => sql`select * from no_such_table`.execute(db())),
    };
    for (const [name, error] of Object.entries(refused)) {
      expect(error, name).toBeInstanceOf(Error);
      expect(isUniqueViolation(error), name).toBe(false);
      expect(isDatabaseUnavailable(error), name).toBe(false);
    }
  });

  it('turns a unique violation into a DuplicateKeyError naming the key, and leaves the stored row as it was', async () => {
    const error = await caught(() => store.fields.insert(accountId, { id: 'f', name: 'again', farmId: 'y', acres: 1, latitude: 1, longitude: 1 }, 2));
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('DuplicateKeyError');
    expect((error as Error).message).toBe("A field with id 'f' exists already.");
    expect(await store.fields.get(accountId, 'f')).toMatchObject({ name: null, farmId: 'x' });
  });
});

describe('an unavailable PostgreSQL server', () => {
  it('is unavailable when nothing listens: opening the store, a query, the readiness check', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/test`;
    const opening = await caught(() => openStore(url));
    expect(opening).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(opening)).toBe(true);
    const handle = openDatabase(url);
    try {
      const query = await caught(() => sql`select 1`.execute(handle.db));
      expect(isDatabaseUnavailable(query)).toBe(true);
      const readiness = await caught(() => migrationsApplied(handle));
      expect(isDatabaseUnavailable(readiness)).toBe(true);
      expect(isUniqueViolation(readiness)).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('is unavailable when the server accepts connections but never answers in time', async () => {
    const silent = await tcpServer(() => undefined);
    const handle = openDatabase(silent.url, { connectTimeoutMs: 100 });
    try {
      const started = performance.now();
      const error = await caught(() => sql`select 1`.execute(handle.db));
      expect(performance.now() - started).toBeLessThan(5000);
      expect((error as Error).message).toMatch(/timeout/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close().catch(() => undefined);
      await silent.close();
    }
  });

  it('is unavailable when the server drops the connection, and when the client was closed', async () => {
    const dropping = await tcpServer((socket) => socket.destroy());
    try {
      const client = new pg.Client({ connectionString: dropping.url });
      const dropped = await caught(() => client.connect());
      expect((dropped as Error).message).toBe('Connection terminated unexpectedly');
      expect(isDatabaseUnavailable(dropped)).toBe(true);
    } finally {
      await dropping.close();
    }
    const closed = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/test` });
    await closed.end();
    const afterEnd = await caught(() => closed.query('select 1'));
    expect((afterEnd as Error).message).toBe('Client was closed and is not queryable');
    expect(isDatabaseUnavailable(afterEnd)).toBe(true);
  });

  it('is unavailable when the host name does not resolve', async () => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@agwx-test-host.invalid:5432/test', connectionTimeoutMillis: 5000 });
    const error = await caught(() => client.connect());
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('a PostgreSQL server that ends or outwaits a query', () => {
  let store: Store;
  let admin: pg.Client;
  beforeAll(async () => {
    store = await openTestStore('postgres');
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await store.close();
  });

  it("is unavailable when the server terminates the store's connection, and the store serves again after", async () => {
    const error = await caught(() =>
      store.handle.db.connection().execute(async (connection) => {
        const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)).rows[0]!;
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await sql`select 1`.execute(connection);
      }),
    );
    // The server's notice (57P01) arrives before or after the query is sent: the query fails
    // with the notice or with the client's own "not queryable" error.
    const { code, message } = error as { code?: string; message: string };
    expect(code === '57P01' || message === 'Client has encountered a connection error and is not queryable').toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The pool drops the lost connection; a query racing that may still fail, as unavailable.
    let answered = false;
    for (let attempt = 0; attempt < 3 && !answered; attempt++) {
      try {
        expect(await store.accounts.findByName('nobody')).toBeUndefined();
        answered = true;
      } catch (retryError) {
        expect(isDatabaseUnavailable(retryError)).toBe(true);
      }
    }
    expect(answered).toBe(true);
  });

  it('is unavailable when a query outlasts the read timeout, and when the server cancels it at its statement timeout', async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, query_timeout: 50 });
    await client.connect();
    try {
      const readTimeout = await caught(() => client.query('select pg_sleep(2)'));
      expect((readTimeout as Error).message).toBe('Query read timeout');
      expect(isDatabaseUnavailable(readTimeout)).toBe(true);
      expect(isDatabaseUnresponsive(readTimeout)).toBe(true);
    } finally {
      await client.end().catch(() => undefined);
    }
    // A statement past the statement timeout (57014): the database is too slow for now (503), but
    // it answered, so the circuit breaker does not count it.
    const cancelled = await caught(() =>
      store.handle.db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 20`.execute(trx);
        await sql`select pg_sleep(2)`.execute(trx);
      }),
    );
    expect(cancelled).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(cancelled)).toBe(true);
    expect(isDatabaseUnresponsive(cancelled)).toBe(false);
  });
});

describe('a SQLite file locked by another writer', () => {
  let dir: string;
  let store: Store;
  let holder: BetterSqlite3.Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-locked-'));
    const file = path.join(dir, 'agwx.sqlite');
    store = await openStore(`sqlite:${file}`);
    // Fail at once instead of after the store's usual busy timeout of five seconds.
    await sql`pragma busy_timeout = 0`.execute(store.handle.db);
    holder = new BetterSqlite3(file);
  });
  afterAll(async () => {
    holder.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("makes the store's writes unavailable while the lock is held, and they succeed once it is let go", async () => {
    holder.exec('begin immediate');
    const error = await caught(() => store.settings.getOrCreate('locked', 'x'));
    expect((error as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
    // Reads go on meanwhile (write-ahead log).
    expect(await store.settings.get('locked')).toBeUndefined();
    holder.exec('rollback');
    expect(await store.settings.getOrCreate('locked', 'x')).toBe('x');
  });
});

describe('isDatabaseUnavailable on wrapped and odd values', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const wrapped = (error: unknown, times: number): unknown => (times === 0 ? error : wrapped(new Error(`wrapper ${times}`, { cause: error }), times - 1));

  it('looks through causes up to four levels deep, and stops on a cycle', () => {
    expect(isDatabaseUnavailable(wrapped(refused(), 4))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(refused(), 5))).toBe(false);
    const cyclic = new Error('cycle') as Error & { cause?: unknown };
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });

  it('looks into the errors of an AggregateError (every address of a host refused)', () => {
    const other = Object.assign(new Error('permission denied'), { code: '42501' });
    expect(isDatabaseUnavailable(new AggregateError([other, refused()], 'all attempts failed'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([other], 'all attempts failed'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: new AggregateError([refused()]) }))).toBe(true);
  });

  it('matches messages from their start only, and codes exactly', () => {
    expect(isDatabaseUnavailable(new Error('relation "Connection terminated" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect, twice'))).toBe(false);
    for (const code of ['0800', '080000', '57P04', '53301', 'econnrefused', 'SQLITE_LOCKED']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    for (const code of ['08000', '08P01', 'SQLITE_BUSY_SNAPSHOT', 'EAI_AGAIN', '25P03', '57014']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
  });

  it("counts the database's paused calls as unavailable, and not Redis's", () => {
    expect(isDatabaseUnavailable(new CircuitOpenError('database'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: new CircuitOpenError('database') }))).toBe(true);
    expect(isDatabaseUnavailable(new CircuitOpenError('redis'))).toBe(false);
  });

  it('is false for values that are not errors', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', 57, { code: 8006 }, { message: 42 }]) {
      expect(isDatabaseUnavailable(value), String(value)).toBe(false);
    }
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
  });
});
