/** A job accepted is never lost: it survives closing the app, and a running job is handed back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';
import { appOn, bearer, createField, jobRow, resultCount, storedResults, submitJob, until } from './job-test-helpers.js';

const WORKER = { concurrency: 2, pollMs: 10 };

describe.each(databaseKinds())('jobs across restarts on %s', (kind) => {
  let store: Store;
  let auth: Record<string, string>;

  beforeAll(async () => {
    store = await openTestStore(kind);
    const app = await appOn(store);
    auth = await bearer(app, store, 'acme');
    await createField(app, auth, 'f1');
    await app.close();
  });
  afterAll(async () => store.close());

  it('runs a job queued before a restart', async () => {
    const first = await appOn(store);
    const id = await submitJob(first, auth, [{ api: 'GET /v2/fields/f1' }, { api: 'GET /v2/fields/none' }]);
    await first.close();
    expect((await jobRow(store, id)).state).toBe('queued');

    const second = await appOn(store, WORKER);
    try {
      await until(async () => (await jobRow(store, id)).state === 'done', 'the job to run');
      const job = (await second.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: auth })).json();
      expect(job.results.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['200', '404']);
    } finally {
      await second.close();
    }
  });

  it('hands a running job back to the queue on graceful shutdown, with its results; the next instance runs only the rest', async () => {
    const requests = Array.from({ length: 250 }, (_, i) => ({ title: `r${i}`, api: i % 3 === 2 ? `GET /v2/fields/missing-${i}` : `GET /v2/fields/f1?n=${i}` }));
    const first = await appOn(store, WORKER);
    const id = await submitJob(first, auth, requests, 'long');
    await until(async () => (await resultCount(store, id)) > 0, 'the first results', 20_000, 2);
    await first.close();
    expect(await jobRow(store, id)).toEqual({ state: 'queued', attempts: 1, claim_token: null });
    const kept = await storedResults(store, id);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(250);

    const second = await appOn(store, WORKER);
    try {
      await until(async () => (await jobRow(store, id)).state === 'done', 'the job to finish', 40_000);
      expect((await jobRow(store, id)).attempts).toBe(2);
      // The kept results were not run again: the same rows, down to the errorId of each 404.
      const all = await storedResults(store, id);
      expect(kept.every((result) => JSON.stringify(all[result.position]) === JSON.stringify(result))).toBe(true);
      expect(kept.some((result) => result.httpStatus === 404)).toBe(true);
      const job = (await second.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: auth })).json();
      expect(job.results).toHaveLength(250);
      job.results.forEach((result: { title: string; httpStatus: string }, i: number) => {
        expect(result.title).toBe(`r${i}`);
        expect(result.httpStatus).toBe(i % 3 === 2 ? '404' : '200');
      });
    } finally {
      await second.close();
    }
  }, 60_000);
});
