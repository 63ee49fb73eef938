/** Every migration, in order. One set for both dialects. */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as plantings from './0002-plantings.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-plantings': plantings,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
