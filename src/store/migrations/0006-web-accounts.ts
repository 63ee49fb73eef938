import type { Kysely } from 'kysely';

/**
 * The account area: accounts may have an email and a password (web sign-in); keys may carry the
 * application's label and a purpose (`explorer` for the key the field explorer uses); browser
 * sessions; sign-in failures per email (to slow down guessing); requests per key per UTC day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('email', 'varchar(254)').execute();
  await db.schema.alterTable('accounts').addColumn('password_hash', 'varchar(255)').execute();
  await db.schema.createIndex('accounts_email').unique().on('accounts').column('email').execute();
  await db.schema.alterTable('api_keys').addColumn('label', 'varchar(100)').execute();
  await db.schema.alterTable('api_keys').addColumn('purpose', 'varchar(20)').execute();
  await db.schema
    .createTable('web_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_sessions_account').on('web_sessions').column('account_id').execute();
  await db.schema.createIndex('web_sessions_last_seen').on('web_sessions').column('last_seen_at').execute();
  await db.schema
    .createTable('web_sign_in_failures')
    .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('key_usage_daily')
    .addColumn('key', 'varchar(64)', (c) => c.notNull().references('api_keys.key').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('key_usage_daily_pk', ['key', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('key_usage_daily').execute();
  await db.schema.dropTable('web_sign_in_failures').execute();
  await db.schema.dropTable('web_sessions').execute();
  await db.schema.dropIndex('accounts_email').execute();
  await db.schema.alterTable('api_keys').dropColumn('purpose').execute();
  await db.schema.alterTable('api_keys').dropColumn('label').execute();
  await db.schema.alterTable('accounts').dropColumn('password_hash').execute();
  await db.schema.alterTable('accounts').dropColumn('email').execute();
}
