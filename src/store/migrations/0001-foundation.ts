import type { Kysely } from 'kysely';
import { autoIncrementId } from './dialect-helpers.js';

/** Accounts, API keys, fields and instance-wide settings (the token signing secret). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('enterprise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('api_keys')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('secret_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
  await db.schema
    .createTable('fields')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)')
    .addColumn('farm_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('acres', 'double precision')
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('fields_pk', ['account_id', 'id'])
    .execute();
  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'fields', 'api_keys', 'accounts']) await db.schema.dropTable(table).execute();
}
