/**
 * Readiness of an instance, for load balancers and orchestrators: the database (it answers, every
 * migration is applied) decides it; Redis, when configured, only degrades the instance (limits and
 * caches per instance), so an instance whose Redis is unreachable stays ready and says `degraded`.
 */
import type { Store } from '../store/store.js';

export type DependencyState = 'ok' | 'unavailable' | 'pending' | 'unknown' | 'not configured';

export interface Readiness {
  /** `ready`, `degraded` (ready, Redis unreachable) or `not ready`. */
  status: 'ready' | 'degraded' | 'not ready';
  checks: { database: DependencyState; migrations: DependencyState; redis: DependencyState };
  /** Why the database could not be reached, for the log. */
  databaseError?: unknown;
}

export interface ReadinessService {
  check(): Promise<Readiness>;
}

export function createReadinessService(deps: {
  store: Pick<Store, 'ping' | 'migrationsApplied'>;
  /** Whether the configured Redis answers; absent when none is configured. */
  redisStatus?: () => Promise<'ok' | 'unavailable'>;
}): ReadinessService {
  return {
    async check() {
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
