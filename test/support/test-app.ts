/** Builds an app on a fresh store with a movable clock, and hands out tokens. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { manualClock } from '../../src/core/clock.js';
import type { ComputePool } from '../../src/compute/compute-pool.js';
import type { JobWorkerOptions } from '../../src/jobs/job-worker.js';
import { createKeyService, type IssuedKey } from '../../src/services/key-service.js';
import type { Store } from '../../src/store/store.js';
import type { WeatherSource } from '../../src/weather/weather-source.js';
import { type DatabaseKind, openTestStore } from './databases.js';

export const TEST_NOW = Date.parse('2024-06-15T12:00:00Z');

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  /** Creates a key for the account (created when new) and returns it with a token. */
  login(account?: string, options?: { enterprise?: boolean }): Promise<{ key: IssuedKey; token: string; auth: Record<string, string> }>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DatabaseKind = 'sqlite',
  env: Record<string, string> = {},
  weather?: WeatherSource,
  options: { jobs?: JobWorkerOptions; compute?: ComputePool } = {},
): Promise<TestApp> {
  const store = await openTestStore(kind);
  const clock = manualClock(TEST_NOW);
  // Rate limits high enough not to interfere; the rate-limit tests set their own.
  const config = loadConfig({ AGWX_BASE_URL: 'https://agwx.test', LOG_LEVEL: 'silent', AGWX_RATE_PER_MINUTE: '1000000', AGWX_ENTERPRISE_RATE_PER_MINUTE: '1000000', ...env });
  const app = await buildApp({ config, store, clock, monotonic: clock.now, weather, logger: false, jobs: options.jobs, ...(options.compute ? { compute: options.compute } : {}) });
  await app.ready();
  const keys = createKeyService(store, clock);
  return {
    app,
    store,
    clock,
    config,
    async login(account = 'acme', options = {}) {
      const key = await keys.createKey(account, options);
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: basic(key.key, key.secret), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
      if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
      const token = response.json().access_token as string;
      return { key, token, auth: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await store.close();
    },
  };
}

export function basic(key: string, secret: string): string {
  return `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
}

/** Asserts the supplement's error body and returns it. */
export function expectErrorBody(response: LightMyRequestResponse, status: number) {
  const body = response.json();
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  const keys = Object.keys(body);
  const expected = ['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage'];
  if (JSON.stringify(keys) !== JSON.stringify(expected)) throw new Error(`error body keys ${keys.join(',')}`);
  if (body.statusCode !== status || typeof body.errorId !== 'string' || body.errorId.length < 8) {
    throw new Error(`bad error body ${response.body}`);
  }
  if (!String(response.headers['content-type']).startsWith('application/json')) throw new Error('error body is not JSON');
  return body as { statusCode: number; statusName: string; errorId: string; simpleMessage: string; detailedMessage: string };
}

/** Creates a field through the API for the given caller; fails the test when it is refused. */
export async function createField(
  t: TestApp,
  headers: Record<string, string>,
  id: string,
  centerPoint: { latitude: number; longitude: number },
): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/fields',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ id, farmId: 'farm', centerPoint }),
  });
  if (response.statusCode !== 201) throw new Error(`creating field '${id}' failed: ${response.statusCode} ${response.body}`);
}
