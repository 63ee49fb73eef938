import type { Kysely } from 'kysely';

/**
 * Per-key access limits for weather map layers: the layer codes a key may request and the regions
 * its images must lie in, each a JSON array (`["base","radar"]`, `[[west,south,east,north], …]`).
 * NULL means no limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('api_keys').addColumn('map_layers', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('map_regions', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('map_regions').execute();
  await db.schema.alterTable('api_keys').dropColumn('map_layers').execute();
}
