/**
 * Property-based robustness: malformed paths, query strings, headers and bodies sent to every
 * route of the OpenAPI document never produce a 5xx, and every 4xx carries the error body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ERROR_KEYS = ['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage'];

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '2024-02-30',
  '2023-02-29',
  '2024-06-14',
  '2024-06-15',
  '1900-01-01',
  '9999-12-31',
  '2024-06-14,2024-06-01',
  '2024-06-01,2024-06-14',
  '01-01',
  '02-29',
  '13-40',
  '11-01,03-31',
  '2010,2020',
  '2020,2010',
  '41.5,-93.5',
  '91,0',
  '0,181',
  'abc,def',
  ',',
  '..',
  '%2e%2e',
  '%00',
  '%E2%82%AC',
  "'; drop table fields; --",
  '<script>',
  'a'.repeat(300),
  'base,states',
  'temperatures',
  'unknown-layer',
  '1,1,1',
  '0,0,22',
  '500x500',
  '0x0',
  '99999x1',
  'true',
  'usa',
  '-name',
  'name,-acres',
);

const segment = fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.integer({ min: -1000, max: 100000 }).map(String));

function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x').replace(/%2C/gi, ','));
}

describe('robustness under malformed input', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, createSyntheticSource({ cacheSize: 64 }));
    auth = (await t.login('fuzz')).auth;
    await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'f1', farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } }),
    });
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
    );
  });
  afterAll(async () => t.close());

  it('finds the routes to exercise', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('never answers 5xx, and answers every 4xx with the error body', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const names = [...operation.queryNames, 'limit', 'offset', 'junk'];
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 4 }),
          fc.dictionary(fc.constantFrom(...names), segment, { maxKeys: 4 }),
          fc.constantFrom('valid', 'none', 'garbage', 'basic'),
          fc.oneof(fc.constant(undefined), fc.json({ maxDepth: 3 }), fc.string({ maxLength: 40 })),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json'),
          async (values, query, authKind, body, contentType) => {
            const url = `${fillPath(operation.path, values)}?${new URLSearchParams(query).toString()}`;
            const headers: Record<string, string> =
              authKind === 'valid' ? { ...auth } : authKind === 'garbage' ? { authorization: 'Bearer x.y.z' } : authKind === 'basic' ? { authorization: 'Basic Zm9vOmJhcg==' } : {};
            const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE' && body !== undefined;
            if (hasBody) headers['content-type'] = contentType;
            const response = await t.app.inject({ method: operation.method as 'GET', url, headers, ...(hasBody ? { payload: body } : {}) });
            const label = `${operation.method} ${url} -> ${response.statusCode}`;
            if (response.statusCode >= 500 && response.statusCode !== 503) failures.push(`${label} ${response.body.slice(0, 200)}`);
            if (response.statusCode >= 400) {
              let keys: string[] = [];
              try {
                keys = Object.keys(response.json());
              } catch {
                keys = [];
              }
              if (JSON.stringify(keys) !== JSON.stringify(ERROR_KEYS)) failures.push(`${label} without the error body: ${response.body.slice(0, 120)}`);
            }
          },
        ),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
