/**
 * Outages are not results: a bundled request answered 503 because the database, Redis or a
 * weather provider cannot be reached is retried with back-off and never stored as a 503; past the
 * retry bound the run ends and the job goes back to the queue with the results it has. The worker
 * logs one line when an outage starts and one when it ends, never a stack per poll.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { manualClock, systemClock } from '../../src/core/clock.js';
import { createInternalCaller } from '../../src/http/authenticate.js';
import { createJobWorker } from '../../src/jobs/job-worker.js';
import { type Dispatch, type DispatchedResponse, runJob } from '../../src/jobs/job-runner.js';
import { openStore, type Store } from '../../src/store/store.js';
import { SourceUnavailableError } from '../../src/weather/weather-source.js';
import { openTestStore } from '../support/databases.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { privateServicesAvailable, privateServicesRequired, startPrivatePostgres } from '../support/private-services.js';
import { TEST_NOW } from '../support/test-app.js';
import { bearer, createField, submitJob, testConfig, until } from './job-test-helpers.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');
const FAST_RETRY = { boundMs: 10_000, firstDelayMs: 5, maxDelayMs: 20 };

interface Line {
  level: string;
  fields: Record<string, unknown>;
  msg: string;
}

/** A logger that keeps every line. */
function recordingLog(): { log: FastifyBaseLogger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (fields: unknown, msg?: string) =>
    lines.push(typeof fields === 'string' ? { level, fields: {}, msg: fields } : { level, fields: (fields ?? {}) as Record<string, unknown>, msg: msg ?? '' });
  const log = { level: 'info', info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal'), silent: () => undefined } as unknown as FastifyBaseLogger;
  (log as unknown as { child: () => FastifyBaseLogger }).child = () => log;
  return { log, lines };
}

const answer = (statusCode: number, body: unknown, headers: Record<string, string> = {}): DispatchedResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  rawPayload: Buffer.from(JSON.stringify(body)),
});
/** What the error handler answers the in-process caller during an outage. */
const outage = (cause: 'dependency' | 'weather-provider') =>
  answer(503, { statusCode: 503, simpleMessage: 'Service temporarily unavailable.' }, { 'retry-after': '5', 'x-agwx-unavailable': cause });

/** A job's stored results, straight from the table, in request order. */
async function storedResults(store: Store, id: number) {
  const rows = await store.handle.db.selectFrom('job_results').select(['position', 'http_status', 'payload']).where('job_id', '=', id).orderBy('position').execute();
  return rows.map((r) => ({ position: r.position, httpStatus: r.http_status, payload: r.payload }));
}

