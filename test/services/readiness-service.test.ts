/**
 * Readiness: the database (it answers, every migration applied) decides it; Redis, when
 * configured, only degrades it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadinessService } from '../../src/services/readiness-service.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore } from '../support/databases.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('readiness service', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore('sqlite');
  });
  afterAll(async () => store.close());

  it('is ready with a migrated database and no Redis configured', async () => {
    expect(await createReadinessService({ store }).check()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } });
  });

  it('is ready with Redis answering, and degraded (still serving) with Redis unreachable', async () => {
    expect(await createReadinessService({ store, redisStatus: async () => 'ok' }).check()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    expect(await createReadinessService({ store, redisStatus: async () => 'unavailable' }).check()).toEqual({
      status: 'degraded',
      checks: { database: 'ok', migrations: 'ok', redis: 'unavailable' },
    });
  });

  it('is not ready with migrations pending', async () => {
    const pending = { ping: async () => {}, migrationsApplied: async () => false };
    expect(await createReadinessService({ store: pending, redisStatus: async () => 'ok' }).check()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'pending', redis: 'ok' },
    });
  });

  it('is not ready with the database unreachable, carrying its error, whatever Redis says', async () => {
    const error = refused();
    let migrationsAsked = false;
    const down = {
      ping: () => Promise.reject(error),
      migrationsApplied: async () => {
        migrationsAsked = true;
        return true;
      },
    };
    const readiness = await createReadinessService({ store: down, redisStatus: async () => 'ok' }).check();
    expect(readiness).toEqual({ status: 'not ready', checks: { database: 'unavailable', migrations: 'unknown', redis: 'ok' }, databaseError: error });
    expect(readiness.databaseError).toBe(error);
    expect(migrationsAsked).toBe(false);
    // The migrations query failing counts as the database failing.
    const failing = { ping: async () => {}, migrationsApplied: () => Promise.reject(error) };
    expect(await createReadinessService({ store: failing, redisStatus: async () => 'unavailable' }).check()).toEqual({
      status: 'not ready',
      checks: { database: 'unavailable', migrations: 'unknown', redis: 'unavailable' },
      databaseError: error,
    });
  });

  it('is not ready while starting, says why, and does not ask the database meanwhile', async () => {
    let asked = false;
    const untouched = {
      ping: async () => {
        asked = true;
      },
      migrationsApplied: async () => true,
    };
    let starting: { database: 'unavailable' | 'ok'; migrations: 'unknown' | 'pending'; reason: string } | undefined = {
      database: 'unavailable',
      migrations: 'unknown',
      reason: 'Starting: the database has not answered yet; trying again.',
    };
    const readiness = createReadinessService({ store: untouched, redisStatus: async () => 'ok', starting: () => starting });
    expect(await readiness.check()).toEqual({
      status: 'not ready',
      checks: { database: 'unavailable', migrations: 'unknown', redis: 'ok' },
      starting: 'Starting: the database has not answered yet; trying again.',
    });
    expect(asked).toBe(false);
    starting = undefined;
    expect(await readiness.check()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    expect(asked).toBe(true);
  });
});
