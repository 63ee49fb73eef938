/**
 * Opens the database named by DATABASE_URL: embedded SQLite (better-sqlite3) or PostgreSQL (pg),
 * both through Kysely, and runs the migrations. A serving process's PostgreSQL has deadlines: no
 * statement runs longer than the statement timeout, a server that does not answer at all is given
 * up on a little later, and a circuit breaker stops calling it while it does not answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, Migrator, PostgresDialect, type PostgresPool, type PostgresPoolClient, SqliteDialect, SqliteDriver, type SqliteDialectConfig, type TransactionSettings, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { type Admission, CIRCUIT_BREAKER_DEFAULTS, type CircuitBreaker, CircuitOpenError, createCircuitBreaker } from '../core/circuit-breaker.js';
import { isDatabaseUnresponsive } from './errors.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema in use, when not the default one. */
  schema?: string;
  /** PostgreSQL with deadlines: the breaker in front of the server (to watch it open and close). */
  breaker?: CircuitBreaker;
  /**
   * SQLite: a number that changes whenever the database may have changed since it was last read,
   * by this process (any statement that writes) or by another connection to the file (SQLite's
   * `data_version`). Reads of rows kept in memory are checked against it (field-repository.ts).
   * Absent for PostgreSQL: other instances' writes cannot be seen happening there.
   */
  changeMark?: () => number;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL schema to use (created when missing); tests use one per run. */
  schema?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a connection (a new one or a free one) before it fails. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL, for a serving process: the longest a statement may run (ms), and a circuit
   * breaker in front of the server. Absent: neither (migrations, one-off commands), so that a
   * long migration is not cut short.
   */
  deadlines?: { statementTimeoutMs: number };
}

/** `sqlite:path/to/file.sqlite`, `sqlite::memory:`, or `postgres://…`. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, options);
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  throw new Error(`Unsupported database URL '${url}': use sqlite:<file> or postgres://…`);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  const changes = changeMarker(sqlite);
  const db = new Kysely<Database>({ dialect: new WriteLockingSqliteDialect({ database: withStatementCache(sqlite, changes.wrote) }) });
  return { db, dialect: 'sqlite', changeMark: changes.mark, close: () => db.destroy() };
}

/**
 * The change mark of a SQLite connection: counts this connection's writing statements (told by
 * `wrote`, rolled back or not) and the changes of `data_version`, which moves when another
 * connection commits. Reading it runs one pragma (about a microsecond, no table read).
 */
function changeMarker(sqlite: BetterSqlite3.Database): { wrote: () => void; mark: () => number } {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let seen = dataVersion.get();
  let mark = 0;
  return {
    wrote: () => {
      mark++;
    },
    mark: () => {
      const version = dataVersion.get();
      if (version !== seen) {
        seen = version;
        mark++;
      }
      return mark;
    },
  };
}

/**
 * SQLite transactions take the write lock as they begin (`BEGIN IMMEDIATE`), waiting up to the
 * busy timeout for another process's writer. A deferred transaction that reads first and writes
 * later fails at once (`SQLITE_BUSY_SNAPSHOT`, no wait) when another process wrote in between;
 * every read-modify-write change here (a JSON-Patch, a claimed job) would then be a 503 whenever
 * two processes share the file. Transactions asked for as read only stay deferred.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.config);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(settings?.accessMode === 'read only' ? BEGIN_DEFERRED : BEGIN_IMMEDIATE);
  }
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const BEGIN_DEFERRED = CompiledQuery.raw('begin');

/**
 * Reads map the database file instead of copying each page in with a read() call: a stored
 * weather year is ~10 pages, and a request reads one or two. The mapping is address space (the
 * OS page cache backs it), not heap.
 */
const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

const STATEMENT_CACHE_SIZE = 256;

/** What Kysely's SQLite driver uses of a prepared statement. */
type DriverStatement = Pick<BetterSqlite3.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely prepares each query it runs.
 * Reusing compiled statements for repeated SQL text roughly halves the cost of a simple read.
 *
 * Rows of a read are taken as arrays (`raw`) and made into objects by a function compiled once
 * per statement from its column names: better-sqlite3 builds each row object property by property
 * (about 1.4 µs a row of six columns), an object literal costs a small fraction of that, so a page
 * of 50 fields reads in about half the time. The objects are the same: one property per result
 * column, in column order, a later column of the same name winning.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, wrote: () => void): BetterSqlite3.Database {
  const cache = new LRUCache<string, DriverStatement>({ max: STATEMENT_CACHE_SIZE });
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'exec') return (sql: string) => (wrote(), target.exec(sql));
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        let statement = cache.get(sql);
        if (!statement) {
          const prepared = target.prepare(sql);
          statement = prepared.readonly ? withRowObjects(prepared) : toldOfWrites(withRowObjects(prepared), wrote);
          cache.set(sql, statement);
        }
        return statement;
      };
    },
  });
}

/** A statement that may write (an INSERT, UPDATE or DELETE, also one with RETURNING; BEGIN, COMMIT): `wrote` is told after each run. */
function toldOfWrites(statement: DriverStatement, wrote: () => void): DriverStatement {
  const told =
    <Run extends (...parameters: unknown[]) => unknown>(run: Run) =>
    (...parameters: unknown[]) => {
      try {
        return run(...parameters);
      } finally {
        wrote();
      }
    };
  return {
    reader: statement.reader,
    all: told(statement.all.bind(statement)) as BetterSqlite3.Statement['all'],
    run: told(statement.run.bind(statement)) as BetterSqlite3.Statement['run'],
    iterate: function* (...parameters: unknown[]) {
      try {
        yield* statement.iterate(...parameters);
      } finally {
        wrote();
      }
    } as BetterSqlite3.Statement['iterate'],
  };
}

