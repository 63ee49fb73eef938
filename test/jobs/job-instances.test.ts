/**
 * Several instances on one PostgreSQL database: each job runs exactly once. Two apps, each with
 * its own connection pool on one schema, run a backlog of jobs; every bundled request is counted
 * where it is executed. (Several processes on one SQLite file: see job-processes.test.ts.)
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { manualClock } from '../../src/core/clock.js';
import { openStore, type Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore, POSTGRES_URL } from '../support/databases.js';
import { TEST_NOW } from '../support/test-app.js';
import { appOn, bearer, createField, storedResults, submitJob, testConfig, until } from './job-test-helpers.js';

const JOBS = 24;
const REQUESTS = 15;

/** Counts the in-process requests an app executes, by URL. */
function countExecutions(app: FastifyInstance, counts: Map<string, number>): void {
  const inject = app.inject.bind(app);
  (app as { inject: unknown }).inject = (options: { url: string }) => {
    counts.set(options.url, (counts.get(options.url) ?? 0) + 1);
    return inject(options as never);
  };
}

describe.skipIf(!databaseKinds().includes('postgres'))('two instances on postgres', () => {
  async function twoStores(): Promise<[Store, Store]> {
    const first = await openTestStore('postgres');
    return [first, await openStore(POSTGRES_URL, { schema: first.handle.schema, poolSize: 5 })];
  }

  it('runs each job exactly once', async () => {
    const [storeA, storeB] = await twoStores();
    const setup = await appOn(storeA);
    const auth = await bearer(setup, storeA, 'acme');
    await createField(setup, auth, 'f1');
    const ids: number[] = [];
    for (let j = 0; j < JOBS; j++) {
      ids.push(await submitJob(setup, auth, Array.from({ length: REQUESTS }, (_, i) => ({ api: `GET /v2/fields/f1?properties=name&job=${j}&n=${i}` })), `job-${j}`));
    }
    await setup.close();

    const counts = [new Map<string, number>(), new Map<string, number>()];
    const apps: FastifyInstance[] = [];
    try {
      for (const [index, store] of [storeA, storeB].entries()) {
        const app = await buildApp({ config: testConfig(), store, clock: manualClock(TEST_NOW), logger: false, jobs: { concurrency: 2, pollMs: 5 } });
        countExecutions(app, counts[index]!);
        apps.push(app);
      }
      await Promise.all(apps.map((app) => app.ready()));
      await until(async () => {
        const open = await storeA.handle.db.selectFrom('jobs').select('id').where('state', '!=', 'done').execute();
        return open.length === 0;
      }, 'every job to finish', 40_000, 20);
    } finally {
      for (const app of apps) await app.close();
    }

    const total = new Map<string, number>();
    for (const map of counts) for (const [url, n] of map) total.set(url, (total.get(url) ?? 0) + n);
    expect(total.size).toBe(JOBS * REQUESTS);
    expect([...total.values()].every((n) => n === 1)).toBe(true);
    expect(counts.every((map) => map.size > 0)).toBe(true);
    const rows = await storeA.handle.db.selectFrom('jobs').select(['id', 'attempts', 'state']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.attempts === 1 && r.state === 'done')).toBe(true);
    for (const id of ids) expect((await storedResults(storeA, id)).map((r) => r.position)).toEqual([...Array(REQUESTS).keys()]);

    await storeB.close();
    await storeA.close();
  }, 60_000);
});
