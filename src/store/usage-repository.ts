/** Requests answered per API key per UTC day (written in batches by the usage counter). */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface KeyDayCount {
  key: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  requests: number;
}

export interface UsageRepository {
  /**
   * Adds the counts (one upsert per key and day) and moves each key's `last_used_at` forward to
   * the given time, in one transaction.
   */
  add(counts: readonly KeyDayCount[], lastUsed: ReadonlyMap<string, number>): Promise<void>;
  /** Counts of the account's keys for the days from `fromDay` to `toDay` inclusive. */
  perKeyAndDay(accountId: number, fromDay: string, toDay: string): Promise<KeyDayCount[]>;
}

export function usageRepository(db: Kysely<Database>): UsageRepository {
  return {
    async add(counts, lastUsed) {
      if (counts.length === 0 && lastUsed.size === 0) return;
      await db.transaction().execute(async (trx) => {
        if (counts.length > 0) {
          await trx
            .insertInto('key_usage_daily')
            .values(counts.map((c) => ({ key: c.key, day: c.day, requests: c.requests })))
            .onConflict((oc) =>
              oc.columns(['key', 'day']).doUpdateSet({ requests: sql<number>`key_usage_daily.requests + excluded.requests` }),
            )
            .execute();
        }
        for (const [key, at] of lastUsed) {
          await trx
            .updateTable('api_keys')
            .set({ last_used_at: at })
            .where('key', '=', key)
            .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
            .execute();
        }
      });
    },
    async perKeyAndDay(accountId, fromDay, toDay) {
      const rows = await db
        .selectFrom('key_usage_daily')
        .innerJoin('api_keys', 'api_keys.key', 'key_usage_daily.key')
        .select(['key_usage_daily.key', 'key_usage_daily.day', 'key_usage_daily.requests'])
        .where('api_keys.account_id', '=', accountId)
        .where('key_usage_daily.day', '>=', fromDay)
        .where('key_usage_daily.day', '<=', toDay)
        .orderBy('key_usage_daily.key')
        .orderBy('key_usage_daily.day')
        .execute();
      return rows.map((row) => ({ key: row.key, day: row.day, requests: Number(row.requests) }));
    },
  };
}