describe('bundled requests during an outage', () => {
  let store: Store;
  let accountId: number;

  beforeAll(async () => {
    store = await openTestStore('sqlite');
    accountId = (await store.accounts.create('outage', false, NOW)).id;
  });
  afterAll(async () => store.close());

  const claimJob = async (paths: string[]) => {
    const queued = await store.jobs.insert({ accountId, apiKey: 'k', title: 'outage', type: 'batch', requests: paths.map((p) => ({ title: p, api: `GET ${p}` })) }, NOW);
    if ('refused' in queued) throw new Error('refused');
    const claim = (await store.jobs.claim(`w-${queued.job.id}`, Date.now(), Date.now() + 60_000))!;
    expect(claim.id).toBe(queued.job.id);
    return claim;
  };
  const run = (claim: Awaited<ReturnType<typeof claimJob>>, dispatch: Dispatch, log: FastifyBaseLogger, boundMs = FAST_RETRY.boundMs) =>
    runJob(
      claim,
      { store, dispatch, internalCaller: createInternalCaller(), clock: manualClock(NOW), leaseClock: systemClock(), leaseMs: 60_000, outageRetry: { ...FAST_RETRY, boundMs }, log },
      new AbortController().signal,
    );

  it('retries a request answered 503 for an outage until it answers, and keeps the answer, not the 503', async () => {
    const calls = new Map<string, number>();
    const dispatch: Dispatch = async ({ url }) => {
      const n = (calls.get(url) ?? 0) + 1;
      calls.set(url, n);
      if (url === '/v2/fields/flaky' && n <= 3) return outage('dependency');
      if (url === '/v2/weather/far' && n <= 2) return outage('weather-provider');
      // A 503 that is no outage (no weather source configured at all) is an answer like any other.
      if (url === '/v2/weather/none') return answer(503, { statusCode: 503, simpleMessage: 'Weather data temporarily unavailable.' }, { 'retry-after': '60' });
      return answer(200, { url, n });
    };
    const { log, lines } = recordingLog();
    const claim = await claimJob(['/v2/fields/a', '/v2/fields/flaky', '/v2/weather/far', '/v2/weather/none', '/v2/fields/b']);
    expect(await run(claim, dispatch, log)).toBe('done');

    const results = await storedResults(store, claim.id);
    expect(results.map((r) => r.httpStatus)).toEqual([200, 200, 200, 503, 200]);
    expect(JSON.parse(results[1]!.payload)).toEqual({ url: '/v2/fields/flaky', n: 4 });
    expect(JSON.parse(results[2]!.payload)).toEqual({ url: '/v2/weather/far', n: 3 });
    expect([calls.get('/v2/fields/flaky'), calls.get('/v2/weather/far'), calls.get('/v2/weather/none')]).toEqual([4, 3, 1]);
    // One line when each outage starts, one when it ends; no stack.
    expect(lines.map((l) => `${l.level} ${l.msg}`).sort()).toEqual([
      'info batch jobs: a weather provider is available again',
      'info batch jobs: the database or Redis is available again',
      'warn batch jobs: a weather provider is unavailable; bundled requests are retried and jobs wait until it answers',
      'warn batch jobs: the database or Redis is unavailable; bundled requests are retried and jobs wait until it answers',
    ]);
    expect(lines.some((l) => 'err' in l.fields)).toBe(false);
  });

  it('hands the job back with the results it has when the outage outlasts the bound, and finishes it once it is over', async () => {
    let down = true;
    const dispatch: Dispatch = async ({ url }) => (down && url === '/v2/fields/down' ? outage('dependency') : answer(200, { url }));
    const { log, lines } = recordingLog();
    const claim = await claimJob(['/v2/fields/a', '/v2/fields/down', '/v2/fields/b', '/v2/fields/c']);
    expect(await run(claim, dispatch, log, 60)).toBe('outage');
    const kept = await storedResults(store, claim.id);
    expect(kept.map((r) => r.position).sort()).not.toContain(1);
    expect(kept.every((r) => r.httpStatus === 200)).toBe(true);
    expect(await store.jobs.release(claim.id, claim.token, Date.now())).toBe(true);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);

    down = false;
    const again = (await store.jobs.claim('again', Date.now(), Date.now() + 60_000))!;
    expect(again.id).toBe(claim.id);
    expect(again.savedPositions).toEqual(kept.map((r) => r.position));
    expect(await run(again, dispatch, log)).toBe('done');
    expect((await storedResults(store, claim.id)).map((r) => r.httpStatus)).toEqual([200, 200, 200, 200]);
  });

  it('waits through its own queries failing for an unreachable database, and saves the results once it answers', async () => {
    let failures = 3;
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const flaky: Store = {
      ...store,
      jobs: {
        ...store.jobs,
        saveResults: (...args: Parameters<Store['jobs']['saveResults']>) => (failures-- > 0 ? Promise.reject(unreachable) : store.jobs.saveResults(...args)),
      },
    };
    const { log, lines } = recordingLog();
    const claim = await claimJob(['/v2/fields/a', '/v2/fields/b']);
    const outcome = await runJob(
      claim,
      { store: flaky, dispatch: async ({ url }) => answer(200, { url }), internalCaller: createInternalCaller(), clock: manualClock(NOW), leaseClock: systemClock(), leaseMs: 60_000, outageRetry: FAST_RETRY, log },
      new AbortController().signal,
    );
    expect(outcome).toBe('done');
    expect((await storedResults(store, claim.id)).map((r) => r.httpStatus)).toEqual([200, 200]);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[0]!.fields.reason).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});

describe('the job worker during an outage', () => {
  it('logs one line when claiming starts failing and one when it works again, not a line per poll', async () => {
    const store = await openTestStore('sqlite');
    try {
      let polls = 0;
      const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      const down: Store = {
        ...store,
        jobs: {
          ...store.jobs,
          claim: async (...args: Parameters<Store['jobs']['claim']>) => (++polls <= 30 ? Promise.reject(unreachable) : store.jobs.claim(...args)),
          purgeCompletedBefore: async (...args: Parameters<Store['jobs']['purgeCompletedBefore']>) => (polls <= 30 ? Promise.reject(unreachable) : store.jobs.purgeCompletedBefore(...args)),
        },
      };
      const { log, lines } = recordingLog();
      const worker = createJobWorker({
        store: down,
        clock: manualClock(NOW),
        dispatch: async () => answer(200, {}),
        internalCaller: createInternalCaller(),
        log,
        options: { concurrency: 2, pollMs: 5, sweepMs: 10 },
      });
      worker.start();
      await until(async () => polls > 40, 'the worker to claim again after the outage');
      await worker.stop();
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);
      expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
        'warn batch jobs: the database or Redis is unavailable; bundled requests are retried and jobs wait until it answers',
        'info batch jobs: the database or Redis is available again',
      ]);
      expect(lines.some((l) => 'err' in l.fields)).toBe(false);
    } finally {
      await store.close();
    }
  });
});

/** Pino lines of an app, parsed. */
function capturedLogger() {
  const lines: { level: number; msg: string; err?: unknown }[] = [];
  return { lines, logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } };
}
const OUTAGE_START = 'batch jobs: the database or Redis is unavailable; bundled requests are retried and jobs wait until it answers';
const OUTAGE_END = 'batch jobs: the database or Redis is available again';

