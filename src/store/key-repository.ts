import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface ApiKeyRecord {
  key: string;
  accountId: number;
  accountName: string;
  enterprise: boolean;
  secretHash: string;
  enabled: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface KeyRepository {
  create(record: { key: string; accountId: number; secretHash: string; now: number }): Promise<void>;
  find(key: string): Promise<ApiKeyRecord | undefined>;
  list(accountId?: number): Promise<ApiKeyRecord[]>;
  /** Returns false when no such key exists. */
  disable(key: string): Promise<boolean>;
  touch(key: string, now: number): Promise<void>;
  count(): Promise<number>;
}

export function keyRepository(db: Kysely<Database>): KeyRepository {
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
  });
  return {
    async create({ key, accountId, secretHash, now }) {
      await db
        .insertInto('api_keys')
        .values({ key, account_id: accountId, secret_hash: secretHash, enabled: 1, created_at: now, last_used_at: null })
        .execute();
    },
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
    async touch(key, now) {
      await db.updateTable('api_keys').set({ last_used_at: now }).where('key', '=', key).execute();
    },
    async count() {
      const row = await db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
