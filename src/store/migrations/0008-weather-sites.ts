import type { Kysely } from 'kysely';

/**
 * Where each stored dataset's values stand for, per cell: the elevation of the imported station
 * (from its file or `agwx import --elevation`) or of the provider's model cell, used for the air
 * pressure in reference ET. Stored daily years written before it keep decoding (their station
 * elevation is unknown until the file is imported again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weather_dataset_sites')
    .addColumn('dataset', 'varchar(100)', (c) => c.notNull())
    .addColumn('cell_id', 'integer', (c) => c.notNull())
    .addColumn('elevation', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('weather_dataset_sites_pk', ['cell_id', 'dataset'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weather_dataset_sites').execute();
}
