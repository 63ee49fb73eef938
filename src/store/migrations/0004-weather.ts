import type { Kysely } from 'kysely';
import { binaryType } from './dialect-helpers.js';

/**
 * Stored weather: daily values packed per (dataset, cell, year) — ten years of one cell are ten
 * rows — and forecast hours per (dataset, cell, hour).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weather_daily_years')
    .addColumn('dataset', 'varchar(100)', (c) => c.notNull())
    .addColumn('cell_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('days', binaryType(db), (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('weather_daily_years_pk', ['cell_id', 'dataset', 'year'])
    .execute();
  await db.schema
    .createTable('weather_hours')
    .addColumn('dataset', 'varchar(100)', (c) => c.notNull())
    .addColumn('cell_id', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('hour', binaryType(db), (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('weather_hours_pk', ['cell_id', 'dataset', 'time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weather_hours').execute();
  await db.schema.dropTable('weather_daily_years').execute();
}
