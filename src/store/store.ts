/** The store: one repository per aggregate over one database handle. */
import { sql } from 'kysely';
import { accountRepository, type AccountRepository } from './account-repository.js';
import { type DatabaseHandle, migrateToLatest, migrationsApplied, openDatabase, type OpenDatabaseOptions } from './database.js';
import { fieldRepository, type FieldRepository } from './field-repository.js';
import { jobRepository, type JobRepository } from './job-repository.js';
import { keyRepository, type KeyRepository } from './key-repository.js';
import { plantingRepository, type PlantingRepository } from './planting-repository.js';
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
    keys: keyRepository(handle.db),
    fields: fieldRepository(handle.db, handle.dialect),
    plantings: plantingRepository(handle.db, handle.dialect),
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
    await migrate(url, handle, options);
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
async function migrate(url: string, handle: DatabaseHandle, options: OpenDatabaseOptions): Promise<void> {
  if (handle.dialect !== 'postgres' || !options.deadlines) {
    await migrateToLatest(handle);
    return;
  }
  const migrating = openDatabase(url, { ...options, deadlines: undefined, poolSize: 1 });
  try {
    await migrateToLatest(migrating);
  } finally {
    await migrating.close();
  }
}