function withRowObjects(statement: BetterSqlite3.Statement): DriverStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // `__proto__` in a literal would set the prototype: such statements keep better-sqlite3's own rows.
  if (names.includes('__proto__')) return statement;
  const toRow = new Function('r', `return {${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (values: unknown[]) => unknown;
  const raw = statement.raw(true);
  return {
    reader: true,
    all: ((...parameters: unknown[]) => (raw.all(...parameters) as unknown[][]).map(toRow)) as BetterSqlite3.Statement['all'],
    run: raw.run.bind(raw),
    iterate: function* (...parameters: unknown[]) {
      for (const values of raw.iterate(...parameters) as IterableIterator<unknown[]>) yield toRow(values);
    } as BetterSqlite3.Statement['iterate'],
  };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

/**
 * How much later than the server's statement timeout the client gives up on a query: time for
 * the server's cancellation to arrive. Past it the server is taken as not answering at all (hung,
 * or the network to it cut), and the connection is closed.
 */
export const CLIENT_DEADLINE_GRACE_MS = 250;

/**
 * A transaction left idle this long (its client hung or cut off mid-transaction) is ended by the
 * server, which lets go of its row locks.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/**
 * A connection the server ends (restart, failover, `pg_terminate_backend`, a proxy's idle
 * timeout) is reported as an 'error' event: on the pool for an idle connection, on the client
 * for one checked out between two queries. An 'error' event nobody listens to ends the process,
 * so both are listened to here. The pool drops the broken connection by itself and opens a new
 * one for the next query; a query on the lost connection fails, and the request answers 503.
 */
function survivesLostConnections(pool: pg.Pool): void {
  const ignore = () => undefined;
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  // bigint columns hold epoch milliseconds and counters: safe as JavaScript numbers.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
  };
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = options.deadlines?.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    // A database that does not answer fails the request (503) instead of holding it forever.
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(statementTimeoutMs
      ? {
          // Set on each connection as it opens: the server cancels a statement past its deadline.
          statement_timeout: statementTimeoutMs,
          idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
          // The client's own deadline, for a server that answers nothing at all.
          query_timeout: statementTimeoutMs + CLIENT_DEADLINE_GRACE_MS,
        }
      : {}),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  survivesLostConnections(pool);
  if (!options.deadlines) {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  const breaker = createCircuitBreaker({
    ...CIRCUIT_BREAKER_DEFAULTS,
    // The longest one call can take: waiting for a connection, then the query's own deadline.
    probeTimeoutMs: connectTimeoutMs + (statementTimeoutMs ?? 0) + CLIENT_DEADLINE_GRACE_MS,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: behindBreaker(pool, breaker) }) });
  return { db, dialect: 'postgres', schema: options.schema, breaker, close: () => db.destroy() };
}

/**
 * The pool as Kysely sees it, with the breaker in front: while it is open, taking a connection or
 * running a query fails at once (CircuitOpenError, a 503) instead of waiting for a server that did
 * not answer the last calls. The first query on a connection taken as the breaker's probe is the
 * probe. A connection whose query got no answer, or was refused midway (perhaps in a
 * transaction), is closed rather than given back to the pool: the server rolls back what it held.
 */
function behindBreaker(pool: pg.Pool, breaker: CircuitBreaker): PostgresPool {
  return {
    async connect() {
      const admission = breaker.admit();
      if (!admission) throw new CircuitOpenError('database');
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (isDatabaseUnresponsive(error)) breaker.failed(admission);
        throw error;
      }
      return guardedClient(client, breaker, admission);
    },
    end: () => pool.end(),
  };
}

function guardedClient(client: pg.PoolClient, breaker: CircuitBreaker, admission: Admission): PostgresPoolClient {
  let probe = admission === 'probe';
  let broken: Error | undefined;
  const query = async (text: string, parameters: readonly unknown[]) => {
    const admitted = probe ? 'probe' : breaker.admit({ probe: false });
    probe = false;
    if (!admitted) throw (broken = new CircuitOpenError('database'));
    try {
      const result = await client.query(text, parameters as unknown[]);
      breaker.succeeded();
      return result;
    } catch (error) {
      if (isDatabaseUnresponsive(error)) {
        breaker.failed(admitted);
        broken = error as Error;
      } else {
        // The server answered (a refused statement, or one it cancelled at its deadline).
        breaker.succeeded();
      }
      throw error;
    }
  };
  // Kysely runs plain queries only (no cursor is configured).
  return { query, release: () => client.release(broken) } as unknown as PostgresPoolClient;
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = await migratorFor(handle);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every known migration has been applied (used by readiness checks). */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
  const migrator = await migratorFor(handle);
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}

async function migratorFor(handle: DatabaseHandle): Promise<Migrator> {
  // The migration bookkeeping tables live in the store's own schema: several schemas may share a
  // database, and the migrator must not mistake another schema's tables for its own.
  let schema = handle.schema;
  if (!schema && handle.dialect === 'postgres') {
    schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema;
  }
  return new Migrator({ db: handle.db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
}
