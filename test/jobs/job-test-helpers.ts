/** Helpers of the job tests: apps on a given store, accounts with tokens, waiting on jobs. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Clock, manualClock } from '../../src/core/clock.js';
import type { JobWorkerOptions } from '../../src/jobs/job-worker.js';
import { createKeyService } from '../../src/services/key-service.js';
import type { JobResultRecord } from '../../src/store/job-repository.js';
import type { Store } from '../../src/store/store.js';
import { basic, TEST_NOW } from '../support/test-app.js';

export const testConfig = () => loadConfig({ AGWX_BASE_URL: 'https://agwx.test', LOG_LEVEL: 'silent' });

/** An app on `store`, with a job worker when `jobs` is given. */
export async function appOn(store: Store, jobs?: JobWorkerOptions, clock: Clock = manualClock(TEST_NOW)): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), store, clock, logger: false, jobs });
  await app.ready();
  return app;
}

/** Creates an account with a key and returns bearer headers for it. */
export async function bearer(app: FastifyInstance, store: Store, account: string): Promise<Record<string, string>> {
  const key = await createKeyService(store, manualClock(TEST_NOW)).createKey(account, {});
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: basic(key.key, key.secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  return { authorization: `Bearer ${response.json().access_token}` };
}

export async function createField(app: FastifyInstance, auth: Record<string, string>, id: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/v2/fields',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ id, name: `Name_${id}`, farmId: 'farm', acres: 1, centerPoint: { latitude: 45, longitude: 5 } }),
  });
  if (response.statusCode !== 201) throw new Error(`field: ${response.statusCode} ${response.body}`);
}

export async function submitJob(app: FastifyInstance, auth: Record<string, string>, requests: { title?: string; api: string }[], title = 'job'): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/v2/jobs',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ title, type: 'batch', requests }),
  });
  if (response.statusCode !== 201) throw new Error(`job: ${response.statusCode} ${response.body}`);
  return response.json().jobId as number;
}

export async function jobRow(store: Store, id: number) {
  return store.handle.db.selectFrom('jobs').select(['state', 'attempts', 'claim_token']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function resultCount(store: Store, id: number): Promise<number> {
  const row = await store.handle.db.selectFrom('job_results').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000, everyMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Every stored result of a job, in request order (read page by page, as the API reads them). */
export async function storedResults(store: Store, id: number): Promise<JobResultRecord[]> {
  const all: JobResultRecord[] = [];
  for await (const page of store.jobs.resultPages(id, 1024 * 1024)) all.push(...page);
  return all;
}
