import type { Kysely } from 'kysely';
import { autoIncrementId } from './dialect-helpers.js';

/**
 * Plantings of fields. Ids are issued by the database (unique across accounts); creation order
 * is id order. Deleting a field deletes its plantings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plantings')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('field_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('crop', 'varchar(100)', (c) => c.notNull())
    .addColumn('planting_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('projected_yield_amount', 'double precision')
    .addColumn('projected_yield_units', 'varchar(100)')
    .addColumn('projected_harvest_date', 'varchar(10)')
    .addColumn('yield_amount', 'double precision')
    .addColumn('yield_units', 'varchar(100)')
    .addColumn('harvest_date', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addForeignKeyConstraint('plantings_field_fk', ['account_id', 'field_id'], 'fields', ['account_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('plantings_account_field').on('plantings').columns(['account_id', 'field_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plantings').execute();
}
