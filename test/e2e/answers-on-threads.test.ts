/**
 * Large answers written on the compute pool's threads (the rows of a year of agronomic values, of
 * weather norms) are the very bytes the event loop writes without a pool, in JSON and CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComputePool, JSON_ROWS_ON_THREADS } from '../../src/compute/compute-pool.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { createField, createTestApp, type TestApp } from '../support/test-app.js';

const pool = createComputePool({ threads: 1 });
let threaded: TestApp;
let alone: TestApp;
let headers: [Record<string, string>, Record<string, string>];

beforeAll(async () => {
  // The answer cache is off, so that every request is written.
  const env = { AGWX_ANSWER_CACHE_MB: '0' };
  threaded = await createTestApp('sqlite', env, createSyntheticSource({ cacheSize: 64 }), { compute: pool });
  alone = await createTestApp('sqlite', env, createSyntheticSource({ cacheSize: 64 }));
  // An enterprise key: pages of up to 120 days.
  headers = [(await threaded.login('acme', { enterprise: true })).auth, (await alone.login('acme', { enterprise: true })).auth];
  for (const [i, t] of [threaded, alone].entries()) await createField(t, headers[i]!, 'north', { latitude: 41.6, longitude: -93.6 });
});

afterAll(async () => {
  await threaded.close();
  await alone.close();
  await pool.close();
});

// Answers of at least JSON_ROWS_ON_THREADS numbers: a year of agronomic values, weather norms in
// pages of 120 days (a page of agronomic norms stays below it and is written on the event loop).
const URLS = [
  '/v2/agronomics/fields/north/agronomicvalues/2023-01-01,2023-12-31',
  '/v2/agronomics/fields/north/agronomicvalues/2022-07-01,2023-06-30?sort=-date&units=usa',
  '/v2/agronomics/locations/41.6,-93.6/agronomicvalues/2023-06-15,2024-06-14?accumulationStartDate=2023-06-15&units=usa',
  '/v2/weather/fields/north/norms/01-01,06-30?limit=120',
  '/v2/weather/locations/41.6,-93.6/norms/05-01,08-31/years/2001,2020?limit=120&units=usa',
  '/v2/weather/locations/41.6,-93.6/norms/11-01,04-30?limit=120&offset=40',
];

/** The numbers (and nulls in their place) of an answer's daily entries: enough that the pool writes them on a thread. */
function numbersOf(body: Record<string, unknown>): number {
  const entries = Object.values(body).find(Array.isArray) as unknown[];
  const count = (value: unknown): number =>
    value === null || typeof value === 'number' ? 1 : typeof value === 'object' ? Object.values(value as object).reduce<number>((n, v) => n + count(v), 0) : 0;
  return count(entries);
}

describe('answers written on worker threads', () => {
  for (const url of URLS) {
    it(`writes ${url} as the event loop does`, async () => {
      for (const accept of ['application/json', 'text/csv']) {
        const [a, b] = await Promise.all(
          [threaded, alone].map((t, i) => t.app.inject({ method: 'GET', url, headers: { ...headers[i]!, accept } })),
        );
        expect(a!.statusCode, a!.body).toBe(200);
        expect(a!.headers['content-type']).toBe(b!.headers['content-type']);
        expect(a!.body).toBe(b!.body);
      }
      const body = (await threaded.app.inject({ method: 'GET', url, headers: headers[0]! })).json();
      expect(numbersOf(body)).toBeGreaterThanOrEqual(JSON_ROWS_ON_THREADS);
    });
  }
});