describe('a bundled request through the application while a weather provider does not answer', () => {
  it('is retried and keeps its answer; a provider that refuses the request is a 503 result; a client never sees the mark', async () => {
    const store = await openTestStore('sqlite');
    const fake = createFakeWeatherSource();
    let failures = 2;
    const weather = {
      ...fake,
      async daily(...args: Parameters<typeof fake.daily>) {
        const [, range] = args;
        // A provider that refuses the request (a 4xx): no retry will change its answer.
        if (range.start === '2024-05-01') throw new SourceUnavailableError('fake', 'fake refused the request (HTTP 400)', 60);
        if (failures-- > 0) {
          throw Object.assign(new SourceUnavailableError('fake', 'fake is unreachable: connect ETIMEDOUT', 1), { cause: { name: 'UpstreamUnavailableError' } });
        }
        return fake.daily(...args);
      },
    };
    const { lines, logger } = capturedLogger();
    const app = await buildApp({ config: testConfig(), store, clock: manualClock(TEST_NOW), weather, logger, jobs: { concurrency: 1, pollMs: 10, outageRetry: FAST_RETRY } });
    await app.ready();
    try {
      const auth = await bearer(app, store, 'acme');
      await createField(app, auth, 'f1');
      const direct = await app.inject({ method: 'GET', url: '/v2/weather/fields/f1/observations/2024-05-01,2024-05-03', headers: auth });
      expect(direct.statusCode).toBe(503);
      expect(direct.headers['x-agwx-unavailable']).toBeUndefined();
      const id = await submitJob(app, auth, [{ api: 'GET /v2/weather/fields/f1/observations/2024-06-01,2024-06-05' }, { api: 'GET /v2/weather/fields/f1/observations/2024-05-01,2024-05-03' }]);
      await until(async () => (await app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: auth })).json().jobStatus === 'done', 'the job to finish');
      const results = (await app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: auth })).json().results;
      expect(results.map((r: { httpStatus: string }) => r.httpStatus)).toEqual(['200', '503']);
      expect(results[0].payload.statusCode).toBeUndefined();
      expect(results[1].payload).toMatchObject({ statusCode: 503, simpleMessage: 'Weather data temporarily unavailable.' });
      expect(failures).toBeLessThan(0);
      expect(lines.filter((l) => l.msg.startsWith('batch jobs: a weather provider')).map((l) => l.msg)).toEqual([
        'batch jobs: a weather provider is unavailable; bundled requests are retried and jobs wait until it answers',
        'batch jobs: a weather provider is available again',
      ]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe.runIf(privateServicesAvailable() || privateServicesRequired())('a job running while its PostgreSQL stops and starts again', () => {
  it('finishes with every answer it would have had, no 503 among them, and one log line for the outage and one for its end', async () => {
    const postgres = await startPrivatePostgres();
    const store = await openStore(postgres.url, { poolSize: 4 });
    const fake = createFakeWeatherSource();
    // Each observation takes a little while, so that the job is still running when the database stops.
    const weather = { ...fake, daily: async (...args: Parameters<typeof fake.daily>) => (await new Promise((resolve) => setTimeout(resolve, 40)), fake.daily(...args)) };
    const { lines, logger } = capturedLogger();
    const app = await buildApp({
      config: testConfig(),
      store,
      clock: manualClock(TEST_NOW),
      weather,
      logger,
      jobs: { concurrency: 1, pollMs: 50, outageRetry: { boundMs: 30_000, firstDelayMs: 100, maxDelayMs: 500 } },
    });
    await app.ready();
    try {
      const auth = await bearer(app, store, 'acme');
      await createField(app, auth, 'f1');
      const requests = Array.from({ length: 240 }, (_, i) => ({ api: `GET /v2/weather/fields/f1/observations/2024-06-01,2024-06-05?n=${i}` }));
      const id = await submitJob(app, auth, requests);
      await until(async () => fake.dailyCalls.length >= 60, 'the job to be running', 20_000);
      const before = lines.length;
      await postgres.stop();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await postgres.start();
      await until(async () => (await store.jobs.get((await store.accounts.findByName('acme'))!.id, id))?.state === 'done', 'the job to finish', 30_000, 100);
      const results = (await app.inject({ method: 'GET', url: `/v2/jobs/${id}`, headers: auth })).json().results as { httpStatus: string }[];
      expect(results).toHaveLength(240);
      expect(results.filter((r) => r.httpStatus !== '200')).toEqual([]);
      const during = lines.slice(before);
      expect(during.filter((l) => l.msg === OUTAGE_START)).toHaveLength(1);
      expect(during.filter((l) => l.msg === OUTAGE_END)).toHaveLength(1);
      expect(during.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await app.close();
      await store.close();
      await postgres.destroy();
    }
  }, 90_000);
});
