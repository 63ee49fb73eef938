import type { Kysely } from 'kysely';
import type { DialectName } from './database.js';
import { lockForUpdate } from './row-lock.js';
import type { Database } from './schema.js';

/** A geographic box in degrees (west < east, south < north). */
export interface MapRegion {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Map layer limits of a key; null: no limit of that kind. */
export interface KeyMapAccess {
  layers: string[] | null;
  regions: MapRegion[] | null;
}

/** Stored JSON of a limit; anything unreadable allows nothing (fails closed). */
function parseMapLayers(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

function parseMapRegions(text: string | null): MapRegion[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((box): box is number[] => Array.isArray(box) && box.length === 4 && box.every((n) => typeof n === 'number' && Number.isFinite(n)))
      .map(([west, south, east, north]) => ({ west: west!, south: south!, east: east!, north: north! }));
  } catch {
    return [];
  }
}

export interface ApiKeyRecord {
  key: string;
  accountId: number;
  accountName: string;
  enterprise: boolean;
  secretHash: string;
  enabled: boolean;
  createdAt: number;
  lastUsedAt: number | null;
  /** The application's name given in the account area, or null. */
  label: string | null;
  /** `explorer` for the key the field explorer uses; null for ordinary keys. */
  purpose: string | null;
  /** Weather map layer codes the key may request; null: every layer. */
  mapLayers: string[] | null;
  /** Regions the key's map images must lie in; null: the whole world. */
  mapRegions: MapRegion[] | null;
  /** Sustained requests per minute; null: the configured default. */
  ratePerMinute: number | null;
  /** Burst allowance above the sustained rate; null: the configured default. */
  rateBurst: number | null;
}

export interface NewKey {
  key: string;
  accountId: number;
  secretHash: string;
  now: number;
  label?: string | null;
  purpose?: string | null;
}

export interface KeyRepository {
  create(record: NewKey): Promise<void>;
  /**
   * Creates the key unless its account already has `maxKeys` enabled keys without a purpose (the
   * keys it uses directly; the field explorer's own key is not counted); then answers false.
   * Creations for one account are serialised on the account's row, so the cap holds under
   * concurrent requests.
   */
  createUnlessAtCap(record: NewKey, maxKeys: number): Promise<boolean>;
  /** The account's enabled keys without a purpose (those `createUnlessAtCap` counts). */
  countEnabled(accountId: number): Promise<number>;
  find(key: string): Promise<ApiKeyRecord | undefined>;
  list(accountId?: number): Promise<ApiKeyRecord[]>;
  /** Returns false when no such key exists. */
  disable(key: string): Promise<boolean>;
  /** Disables the key only when it belongs to the account; false otherwise. */
  disableForAccount(key: string, accountId: number): Promise<boolean>;
  /** The account's newest enabled key with this purpose. */
  findEnabledByPurpose(accountId: number, purpose: string): Promise<ApiKeyRecord | undefined>;
  touch(key: string, now: number): Promise<void>;
  count(): Promise<number>;
  /** Sets (or, with nulls, lifts) the key's map layer limits; false when no such key exists. */
  setMapAccess(key: string, access: KeyMapAccess): Promise<boolean>;
  /** Sets (or, with nulls, returns to the defaults) the key's rate limit; false when no such key exists. */
  setRateLimit(key: string, limit: { perMinute: number | null; burst: number | null }): Promise<boolean>;
}

export function keyRepository(db: Kysely<Database>, dialect: DialectName): KeyRepository {
  const base = () =>
    db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select([
        'api_keys.key',
        'api_keys.account_id',
        'accounts.name as account_name',
        'accounts.enterprise',
        'api_keys.secret_hash',
        'api_keys.enabled',
        'api_keys.created_at',
        'api_keys.last_used_at',
        'api_keys.label',
        'api_keys.purpose',
        'api_keys.map_layers',
        'api_keys.map_regions',
        'api_keys.rate_per_minute',
        'api_keys.rate_burst',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): ApiKeyRecord => ({
    key: row.key,
    accountId: row.account_id,
    accountName: row.account_name,
    enterprise: row.enterprise === 1,
    secretHash: row.secret_hash,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    label: row.label,
    purpose: row.purpose,
    mapLayers: parseMapLayers(row.map_layers),
    mapRegions: parseMapRegions(row.map_regions),
    ratePerMinute: row.rate_per_minute,
    rateBurst: row.rate_burst,
  });
  const insert = (executor: Kysely<Database>, { key, accountId, secretHash, now, label = null, purpose = null }: NewKey) =>
    executor
      .insertInto('api_keys')
      .values({ key, account_id: accountId, secret_hash: secretHash, enabled: 1, created_at: now, last_used_at: null, label, purpose })
      .execute();
  const countEnabled = async (executor: Kysely<Database>, accountId: number) => {
    const row = await executor
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .where('enabled', '=', 1)
      .where('purpose', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    async create(record) {
      await insert(db, record);
    },
    async createUnlessAtCap(record, maxKeys) {
      return db.transaction().execute(async (trx) => {
        // The account's row serialises its key creations (PostgreSQL; SQLite transactions are serialised already).
        await lockForUpdate(trx.selectFrom('accounts').select('id').where('id', '=', record.accountId), dialect).execute();
        if ((await countEnabled(trx, record.accountId)) >= maxKeys) return false;
        await insert(trx, record);
        return true;
      });
    },
    countEnabled: (accountId) => countEnabled(db, accountId),
    async find(key) {
      const row = await base().where('api_keys.key', '=', key).executeTakeFirst();
      return row && toRecord(row);
    },
    async list(accountId) {
      let query = base().orderBy('api_keys.created_at').orderBy('api_keys.key');
      if (accountId !== undefined) query = query.where('api_keys.account_id', '=', accountId);
      return (await query.execute()).map(toRecord);
    },
    async disable(key) {
      const result = await db.updateTable('api_keys').set({ enabled: 0 }).where('key', '=', key).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async disableForAccount(key, accountId) {
      const result = await db
        .updateTable('api_keys')
        .set({ enabled: 0 })
        .where('key', '=', key)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async findEnabledByPurpose(accountId, purpose) {
      const row = await base()
        .where('api_keys.account_id', '=', accountId)
        .where('api_keys.purpose', '=', purpose)
        .where('api_keys.enabled', '=', 1)
        .orderBy('api_keys.created_at', 'desc')
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async touch(key, now) {
      await db.updateTable('api_keys').set({ last_used_at: now }).where('key', '=', key).execute();
    },
    async setMapAccess(key, access) {
      const result = await db
        .updateTable('api_keys')
        .set({
          map_layers: access.layers === null ? null : JSON.stringify(access.layers),
          map_regions: access.regions === null ? null : JSON.stringify(access.regions.map((r) => [r.west, r.south, r.east, r.north])),
        })
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async setRateLimit(key, limit) {
      const result = await db
        .updateTable('api_keys')
        .set({ rate_per_minute: limit.perMinute, rate_burst: limit.burst })
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async count() {
      const row = await db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
