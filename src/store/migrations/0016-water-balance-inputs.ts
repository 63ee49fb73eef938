import type { Kysely } from 'kysely';
import { autoIncrementId } from './dialect-helpers.js';

/**
 * What a planting's water balance is computed from besides the weather: its own parameters (the
 * values set for it, as JSON over its crop's defaults) and its irrigation events. Both go with
 * the planting (and so with its field).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('water_balance_parameters')
    .addColumn('planting_id', 'integer', (c) => c.primaryKey().references('plantings.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('values_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('irrigations')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('planting_id', 'integer', (c) => c.notNull().references('plantings.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_mm', 'double precision', (c) => c.notNull())
    .addColumn('wetted_fraction', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('irrigations_planting_date').on('irrigations').columns(['planting_id', 'date', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('irrigations').execute();
  await db.schema.dropTable('water_balance_parameters').execute();
}
