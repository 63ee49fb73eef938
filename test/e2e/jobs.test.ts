/**
 * Batch jobs through HTTP: creation, the shape of every state, execution as the job's account,
 * cancellation and purge, limits, retention. The app under test runs no worker, so queued jobs
 * stay queued until `runQueuedJobs()` starts a worker instance on the same store.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { JOB_RETENTION_MS, purgeExpiredJobs } from '../../src/jobs/job-retention.js';
import { tileAt } from '../../src/maps/index.js';
import { createKeyService } from '../../src/services/key-service.js';
import { databaseKinds } from '../support/databases.js';
import { basic, createTestApp, expectErrorBody, TEST_NOW, type TestApp } from '../support/test-app.js';

const SHORT_KEYS = ['jobStatus', 'jobId', 'title', 'type', 'dateRequested'];

describe.each(databaseKinds())('batch jobs on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;
  let bigAuth: Record<string, string>;
  let acmeKey: { key: string; secret: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const logins = await Promise.all([t.login('acme'), t.login('other'), t.login('bigfarm', { enterprise: true })]);
    [auth, otherAuth, bigAuth] = logins.map((l) => l.auth);
    acmeKey = logins[0].key;
    for (const [id, headers] of [
      ['north-40', auth],
      ['south-10', auth],
      ['theirs', otherAuth],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/fields',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ id, name: `Name_${id}`, farmId: 'farm-1', acres: 12.5, centerPoint: { latitude: 41.5, longitude: -93.5 } }),
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(async () => t.close());

  const createJob = (body: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: '/v2/jobs', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const getJob = (id: number | string, headers = auth) => t.app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers });
  const deleteJob = (id: number | string, headers = auth) => t.app.inject({ method: 'DELETE', url: `/v2/jobs/${id}`, headers });
  const batch = (requests: { title?: string; api: string }[], title = 'Weekly pull') => ({ title, type: 'batch', requests });
  const resultRows = async (jobId: number) =>
    Number(
      (
        await t.store.handle.db
          .selectFrom('job_results')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('job_id', '=', jobId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A token valid at the clock's current time (after moving it days ahead). */
  async function freshAuth(): Promise<Record<string, string>> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(acmeKey.key, acmeKey.secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    return { authorization: `Bearer ${response.json().access_token}` };
  }

  /** Starts a worker instance on the same store, waits until the queue is empty, stops it. */
  async function runQueuedJobs(config: Config = t.config): Promise<void> {
    const worker: FastifyInstance = await buildApp({ config, store: t.store, clock: t.clock, logger: false, jobs: { concurrency: 2, pollMs: 10 } });
    await worker.ready();
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const open = await t.store.handle.db.selectFrom('jobs').select('id').where('state', 'in', ['queued', 'running']).execute();
        if (open.length === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still open: ${open.map((j) => j.id).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.close();
    }
  }

  describe('creation', () => {
    it('answers 201 with Location and the queued job, jobId first, with its queue position among all accounts', async () => {
      const first = await createJob(batch([{ title: 'north', api: 'GET /v2/fields/north-40' }]));
      expect(first.statusCode).toBe(201);
      const job = first.json();
      expect(first.headers.location).toBe(`https://agwx.test/v2/jobs/${job.jobId}`);
      expect(first.body).toBe(
        JSON.stringify({ jobId: job.jobId, jobStatus: 'queued', title: 'Weekly pull', type: 'batch', dateRequested: '2024-06-15T12:00:00Z', queuePosition: 1 }),
      );
      expect(Number.isInteger(job.jobId)).toBe(true);

      const theirs = (await createJob(batch([{ api: 'GET /v2/fields/theirs' }], 'theirs'), otherAuth)).json();
      const second = (await createJob(batch([{ api: 'GET /v2/fields/south-10' }], 'second'))).json();
      expect([theirs.queuePosition, second.queuePosition]).toEqual([2, 3]);
      expect(second.jobId).toBeGreaterThan(theirs.jobId);

      // GET: the spec table's order, with queuePosition while queued.
      const read = await getJob(second.jobId);
      expect(read.statusCode).toBe(200);
      expect(read.body).toBe(
        JSON.stringify({ jobStatus: 'queued', jobId: second.jobId, title: 'second', type: 'batch', dateRequested: '2024-06-15T12:00:00Z', queuePosition: 3 }),
      );
      // Cancelling one ahead moves the others up.
      expect((await deleteJob(job.jobId)).statusCode).toBe(200);
      expect((await getJob(second.jobId)).json().queuePosition).toBe(2);
      expect((await getJob(theirs.jobId, otherAuth)).json().queuePosition).toBe(1);
      await deleteJob(theirs.jobId, otherAuth);
      await deleteJob(second.jobId);
    });

    it('refuses requests that are not GET /v2/… with a 400 naming the index of the request', async () => {
      const cases: [string, RegExp][] = [
        ['POST /v2/fields', /only GET requests/],
        ['get /v2/fields', /only GET requests/],
        ['GET', /only GET requests/],
        ['GET /v1/models', /starting with \/v2\//],
        ['GET https://example.org/v2/fields', /starting with \/v2\//],
        ['GET /oauth/token', /starting with \/v2\//],
        ['GET /v2/fields/north 40', /spaces/],
        ['GET  /v2/fields', /spaces/],
        ['GET /v2/fields\t', /spaces/],
        ['GET /v2/fields/%zz', /cannot be parsed/],
        ['GET /v2/../oauth/token', /\.\. segments/],
        ['GET /v2/fields#x', /fragment/],
        // Paths that resolve outside /v2 (or elsewhere in it) however they are spelled.
        ['GET /v2/%2e%2e/metrics', /encoded dots or slashes/],
        ['GET /v2/%2E%2E/health', /encoded dots or slashes/],
        ['GET /v2/.%2e/ready', /encoded dots or slashes/],
        ['GET /v2/%2e./ready', /encoded dots or slashes/],
        ['GET /v2/fields/%2e%2e/%2e%2e/metrics', /encoded dots or slashes/],
        ['GET /v2/%252e%252e/metrics', /encoded dots or slashes/],
        ['GET /v2/..%2fmetrics', /encoded dots or slashes/],
        ['GET /v2/fields%2f..%2f..%2fmetrics', /encoded dots or slashes/],
        ['GET /v2/%2e%2e%5cmetrics', /encoded dots or slashes/],
        ['GET /v2\\..\\metrics', /starting with \/v2\//],
        ['GET /v2/..\\metrics', /\.\. segments|percent-encoded/],
        ['GET /v2/fields\\..\\..\\metrics', /percent-encoded/],
        ['GET /v2//metrics', /empty segments/],
        ['GET //evil.example/v2/fields', /starting with \/v2\//],
        ['GET /v2/x/../../oauth/token', /\.\. segments/],
        ['GET /v2/fields;/../../health', /\.\. segments/],
        ['GET /v2/fields/%zz', /cannot be parsed/],
        ['GET /v2/fields/%e2%28', /cannot be parsed/],
        ['GET /v2/fields/\u00e9', /percent-encoded/],
        ['GET /metrics', /starting with \/v2\//],
        ['GET /health', /starting with \/v2\//],
        ['GET /ready', /starting with \/v2\//],
        ['GET /account/keys', /starting with \/v2\//],
        ['GET /docs', /starting with \/v2\//],
        ['GET /v1/models/Corn', /starting with \/v2\//],
        ['GET http://localhost/v2/fields', /starting with \/v2\//],
        // A job never reads (and so never copies) another job's results, however the path is spelled.
        ['GET /v2/jobs', /under \/v2\/jobs/],
        ['GET /v2/jobs/1', /under \/v2\/jobs/],
        ['GET /v2/jobs/1?units=us', /under \/v2\/jobs/],
        ['GET /v2/jobs/', /under \/v2\/jobs/],
        ['GET /v2/%6aobs/1', /under \/v2\/jobs/],
        ['GET /v2/j%6Fbs/1', /under \/v2\/jobs/],
        ['GET /v2/JOBS/1', /under \/v2\/jobs/],
        ['GET /v2/jobs;x/1', /under \/v2\/jobs/],
      ];
      for (const [api, reason] of cases) {
        const response = await createJob(batch([{ api: 'GET /v2/fields' }, { api: 'GET /v2/fields/north-40' }, { title: 'bad', api }]));
        const body = expectErrorBody(response, 400);
        expect(body.simpleMessage).toBe("Invalid value for property 'requests[2].api'.");
        expect(body.detailedMessage).toMatch(/^Request 2 /);
        expect(body.detailedMessage).toMatch(reason);
      }
    });

    it('accepts any query string and GET on any /v2 path (what the endpoint answers is the result)', async () => {
      const response = await createJob(
        batch([
          { api: 'GET /v2/fields?limit=2&sort=-name&properties=name,acres' },
          { api: 'GET /v2/no-such-thing?a=%20b' },
          { api: 'GET /v2/fields?next=/../../metrics&x=%2e%2e%2fhealth' },
        ]),
      );
      expect(response.statusCode).toBe(201);
      expect((await deleteJob(response.json().jobId)).json().jobStatus).toBe('cancelled');
    });

    it('refuses a malformed body with a clear 400, other media types with 415', async () => {
      expect(expectErrorBody(await createJob({ title: 'x', type: 'report', requests: [{ api: 'GET /v2/fields' }] }), 400).detailedMessage).toContain('batch');
      expect(expectErrorBody(await createJob({ type: 'batch', requests: [{ api: 'GET /v2/fields' }] }), 400).simpleMessage).toBe("Missing property 'title'.");
      expect(expectErrorBody(await createJob({ title: 'x', type: 'batch' }), 400).simpleMessage).toBe("Missing property 'requests'.");
      expectErrorBody(await createJob({ title: 'x', type: 'batch', requests: [] }), 400);
      expectErrorBody(await createJob({ title: 'x', type: 'batch', requests: [{ api: 42 }] }), 400);
      expect(expectErrorBody(await createJob({ title: 'x', type: 'batch', requests: [{ api: 'GET /v2/fields', verb: 'GET' }] }), 400).simpleMessage).toBe(
        "Unknown property 'requests.0.verb'.",
      );
      expectErrorBody(await createJob({ title: 'x'.repeat(256), type: 'batch', requests: [{ api: 'GET /v2/fields' }] }), 400);
      const malformed = await t.app.inject({ method: 'POST', url: '/v2/jobs', headers: { ...auth, 'content-type': 'application/json' }, payload: '{"title":' });
      expect(expectErrorBody(malformed, 400).simpleMessage).toBe('Malformed JSON.');
      const text = await t.app.inject({ method: 'POST', url: '/v2/jobs', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'hello' });
      expectErrorBody(text, 415);
    });

    it('needs a token; a forged in-process caller header is refused', async () => {
      expectErrorBody(await t.app.inject({ method: 'POST', url: '/v2/jobs', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(batch([{ api: 'GET /v2/fields' }])) }), 401);
      expectErrorBody(await t.app.inject({ method: 'GET', url: '/v2/jobs/1' }), 401);
      const forged = Buffer.from(JSON.stringify({ key: 'x', accountId: 1, accountName: 'acme', enterprise: true })).toString('base64url');
      for (const value of [`AAAA.${forged}`, forged, '']) {
        expectErrorBody(await t.app.inject({ method: 'GET', url: '/v2/fields', headers: { 'x-agwx-internal-caller': value } }), 401);
        expectErrorBody(await t.app.inject({ method: 'GET', url: '/v2/fields', headers: { ...auth, 'x-agwx-internal-caller': value } }), 401);
      }
    });

    it('answers 405 with Allow for other methods', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v2/jobs', headers: auth });
      expectErrorBody(response, 405);
      expect(response.headers.allow).toBe('POST');
    });
  });

  describe('limits', () => {
    const many = (count: number, agronomicAt?: number) =>
      Array.from({ length: count }, (_, i) => ({ api: i === agronomicAt ? 'GET /v2/agronomics/crops' : `GET /v2/fields/f-${i}` }));

    it('accepts 10,000 requests and refuses 10,001', async () => {
      const refused = expectErrorBody(await createJob(batch(many(10_001))), 400);
      expect(refused.simpleMessage).toBe('Too many requests in the job.');
      expect(refused.detailedMessage).toContain('at most 10000 requests');
      expect(refused.detailedMessage).toContain('this one has 10001');
      const accepted = await createJob(batch(many(10_000)));
      expect(accepted.statusCode).toBe(201);
      expect((await deleteJob(accepted.json().jobId)).json().jobStatus).toBe('cancelled');
    });

    it('accepts 1,500 requests with an agronomic one and refuses 1,501', async () => {
      const refused = expectErrorBody(await createJob(batch(many(1_501, 1_500))), 400);
      expect(refused.detailedMessage).toContain('at most 1500 requests');
      expect(refused.detailedMessage).toContain('request 1500 calls /v2/agronomics/');
      for (const requests of [many(1_500, 0), many(1_501)]) {
        const accepted = await createJob(batch(requests));
        expect(accepted.statusCode).toBe(201);
        expect((await deleteJob(accepted.json().jobId)).statusCode).toBe(200);
      }
    });
  });

  describe('results', () => {
    it('runs every request as the account would alone: same status, same payload, in request order', async () => {
      const requests = [
        { title: 'one field', api: 'GET /v2/fields/north-40' },
        { api: 'GET /v2/fields?limit=1&sort=-name' },
        { title: 'missing', api: 'GET /v2/fields/nowhere' },
        { title: "another account's", api: 'GET /v2/fields/theirs' },
        { title: 'bad limit', api: 'GET /v2/fields?limit=500' },
        { title: 'chosen properties', api: 'GET /v2/fields/south-10?properties=name' },
        { title: 'unknown path', api: 'GET /v2/nothing-here' },
      ];
      const created = (await createJob(batch(requests, 'mixed'))).json();
      await runQueuedJobs();

      const response = await getJob(created.jobId);
      expect(response.statusCode).toBe(200);
      const job = response.json();
      expect(Object.keys(job)).toEqual([...SHORT_KEYS, 'results']);
      expect(job).toMatchObject({ jobStatus: 'done', jobId: created.jobId, title: 'mixed', type: 'batch', dateRequested: '2024-06-15T12:00:00Z' });
      expect(job.results).toHaveLength(requests.length);
      for (const [index, request] of requests.entries()) {
        const result = job.results[index];
        expect(Object.keys(result)).toEqual(['title', 'api', 'httpStatus', 'payload', 'dataSource']);
        expect(result.title).toBe(request.title ?? null);
        expect(result.api).toBe(request.api);
        const alone = await t.app.inject({ method: 'GET', url: request.api.slice(4), headers: auth });
        expect(result.httpStatus).toBe(String(alone.statusCode));
        if (alone.statusCode < 400) {
          // Byte for byte: the same keys in the same order.
          expect(JSON.stringify(result.payload)).toBe(alone.body);
        } else {
          const { errorId, ...rest } = alone.json();
          expect(Object.keys(result.payload)).toEqual(Object.keys(alone.json()));
          expect(result.payload).toMatchObject(rest);
          expect(result.payload.errorId).not.toBe(errorId);
        }
      }
      expect(job.results.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['200', '200', '404', '404', '400', '200', '404']);
      expect(job.results[2].payload).toMatchObject({ statusCode: 404, statusName: 'Not Found', simpleMessage: 'Field not found.' });
      // Field answers name no weather source.
      expect(job.results.map((r: { dataSource: string | null }) => r.dataSource)).toEqual(requests.map(() => null));
    });

    it("keeps each request's X-Data-Source in its result", async () => {
      const requests = [{ title: 'observed', api: 'GET /v2/weather/fields/north-40/observations/2024-06-01,2024-06-03' }, { api: 'GET /v2/agronomics/locations/41.5,-93.5/agronomicvalues/2024-06-01' }];
      const created = (await createJob(batch(requests, 'sources'))).json();
      // A worker with weather, which also answers the same requests alone.
      const worker: FastifyInstance = await buildApp({ config: t.config, store: t.store, clock: t.clock, logger: false, weather: createSyntheticSource(), jobs: { concurrency: 1, pollMs: 10 } });
      await worker.ready();
      try {
        const deadline = Date.now() + 20_000;
        while ((await getJob(created.jobId)).json().jobStatus !== 'done') {
          if (Date.now() > deadline) throw new Error('the job did not finish');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const job = (await getJob(created.jobId)).json();
        for (const [index, request] of requests.entries()) {
          const alone = await worker.inject({ method: 'GET', url: request.api.slice(4), headers: auth });
          expect(alone.statusCode).toBe(200);
          expect(alone.headers['x-data-source']).toBeTruthy();
          expect(job.results[index].httpStatus).toBe('200');
          expect(job.results[index].dataSource).toBe(alone.headers['x-data-source']);
        }
      } finally {
        await worker.close();
      }
    });

    it("uses the job account's limits (enterprise or not)", async () => {
      const api = 'GET /v2/agronomics/crops?limit=20';
      const mine = (await createJob(batch([{ api }]))).json();
      const big = (await createJob(batch([{ api }]), bigAuth)).json();
      await runQueuedJobs();
      const [mineResult, bigResult] = [(await getJob(mine.jobId)).json().results[0], (await getJob(big.jobId, bigAuth)).json().results[0]];
      const [mineAlone, bigAlone] = [
        await t.app.inject({ method: 'GET', url: api.slice(4), headers: auth }),
        await t.app.inject({ method: 'GET', url: api.slice(4), headers: bigAuth }),
      ];
      expect(mineResult.httpStatus).toBe('400');
      expect(mineResult.payload.detailedMessage).toContain('The maximum value for the limit parameter is 10');
      expect(mineResult.httpStatus).toBe(String(mineAlone.statusCode));
      expect(bigResult.httpStatus).toBe(String(bigAlone.statusCode));
      expect(bigResult.httpStatus).not.toBe('400');
    });

    it('runs only the path it checked: a query pointing elsewhere stays a query, and a bad path queued earlier is refused as it runs', async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields?next=/../../metrics&x=%2e%2e%2fmetrics' }], 'query'))).json();
      // A job queued before the rules were this strict (written straight to the queue).
      const queued = await t.store.jobs.insert(
        {
          accountId: (await t.store.accounts.findByName('acme'))!.id,
          apiKey: acmeKey.key,
          title: 'old',
          type: 'batch',
          requests: [
            { title: null, api: 'GET /v2/%2e%2e/metrics' },
            { title: null, api: 'GET /v2/fields/north-40' },
            { title: null, api: `GET /v2/jobs/${created.jobId}` },
          ],
        },
        TEST_NOW,
      );
      if ('refused' in queued) throw new Error('refused');
      await runQueuedJobs();
      const query = (await getJob(created.jobId)).json().results[0];
      expect(query.httpStatus).toBe('200');
      expect(Object.keys(query.payload)).toEqual(['fields', '_links']);
      const old = (await getJob(queued.job.id)).json().results;
      expect(old.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['400', '200', '400']);
      expect(old[0].payload).toMatchObject({ statusCode: 400, simpleMessage: 'Invalid bundled request.' });
      expect(old[2].payload).toMatchObject({ statusCode: 400, simpleMessage: 'Invalid bundled request.' });
      expect(old[2].payload.detailedMessage).toContain('under /v2/jobs');
      expect(JSON.stringify(old[0].payload)).not.toContain('agwx_');
    });

    it('keeps no more results than the job budget: an answer that does not fit is a 413 result saying so, the rest of the job goes on', async () => {
      const image = 'GET /v2/imagery/weathermaps/base,states,roads/fields/north-40?size=600x600&zoom=10';
      const alone = await t.app.inject({ method: 'GET', url: image.slice(4), headers: auth });
      expect(alone.statusCode).toBe(200);
      // What one image takes as a stored result: its base64 text in the JSON wrapper.
      const imageBytes = JSON.stringify({ contentType: 'image/png', encoding: 'base64', data: alone.rawPayload.toString('base64') }).length;
      const created = (await createJob(batch([...Array.from({ length: 8 }, () => ({ title: 'map', api: image })), { title: 'field', api: 'GET /v2/fields/north-40' }], 'maps'))).json();
      // Room for two images and a half: the drawn image is cached, so the job is cheap to run.
      await runQueuedJobs({ ...t.config, jobMaxResultBytes: Math.floor(2.5 * imageBytes) });

      const results = (await getJob(created.jobId)).json().results as { title: string; httpStatus: string; payload: Record<string, unknown> }[];
      expect(results).toHaveLength(9);
      const maps = results.filter((r) => r.title === 'map');
      expect(maps.filter((r) => r.httpStatus === '200')).toHaveLength(2);
      expect(maps.filter((r) => r.httpStatus === '413')).toHaveLength(6);
      for (const kept of maps.filter((r) => r.httpStatus === '200')) expect(kept.payload.data).toBe(alone.rawPayload.toString('base64'));
      const refused = maps.find((r) => r.httpStatus === '413')!.payload;
      expect(Object.keys(refused)).toEqual(['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage']);
      expect(refused).toMatchObject({ statusCode: 413, statusName: 'Payload Too Large', simpleMessage: 'Result too large to keep.' });
      expect(refused.detailedMessage).toMatch(/the results of one job may hold at most [\d.]+ MiB together/);
      expect(refused.detailedMessage).toContain('Split the job into smaller jobs');
      // A small answer still fits after the refusals.
      expect(results[8]).toMatchObject({ title: 'field', httpStatus: '200' });
      const stored = Number((await t.store.handle.db.selectFrom('jobs').select('result_bytes').where('id', '=', created.jobId).executeTakeFirstOrThrow()).result_bytes);
      expect(stored).toBeLessThanOrEqual(Math.floor(2.5 * imageBytes));
      await deleteJob(created.jobId);
    });

    it("refuses a job with 413 while the account's stored results fill its budget, and takes it again once done jobs are deleted", async () => {
      const { auth: own } = await t.login('budgeted');
      const done = (await createJob(batch([{ api: 'GET /v2/fields' }, { api: 'GET /v2/fields/none' }], 'first'), own)).json();
      await runQueuedJobs();
      const stored = Number((await t.store.handle.db.selectFrom('jobs').select('result_bytes').where('id', '=', done.jobId).executeTakeFirstOrThrow()).result_bytes);
      expect(stored).toBeGreaterThan(0);
      // An instance whose accounts may keep exactly what this one has stored already.
      const full = await buildApp({ config: { ...t.config, jobAccountMaxResultBytes: stored }, store: t.store, clock: t.clock, logger: false });
      try {
        const submit = () => full.inject({ method: 'POST', url: '/v2/jobs', headers: { ...own, 'content-type': 'application/json' }, payload: JSON.stringify(batch([{ api: 'GET /v2/fields' }])) });
        const jobsOf = async () => (await t.store.handle.db.selectFrom('jobs').select('id').where('account_id', '=', (await t.store.accounts.findByName('budgeted'))!.id).execute()).length;
        const before = await jobsOf();
        const refused = expectErrorBody(await submit(), 413);
        expect(refused.simpleMessage).toBe('Job results budget used up.');
        expect(refused.detailedMessage).toContain('DELETE /v2/jobs/{jobId}');
        expect(await jobsOf()).toBe(before);
        // Other accounts are not affected; deleting the done job frees the room.
        const theirs = await full.inject({ method: 'POST', url: '/v2/jobs', headers: { ...otherAuth, 'content-type': 'application/json' }, payload: JSON.stringify(batch([{ api: 'GET /v2/fields' }])) });
        expect(theirs.statusCode).toBe(201);
        await deleteJob(theirs.json().jobId, otherAuth);
        expect((await deleteJob(done.jobId, own)).json().jobStatus).toBe('purged');
        const accepted = await submit();
        expect(accepted.statusCode).toBe(201);
        await deleteJob(accepted.json().jobId, own);
      } finally {
        await full.close();
      }
    });

    it("holds each request to the key's map limits (layers and regions), like the same key's direct call", async () => {
      const [limited, unlimited] = [await t.login('mapped'), await t.login('mapped')];
      await t.store.keys.setMapAccess(limited.key.key, { layers: ['base'], regions: [{ west: -100, south: 35, east: -90, north: 45 }] });
      const tile = (latitude: number, longitude: number) => {
        const { x, y } = tileAt(longitude, latitude, 8);
        return `${x},${y},8`;
      };
      const requests = [
        { title: 'allowed', api: `GET /v2/imagery/weathermaps/base/tiles/${tile(41.9, -93.4)}` },
        { title: 'layer', api: `GET /v2/imagery/weathermaps/states/tiles/${tile(41.9, -93.4)}` },
        { title: 'region', api: `GET /v2/imagery/weathermaps/base/tiles/${tile(48.8, 2.3)}` },
      ];
      const direct = await Promise.all(requests.map((r) => t.app.inject({ method: 'GET', url: r.api.slice(4), headers: limited.auth })));
      expect(direct.map((r) => r.statusCode)).toEqual([200, 403, 403]);
      const mine = (await createJob(batch(requests, 'limited'), limited.auth)).json();
      const theirs = (await createJob(batch(requests, 'unlimited'), unlimited.auth)).json();
      await runQueuedJobs();
      const results = (await getJob(mine.jobId, limited.auth)).json().results;
      expect(results.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['200', '403', '403']);
      expect(results[0].payload).toMatchObject({ contentType: 'image/png', encoding: 'base64' });
      expect(Buffer.from(results[0].payload.data, 'base64').equals(direct[0]!.rawPayload)).toBe(true);
      for (const index of [1, 2]) {
        const { errorId, ...rest } = direct[index]!.json();
        expect(results[index].payload).toMatchObject(rest);
        expect(results[index].payload.errorId).not.toBe(errorId);
      }
      // The same account's other key has no limits: the key decides, not the account.
      const open = (await getJob(theirs.jobId, unlimited.auth)).json().results;
      expect(open.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['200', '200', '200']);
    });

    it('answers 401 for each request once the key that queued the job is disabled', async () => {
      const doomed = await t.login('acme');
      const created = (await createJob(batch([{ api: 'GET /v2/fields/north-40' }], 'disabled key'), doomed.auth)).json();
      await createKeyService(t.store, t.clock).disableKey(doomed.key.key);
      await runQueuedJobs();
      const [result] = (await getJob(created.jobId)).json().results;
      expect(result.httpStatus).toBe('401');
      expect(result.payload).toMatchObject({ statusCode: 401, simpleMessage: 'Invalid API key.' });
    });

    it("is another account's job: 404, never revealed; a bad id is 400", async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields' }]))).json();
      expect(expectErrorBody(await getJob(created.jobId, otherAuth), 404).simpleMessage).toBe('Job not found.');
      expectErrorBody(await deleteJob(created.jobId, otherAuth), 404);
      expect((await getJob(created.jobId)).json().jobStatus).toBe('queued');
      expectErrorBody(await getJob(99_999_999), 404);
      expectErrorBody(await getJob('99999999999999'), 404);
      for (const bad of ['abc', '1.5', '-1', '0', '1e3', '%20']) {
        const body = expectErrorBody(await getJob(bad), 400);
        expect(body.simpleMessage).toBe("Invalid value for parameter 'jobId'.");
        expectErrorBody(await deleteJob(bad), 400);
      }
      expect((await deleteJob(created.jobId)).statusCode).toBe(200);
    });
  });

  describe('cancel and purge', () => {
    it('cancels a queued job: 200 with the short shape; again is still cancelled', async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields' }], 'to cancel'))).json();
      const response = await deleteJob(created.jobId);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(JSON.stringify({ jobStatus: 'cancelled', jobId: created.jobId, title: 'to cancel', type: 'batch', dateRequested: '2024-06-15T12:00:00Z' }));
      expect((await getJob(created.jobId)).body).toBe(response.body);
      expect((await deleteJob(created.jobId)).body).toBe(response.body);
      // No worker takes it any more.
      expect(await t.store.jobs.claim('any', Date.now(), Date.now() + 60_000)).toBeUndefined();
      expect((await getJob(created.jobId)).json().jobStatus).toBe('cancelled');
    });

    it('cancels a running job: shown queued at position 0 while running; the worker can no longer write', async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields' }, { api: 'GET /v2/fields/north-40' }], 'running'))).json();
      const now = Date.now();
      const claim = await t.store.jobs.claim('worker-a', now, now + 60_000);
      expect(claim?.id).toBe(created.jobId);
      const running = await getJob(created.jobId);
      expect(running.body).toBe(
        JSON.stringify({ jobStatus: 'queued', jobId: created.jobId, title: 'running', type: 'batch', dateRequested: '2024-06-15T12:00:00Z', queuePosition: 0 }),
      );
      expect(await t.store.jobs.saveResults(created.jobId, 'worker-a', now + 60_000, [{ position: 0, httpStatus: 200, payload: '{}' }])).toBe(true);
      const cancelled = await deleteJob(created.jobId);
      expect(Object.keys(cancelled.json())).toEqual(SHORT_KEYS);
      expect(cancelled.json().jobStatus).toBe('cancelled');
      expect(await resultRows(created.jobId)).toBe(0);
      expect(await t.store.jobs.saveResults(created.jobId, 'worker-a', now + 60_000, [{ position: 1, httpStatus: 200, payload: '{}' }])).toBe(false);
      expect(await t.store.jobs.complete(created.jobId, 'worker-a', TEST_NOW)).toBe(false);
      expect(await resultRows(created.jobId)).toBe(0);
      expect((await getJob(created.jobId)).json().jobStatus).toBe('cancelled');
    });

    it('purges a done job at once: results deleted, short shape', async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields' }, { api: 'GET /v2/fields/north-40' }], 'to purge'))).json();
      await runQueuedJobs();
      expect((await getJob(created.jobId)).json().results).toHaveLength(2);
      expect(await resultRows(created.jobId)).toBe(2);
      const purged = await deleteJob(created.jobId);
      expect(purged.statusCode).toBe(200);
      expect(purged.body).toBe(JSON.stringify({ jobStatus: 'purged', jobId: created.jobId, title: 'to purge', type: 'batch', dateRequested: '2024-06-15T12:00:00Z' }));
      expect(await resultRows(created.jobId)).toBe(0);
      expect((await getJob(created.jobId)).body).toBe(purged.body);
      expect((await deleteJob(created.jobId)).body).toBe(purged.body);
    });
  });

  describe('retention', () => {
    it('keeps results three days after completion, then the job is purged (sweep deletes the results)', async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields' }], 'kept'))).json();
      t.clock.set(TEST_NOW + 60_000);
      await runQueuedJobs();
      const completedAt = TEST_NOW + 60_000;
      try {
        t.clock.set(completedAt + JOB_RETENTION_MS - 1000);
        await purgeExpiredJobs(t.store, t.clock); // jobs of earlier tests, completed a minute before
        expect((await getJob(created.jobId, await freshAuth())).json().results).toHaveLength(1);
        expect(await resultRows(created.jobId)).toBe(1);

        t.clock.set(completedAt + JOB_RETENTION_MS);
        const later = await freshAuth();
        // Past retention the job reads as purged even before the sweep ran.
        const read = await getJob(created.jobId, later);
        expect(read.body).toBe(JSON.stringify({ jobStatus: 'purged', jobId: created.jobId, title: 'kept', type: 'batch', dateRequested: '2024-06-15T12:00:00Z' }));
        expect(await resultRows(created.jobId)).toBe(1);
        expect(await purgeExpiredJobs(t.store, t.clock)).toBeGreaterThanOrEqual(1);
        expect(await resultRows(created.jobId)).toBe(0);
        const row = await t.store.handle.db.selectFrom('jobs').select(['state', 'requests']).where('id', '=', created.jobId).executeTakeFirstOrThrow();
        expect(row).toEqual({ state: 'purged', requests: '[]' });
        expect((await getJob(created.jobId, later)).body).toBe(read.body);
        // A second sweep (or another instance's) changes nothing.
        expect(await purgeExpiredJobs(t.store, t.clock)).toBe(0);
      } finally {
        t.clock.set(TEST_NOW);
      }
    });

    it('runs the sweep in the worker', async () => {
      const created = (await createJob(batch([{ api: 'GET /v2/fields' }], 'swept'))).json();
      await runQueuedJobs();
      t.clock.set(TEST_NOW + JOB_RETENTION_MS + 1);
      try {
        const worker = await buildApp({ config: t.config, store: t.store, clock: t.clock, logger: false, jobs: { concurrency: 1, pollMs: 10, sweepMs: 20 } });
        await worker.ready();
        const deadline = Date.now() + 10_000;
        while ((await resultRows(created.jobId)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        await worker.close();
        expect(await resultRows(created.jobId)).toBe(0);
        expect((await t.store.handle.db.selectFrom('jobs').select('state').where('id', '=', created.jobId).executeTakeFirstOrThrow()).state).toBe('purged');
      } finally {
        t.clock.set(TEST_NOW);
      }
    });
  });
});
