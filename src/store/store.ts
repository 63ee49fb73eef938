/** The store: one repository per aggregate over one database handle. */
import { sql } from 'kysely';
import { retryWithBackoff } from '../core/retry.js';
import { accountRepository, type AccountRepository } from './account-repository.js';
import { type DatabaseHandle, migrateToLatest, migrationsApplied, openDatabase, type OpenDatabaseOptions } from './database.js';
import { isDatabaseUnavailable } from './errors.js';
import { fieldRepository, type FieldRepository } from './field-repository.js';
import { jobRepository, type JobRepository } from './job-repository.js';
import { keyRepository, type KeyRepository } from './key-repository.js';
import { plantingRepository, type PlantingRepository } from './planting-repository.js';
import { waterBalanceRepository, type WaterBalanceRepository } from './water-balance-repository.js';
import { sessionRepository, type SessionRepository } from './session-repository.js';
import { settingRepository, type SettingRepository } from './setting-repository.js';
import { usageRepository, type UsageRepository } from './usage-repository.js';
import { weatherRepository, type WeatherRepository } from './weather-repository.js';

export interface Store {
  readonly handle: DatabaseHandle;
  readonly accounts: AccountRepository;
  readonly keys: KeyRepository;
  readonly fields: FieldRepository;
  readonly plantings: PlantingRepository;
  readonly waterBalance: WaterBalanceRepository;
  readonly settings: SettingRepository;
  readonly jobs: JobRepository;
  readonly weather: WeatherRepository;
  /** Browser sessions and failed sign-ins of the account area. */
  readonly sessions: SessionRepository;
  /** Requests per key per UTC day. */
  readonly usage: UsageRepository;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** True when every migration the code knows has been applied. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
}

export function createStore(handle: DatabaseHandle): Store {
  return {
    handle,
    accounts: accountRepository(handle.db),
    keys: keyRepository(handle.db, handle.dialect),
    fields: fieldRepository(handle.db, handle.dialect, undefined, handle.changeMark),
    plantings: plantingRepository(handle.db, handle.dialect, handle.changeMark),
    waterBalance: waterBalanceRepository(handle.db),
    settings: settingRepository(handle.db),
    jobs: jobRepository(handle.db, handle.dialect),
    weather: weatherRepository(handle.db, handle.dialect),
    sessions: sessionRepository(handle.db),
    usage: usageRepository(handle.db),
    async ping() {
      await sql`select 1`.execute(handle.db);
    },
    migrationsApplied: () => migrationsApplied(handle),
    close: () => handle.close(),
  };
}

/** Opens the database at `url`, migrates it to the latest version, and returns the store. */
export async function openStore(url: string, options: OpenDatabaseOptions = {}): Promise<Store> {
  const handle = openDatabase(url, options);
  try {
    await withMigrationHandle(url, handle, options, migrateToLatest);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return createStore(handle);
}

/**
 * Migrations run without deadlines, so that a long one (an index built over a large table) is not
 * cut short: on PostgreSQL opened with deadlines, through a connection of their own.
 */
async function withMigrationHandle<T>(url: string, handle: DatabaseHandle, options: OpenDatabaseOptions, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres' || !options.deadlines) return work(handle);
  const migrating = openDatabase(url, { ...options, deadlines: undefined, poolSize: 1 });
  try {
    return await work(migrating);
  } finally {
    await migrating.close();
  }
}

/** Where the start of a serving process's store stands. */
export type StartupState =
  /** The database has not answered yet; `attempts` made so far. */
  | { phase: 'waiting'; attempts: number }
  | { phase: 'migrating' }
  | { phase: 'ready' }
  /** A migration failed (not for want of the database): `ready` rejected with its error. */
  | { phase: 'failed' };

export interface StoreStartup {
  state(): StartupState;
  /** Resolves once the database has answered and every migration is applied. */
  readonly ready: Promise<void>;
  /** Starts trying the database; each attempt that fails is logged on one line. */
  start(log: StartupLog): void;
  /** Stops trying (the process is stopping); `ready` then never settles. */
  stop(): void;
}

export interface StartupLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Waits between attempts to reach the database at start: 0.5 s, doubled up to 5 s. */
export const STARTUP_RETRY_FIRST_MS = 500;
export const STARTUP_RETRY_MAX_MS = 5000;

/**
 * The store of a serving process (`serve`, `worker`), returned at once whether or not its
 * database answers: `startup.start` tries the database with back-off until it answers (any
 * error before it has answered is retried: refused, unknown host, a password or database not
 * there yet), then applies the migrations (a migration that fails for want of the database is
 * retried; for another reason, `ready` rejects). Until `ready`, nothing else may use the store.
 */
export function startStore(url: string, options: OpenDatabaseOptions = {}): { store: Store; startup: StoreStartup } {
  const handle = openDatabase(url, options);
  const store = createStore(handle);
  let state: StartupState = { phase: 'waiting', attempts: 0 };
  const stopping = new AbortController();
  let settle: { resolve(): void; reject(error: unknown): void };
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let started = false;

  const attempt = async (n: number): Promise<string[]> => {
    state = { phase: 'waiting', attempts: n };
    return withMigrationHandle(url, handle, options, async (migrating) => {
      try {
        await sql`select 1`.execute(migrating.db);
      } catch (error) {
        throw new NotReached(error);
      }
      state = { phase: 'migrating' };
      return migrateToLatest(migrating);
    });
  };

  return {
    store,
    startup: {
      state: () => state,
      ready,
      start(log) {
        if (started) return;
        started = true;
        retryWithBackoff(attempt, {
          firstMs: STARTUP_RETRY_FIRST_MS,
          maxMs: STARTUP_RETRY_MAX_MS,
          retryable: (error) => error instanceof NotReached || isDatabaseUnavailable(error),
          onRetry: (error, attempts, waitMs) => {
            state = { phase: 'waiting', attempts };
            const cause = error instanceof NotReached ? error.cause : error;
            log.warn({ attempt: attempts, retryInMs: waitMs, reason: briefly(cause) }, 'the database cannot be reached yet; trying again');
          },
          signal: stopping.signal,
        }).then(
          (applied) => {
            state = { phase: 'ready' };
            log.info({ migrationsApplied: applied.length }, 'the database answers and is up to date');
            settle.resolve();
          },
          (error: unknown) => {
            if (stopping.signal.aborted) return;
            state = { phase: 'failed' };
            settle.reject(error);
          },
        );
      },
      stop: () => stopping.abort(),
    },
  };
}

/** The database did not answer a first query: whatever the error, the start tries again. */
class NotReached extends Error {
  constructor(cause: unknown) {
    super('The database did not answer', { cause });
  }
}

/** An error in one short line: its code and message (the first of an AggregateError's when it has none). */
function briefly(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  const first = Array.isArray(e.errors) ? (e.errors[0] as { message?: unknown } | undefined) : undefined;
  const message = (typeof e.message === 'string' && e.message) || (typeof first?.message === 'string' && first.message) || String(error);
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return typeof e.code === 'string' && !oneLine.includes(e.code) ? `${e.code}: ${oneLine}` : oneLine;
}
