import type { Kysely } from 'kysely';

/** Per-key rate limits; null: the configured default for the account's kind. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('rate_per_minute', 'integer').execute();
  await db.schema.alterTable('api_keys').addColumn('rate_burst', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('rate_burst').execute();
  await db.schema.alterTable('api_keys').dropColumn('rate_per_minute').execute();
}
