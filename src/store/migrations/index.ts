/** Every migration, in order. One set for both dialects. */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as plantings from './0002-plantings.js';
import * as jobs from './0003-jobs.js';
import * as weather from './0004-weather.js';
import * as keyMapAccess from './0005-key-map-access.js';
import * as webAccounts from './0006-web-accounts.js';
import * as keyRateLimits from './0007-key-rate-limits.js';
import * as weatherSites from './0008-weather-sites.js';
import * as jobFairness from './0009-job-fairness.js';
import * as fieldSortIndexes from './0010-field-sort-indexes.js';
import * as sqliteFieldOrderIndexes from './0011-sqlite-field-order-indexes.js';
import * as fieldListRevision from './0012-field-list-revision.js';
import * as jobResultBytes from './0013-job-result-bytes.js';
import * as plantingSortIndexes from './0014-planting-sort-indexes.js';
import * as jobResultDataSource from './0015-job-result-data-source.js';
import * as waterBalanceInputs from './0016-water-balance-inputs.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-plantings': plantings,
  '0003-jobs': jobs,
  '0004-weather': weather,
  '0005-key-map-access': keyMapAccess,
  '0006-web-accounts': webAccounts,
  '0007-key-rate-limits': keyRateLimits,
  '0008-weather-sites': weatherSites,
  '0009-job-fairness': jobFairness,
  '0010-field-sort-indexes': fieldSortIndexes,
  '0011-sqlite-field-order-indexes': sqliteFieldOrderIndexes,
  '0012-field-list-revision': fieldListRevision,
  '0013-job-result-bytes': jobResultBytes,
  '0014-planting-sort-indexes': plantingSortIndexes,
  '0015-job-result-data-source': jobResultDataSource,
  '0016-water-balance-inputs': waterBalanceInputs,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
