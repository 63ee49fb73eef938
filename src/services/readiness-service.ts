/**
 * Readiness of an instance, for load balancers and orchestrators: the database (it answers, every
 * migration is applied) decides it; Redis, when configured, only degrades the instance (limits and
 * caches per instance), so an instance whose Redis is unreachable stays ready and says `degraded`.
 * An instance still starting (its database not reached yet, migrations being applied) is not
 * ready, and says why.
 */
import type { Store } from '../store/store.js';

export type DependencyState = 'ok' | 'unavailable' | 'pending' | 'unknown' | 'not configured';

export interface Readiness {
  /** `ready`, `degraded` (ready, Redis unreachable) or `not ready`. */
  status: 'ready' | 'degraded' | 'not ready';
  checks: { database: DependencyState; migrations: DependencyState; redis: DependencyState };
  /** Why the database could not be reached, for the log. */
  databaseError?: unknown;
  /** While the instance is starting: where the start stands, in words. */
  starting?: string;
}

/** An instance that has not started yet: the database's checks as far as the start knows them, and its state in words. */
export interface Starting {
  database: DependencyState;
  migrations: DependencyState;
  reason: string;
}

export interface ReadinessService {
  check(): Promise<Readiness>;
}

export function createReadinessService(deps: {
  store: Pick<Store, 'ping' | 'migrationsApplied'>;
  /** Whether the configured Redis answers; absent when none is configured. */
  redisStatus?: () => Promise<'ok' | 'unavailable'>;
  /** Where the start stands while the instance is starting; undefined once it has started. */
  starting?: () => Starting | undefined;
}): ReadinessService {
  return {
    async check() {
      const starting = deps.starting?.();
      if (starting) {
        const redis: DependencyState = deps.redisStatus ? await deps.redisStatus() : 'not configured';
        return { status: 'not ready', checks: { database: starting.database, migrations: starting.migrations, redis }, starting: starting.reason };
      }
      let database: DependencyState = 'ok';
      let migrations: DependencyState = 'unknown';
      let databaseError: unknown;
      try {
        await deps.store.ping();
        migrations = (await deps.store.migrationsApplied()) ? 'ok' : 'pending';
      } catch (error) {
        database = 'unavailable';
        databaseError = error;
      }
      const redis: DependencyState = deps.redisStatus ? await deps.redisStatus() : 'not configured';
      const ready = database === 'ok' && migrations === 'ok';
      const status = !ready ? 'not ready' : redis === 'unavailable' ? 'degraded' : 'ready';
      return { status, checks: { database, migrations, redis }, ...(databaseError === undefined ? {} : { databaseError }) };
    },
  };
}
