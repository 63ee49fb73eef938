import type { Kysely } from 'kysely';

/**
 * Jobs run as the key that queued them (its map and rate limits), and take turns between
 * accounts: `api_key` names the key (null for jobs queued before; they run as no key, so each
 * request is refused with 401), `served_at` when the job last took or left a worker (wall-clock
 * epoch ms; the account served least recently goes first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('api_key', 'varchar(64)').execute();
  await db.schema.alterTable('jobs').addColumn('served_at', 'bigint').execute();
  await db.schema.createIndex('jobs_account_state').on('jobs').columns(['account_id', 'state']).execute();
  await db.schema.createIndex('jobs_account_served').on('jobs').columns(['account_id', 'served_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_account_served').execute();
  await db.schema.dropIndex('jobs_account_state').execute();
  await db.schema.alterTable('jobs').dropColumn('served_at').execute();
  await db.schema.alterTable('jobs').dropColumn('api_key').execute();
}
