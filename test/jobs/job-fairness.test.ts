/**
 * Every account is held to its limits in batch jobs: a cap on the requests it may have queued
 * (429 beyond it), turns between accounts (one account's backlog never holds up another's job,
 * with several workers), and the key's rate limit counting each bundled request as it runs.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';
import { resultCount, storedResults, until } from './job-test-helpers.js';

const createJob = (t: TestApp, auth: Record<string, string>, requests: { api: string }[], title = 'job') =>
  t.app.inject({ method: 'POST', url: '/v2/jobs', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ title, type: 'batch', requests }) });

const requestsOf = (count: number, tag: string) => Array.from({ length: count }, (_, i) => ({ api: `GET /v2/fields?limit=1&job=${tag}&n=${i}` }));

const stateOf = async (t: TestApp, id: number) => (await t.store.handle.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe.each(databaseKinds())('fair batch jobs on %s', (kind) => {
  describe('the cap on queued requests', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { AGWX_JOB_MAX_QUEUED_REQUESTS: '25' });
    });
    afterAll(async () => t.close());

    it('refuses a job over the account’s cap with 429 and Retry-After; other accounts are not affected; cancelling frees room', async () => {
      const a = (await t.login('cap-a')).auth;
      const b = (await t.login('cap-b')).auth;
      const first = await createJob(t, a, requestsOf(10, 'a1'));
      expect(first.statusCode).toBe(201);
      expect((await createJob(t, a, requestsOf(10, 'a2'))).statusCode).toBe(201);
      const refused = await createJob(t, a, requestsOf(10, 'a3'));
      const body = expectErrorBody(refused, 429);
      expect(body.simpleMessage).toBe('Too many requests queued.');
      expect(body.detailedMessage).toContain('at most 25 requests');
      expect(body.detailedMessage).toContain('it has 20, and this job adds 10');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing was queued by the refused submission.
      const queued = await t.store.handle.db.selectFrom('jobs').select('id').where('state', '=', 'queued').execute();
      expect(queued).toHaveLength(2);
      // Five more fit exactly.
      expect((await createJob(t, a, requestsOf(5, 'a4'))).statusCode).toBe(201);
      expectErrorBody(await createJob(t, a, requestsOf(1, 'a5')), 429);
      // Another account has its own room.
      expect((await createJob(t, b, requestsOf(25, 'b1'))).statusCode).toBe(201);
      // Cancelling a job frees its requests.
      expect((await t.app.inject({ method: 'DELETE', url: `/v2/jobs/${first.json().jobId}`, headers: a })).statusCode).toBe(200);
      expect((await createJob(t, a, requestsOf(10, 'a6'))).statusCode).toBe(201);
    });

    it('refuses a job larger than the cap itself with 400 (it could never be queued)', async () => {
      const body = expectErrorBody(await createJob(t, (await t.login('cap-c')).auth, requestsOf(26, 'c')), 400);
      expect(body.detailedMessage).toContain('at most 25 requests in its queued and running jobs; this job alone has 26');
    });
  });

  describe('turns between accounts', () => {
    let t: TestApp;
    const workers: FastifyInstance[] = [];
    beforeAll(async () => {
      t = await createTestApp(kind, { AGWX_JOB_MAX_QUEUED_REQUESTS: '200000' });
    });
    afterAll(async () => {
      for (const worker of workers) await worker.close();
      await t.close();
    });

    it("runs an account's one-request job within seconds while another account has 200,000 requests queued, with two workers", async () => {
      const flood = (await t.login('flood')).auth;
      const single = (await t.login('single')).auth;
      const floodJobs: number[] = [];
      for (let j = 0; j < 20; j++) {
        const response = await createJob(t, flood, requestsOf(10_000, `flood-${j}`), `flood ${j}`);
        expect(response.statusCode).toBe(201);
        floodJobs.push(response.json().jobId);
      }
      expectErrorBody(await createJob(t, flood, requestsOf(1, 'one-more')), 429);

      // Two instances with two job slots each: every slot busy with the flood.
      for (let i = 0; i < 2; i++) {
        const worker = await buildApp({ config: t.config, store: t.store, clock: t.clock, logger: false, jobs: { concurrency: 2, pollMs: 10 } });
        await worker.ready();
        workers.push(worker);
      }
      const running = async () => (await t.store.handle.db.selectFrom('jobs').select('id').where('state', '=', 'running').execute()).length;
      await until(async () => (await running()) === 4, 'four flood jobs running', 20_000);
      const floodDone = async () => {
        let n = 0;
        for (const floodJob of floodJobs) n += await resultCount(t.store, floodJob);
        return n;
      };
      // Well into their turns (each turn is a second long).
      await until(async () => (await floodDone()) >= 1_000, 'the flood under way', 20_000, 50);
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const started = Date.now();
      const created = await createJob(t, single, [{ api: 'GET /v2/fields' }], 'single');
      expect(created.statusCode).toBe(201);
      const id = created.json().jobId as number;
      await until(async () => (await stateOf(t, id)) === 'done', 'the single job to finish', 15_000, 20);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(5_000);

      const job = (await t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: single })).json();
      expect(job.results.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['200']);
      // The flood was far from done: the single job did not wait behind it.
      const floodResults = await floodDone();
      expect(floodResults).toBeLessThan(200_000 / 2);
      expect(floodResults).toBeGreaterThan(0);
      console.info(`${kind}: one-request job done ${elapsed} ms after it was queued behind 200,000 requests (${floodResults} of them run by then)`);
    }, 60_000);
  });

  describe('rate limits', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { AGWX_RATE_PER_MINUTE: '6', AGWX_RATE_BURST: '2' }, undefined, { jobs: { concurrency: 2, pollMs: 10 } });
    });
    afterAll(async () => t.close());

    it("counts each bundled request against the key's sustained budget as it runs, waits when it is spent, and leaves the burst to direct calls", async () => {
      const { key, auth } = await t.login('paced');
      // The submission itself is one request: five of the six a minute are left for the job.
      const created = await createJob(t, auth, requestsOf(10, 'paced'));
      expect(created.statusCode).toBe(201);
      const id = created.json().jobId as number;
      await until(async () => (await resultCount(t.store, id)) === 5 && (await stateOf(t, id)) === 'running', 'five results', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await resultCount(t.store, id)).toBe(5);
      expect(await stateOf(t, id)).toBe('running');
      expect((await storedResults(t.store, id)).every((r) => r.httpStatus === 200)).toBe(true);
      // The sustained budget is spent by the job; the burst of two is still there for direct calls.
      const direct = [];
      for (let i = 0; i < 3; i++) direct.push((await t.app.inject({ method: 'GET', url: '/v2/fields', headers: auth })).statusCode);
      expect(direct).toEqual([200, 200, 429]);

      // The operator raises the key's limit: once the key is read again, the job goes on and completes.
      await t.store.keys.setRateLimit(key.key, { perMinute: 1000, burst: 0 });
      t.clock.advance(t.config.keyCacheSeconds * 1000 + 1);
      await until(async () => (await stateOf(t, id)) === 'done', 'the job to finish', 10_000);
      const results = (await t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: auth })).json().results;
      expect(results.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(Array(10).fill('200'));
    });
  });
});
