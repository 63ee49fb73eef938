/**
 * Property-based robustness over every route of the OpenAPI document (/openapi.json): malformed
 * paths, query strings, headers and bodies never produce a 5xx, and every 4xx carries the error
 * body. Inputs: NUL bytes, 64-bit and negative integers, percent-encoded dots and slashes,
 * invalid UTF-8 percent-encodings, over-long strings, wrong JSON types (bodies built from each
 * route's own body schema, then broken), JSON that is not what it claims; and CORS preflights of
 * every route from allowed and other origins, with odd methods and header lists. On SQLite and,
 * with CI=true, on PostgreSQL. New routes are covered as they join the OpenAPI document.
 *
 * Every operation runs a fixed seed (the same inputs on every run) and a few runs of a fresh
 * seed; a failure names its seed, so `FUZZ_SEED=<seed>` replays it (FUZZ_RUNS sets the count).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ERROR_KEYS = ['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage'];
const FIXED_SEED = 20261122;
const FIXED_RUNS = 25;
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 5);
const RANDOM_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
  body?: JsonSchema;
}

/** Plain text values, percent-encoded before they go into a URL. */
const TEXTS = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '-2147483649',
  '2147483647',
  '2147483648',
  '9223372036854775807',
  '-9223372036854775808',
  '99999999999999999999999',
  '1e308',
  '1e400',
  '0x10',
  '1.5',
  'NaN',
  'Infinity',
  'a\u0000b',
  '\u0000',
  '\uFFFF',
  '😀',
  '..',
  '.',
  '../../etc/passwd',
  "'; drop table fields; --",
  '<script>',
  'a'.repeat(300),
  'b'.repeat(5000),
  '2024-02-30',
  '2023-02-29',
  '2024-06-14',
  '2024-06-15',
  '1900-01-01',
  '9999-12-31',
  '2024-06-14,2024-06-01',
  '2024-06-01,2024-06-14',
  '2024-06-01,9223372036854775807',
  '01-01',
  '02-29',
  '13-40',
  '11-01,03-31',
  '2010,2020',
  '2020,2010',
  '0001,9999',
  '41.5,-93.5',
  '91,0',
  '0,181',
  '1e400,1e400',
  'abc,def',
  ',',
  'base,states',
  'temperatures',
  'unknown-layer',
  '1,1,1',
  '0,0,22',
  '9223372036854775807,0,21',
  '-1,-1,5',
  '500x500',
  '0x0',
  '99999x1',
  '9223372036854775807x9223372036854775807',
  'true',
  'usa',
  '-name',
  'name,-acres',
  'current',
  'f1',
  '1',
  'corn',
];

/** Already percent-encoded: dots, slashes, NUL, and byte sequences that are not UTF-8. Inserted verbatim. */
const RAW = [
  '%00',
  'a%00b',
  '%2e%2e',
  '%2E%2E%2F%2E%2E',
  '.%2e',
  '%2e',
  '..%2f..%2f',
  '%5c..%5c',
  '%ff',
  '%fe%ff',
  '%C0%AE%C0%AE',
  '%C0%AF',
  '%ED%A0%80',
  '%E2%82',
  '%F4%90%80%80',
  '%',
  '%zz',
  '%%',
  '%u0000',
  '%2C%2C',
  '%20',
  '%0d%0aX-Injected:%201',
];

/** Basic credentials whose key holds a NUL. */
const BASIC_WITH_NUL = `Basic ${Buffer.from('key\u0000:secret\u0000').toString('base64')}`;

const encode = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
const urlPart = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TEXTS).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }).map(encode) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** Well-formed values per parameter name, so that one broken part reaches the code behind the others. */
const PLAUSIBLE: Record<string, string[]> = {
  fieldId: ['f1', 'f1', 'nope'],
  plantingId: ['1', 'current', '2'],
  cropId: ['corn', 'wheat-generic'],
  modelId: ['corn-2500-gdd', 'wheat-generic'],
  jobId: ['1', '2'],
  dates: ['2024-06-01,2024-06-10', '2024-06-14', '2024-06-16'],
  days: ['06-01,06-10', '06-01', '11-01,03-31'],
  years: ['2015,2020', '2010,2023'],
  coordinates: ['41.5,-93.5', '-33.9,151.2'],
  types: ['base,states', 'temperatures', 'base,states,temperatures'],
  address: ['7,11,5', '0,0,1'],
  interval: ['0', '3'],
  limit: ['1', '5', '10'],
  offset: ['0', '1', '2'],
  sort: ['date', '-date', 'name', '-id'],
  properties: ['location', 'id,name', 'gdd,pet'],
  units: ['metric', 'usa'],
  crop: ['corn'],
  blockSize: ['1', '6', '24'],
  conditionsType: ['basic', 'standard'],
  useLocalTime: ['true', 'false'],
  utcOffset: ['-05:00'],
  excludeYears: ['2016', '2012,2016'],
  accumulationStartDate: ['2024-05-01'],
  accumulationStartDay: ['05-01'],
  gddMethod: ['standard', 'modifiedstandard', 'min-temp-cap'],
  gddBaseTemp: ['10', '50'],
  gddMinBoundary: ['10'],
  gddMaxBoundary: ['30'],
  zoom: ['5', '18'],
  size: ['64x64', '500x500'],
};

/** A path or query value: usually well-formed for its name, otherwise malformed. */
function partFor(name: string): fc.Arbitrary<string> {
  const plausible = PLAUSIBLE[name];
  return plausible ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...plausible).map(encode) }, { weight: 2, arbitrary: urlPart }) : urlPart;
}

/** A value of the type the schema asks for, plausible or extreme. */
function valueFor(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  const types = schema?.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const choices: fc.Arbitrary<unknown>[] = [];
  if (schema?.enum) choices.push(fc.constantFrom(...schema.enum));
  if (types.includes('null')) choices.push(fc.constant(null));
  if (types.includes('string')) {
    choices.push(fc.constantFrom('2024-04-20', 'corn', 'wheat-generic', 'f1', 'GET /v2/fields', 'GET /v2/fields/f1/../../x', '/name', ...TEXTS), fc.string({ maxLength: 30, unit: 'binary' }));
  }
  if (types.includes('number') || types.includes('integer')) {
    choices.push(fc.constantFrom(0, -1, 1, 0.5, 1e308, -1e308, 2147483647, 2147483648, 9007199254740993, -9223372036854775808), fc.double({ noNaN: true, noDefaultInfinity: true }));
  }
  if (types.includes('boolean')) choices.push(fc.boolean());
  if (types.includes('array') && depth < 3) choices.push(fc.array(valueFor(schema?.items, depth + 1), { maxLength: 3 }));
  if (types.includes('object') && depth < 3) choices.push(objectFor(schema!, depth + 1));
  if (choices.length === 0) choices.push(fc.jsonValue({ maxDepth: 2 }));
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...choices) }, { weight: 1, arbitrary: wrongType(depth) });
}

/** Any JSON value, usually not the one asked for. */
function wrongType(depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 9223372036854775807, 1e308, '', '\u0000', 'x'.repeat(10_000), [], {}, [[[[]]]], { a: { b: { c: {} } } }),
    depth < 3 ? fc.jsonValue({ maxDepth: 2 }) : fc.constant(null),
  );
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) model[name] = valueFor(property, depth);
  const known = fc.record(model, { requiredKeys: [] });
  return fc
    .tuple(known, fc.option(fc.dictionary(fc.constantFrom('junk', '__proto__', 'constructor', 'a\u0000'), wrongType(depth), { maxKeys: 2 }), { nil: undefined }))
    .map(([object, extra]) => (extra ? { ...extra, ...(object as object) } : object));
}

/** JSON text that is not what it claims, or not UTF-8 at all. */
const RAW_BODIES: (string | Buffer)[] = [
  '',
  'null',
  '"text"',
  '12',
  '{"a":1e400}',
  '{"id":"\\u0000","farmId":"\\u0000"}',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(20_000),
  `[${'{"op":"replace","path":"/name","value":"x"},'.repeat(2000)}{}]`,
  '{"a":',
  '\uFEFF{}',
  Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  Buffer.from([0xed, 0xa0, 0x80]),
];

function bodyFor(operation: Operation): fc.Arbitrary<string | Buffer | undefined> {
  const structured = operation.body ? valueFor(operation.body, 0).map((value) => JSON.stringify(value) ?? 'null') : fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 5, arbitrary: structured },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  );
}

describe.each(databaseKinds())('robustness under malformed input on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(kind, { AGWX_CORS_ORIGINS: 'https://app.example.org' }, createSyntheticSource({ cacheSize: 64 }));
    auth = (await t.login('fuzz')).auth;
    const headers = { ...auth, 'content-type': 'application/json' };
    await t.app.inject({ method: 'POST', url: '/v2/fields', headers, payload: JSON.stringify({ id: 'f1', farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } }) });
    await t.app.inject({ method: 'POST', url: '/v2/agronomics/fields/f1/plantings', headers, payload: JSON.stringify({ crop: 'corn', plantingDate: '2024-04-20' }) });
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          body: op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined,
        })),
    );
  });
  afterAll(async () => t?.close());

  it('finds the routes to exercise, with their body schemas', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.body).length).toBeGreaterThanOrEqual(6);
  });

  it('never answers 5xx, and answers every 4xx with the error body', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const names = [...operation.queryNames, 'limit', 'offset', 'junk', 'a%00'];
      const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const property = fc.asyncProperty(
        fc.tuple(...pathNames.map(partFor), fc.constant('')),
        fc.array(fc.constantFrom(...names).chain((name) => fc.tuple(fc.constant(name), partFor(name))), { maxLength: 4 }),
        fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'none', 'garbage', 'basic', 'basic-nul'),
        bodyFor(operation),
        fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json', 'application/json; charset=latin1'),
        async (values, query, authKind, body, contentType) => {
          let i = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () => values[i++]!);
          const search = query.map(([name, value]) => `${name}=${value}`).join('&');
          const url = search ? `${path}?${search}` : path;
          const headers: Record<string, string> =
            authKind === 'valid' ? { ...auth } : authKind === 'garbage' ? { authorization: 'Bearer x.y.z' } : authKind === 'basic' ? { authorization: 'Basic Zm9vOmJhcg==' } : authKind === 'basic-nul' ? { authorization: BASIC_WITH_NUL } : {};
          const hasBody = body !== undefined && operation.method !== 'GET';
          if (hasBody) headers['content-type'] = contentType;
          const response = await t.app.inject({ method: operation.method as 'GET', url, headers, ...(hasBody ? { payload: body } : {}) });
          const label = `${operation.method} ${url.slice(0, 300)} [${hasBody ? `${contentType} ${String(body).slice(0, 120)}` : 'no body'}] -> ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`${label} ${response.body.slice(0, 200)}`);
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
      );
      await fc.assert(property, { numRuns: FIXED_RUNS, seed: FIXED_SEED });
      const before = failures.length;
      await fc.assert(property, { numRuns: RANDOM_RUNS, seed: RANDOM_SEED });
      if (failures.length > before) failures.push(`(the lines above came from FUZZ_SEED=${RANDOM_SEED})`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers every CORS preflight below 500: 204 with CORS headers for the allowed origin, none for others', async () => {
    const failures: string[] = [];
    const origins = ['https://app.example.org', 'https://APP.example.org', 'https://evil.example', 'null', '', 'https://app.example.org.evil.example', 'x'.repeat(3000)];
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'get', '', 'G E T', 'X'.repeat(500)];
    const headerLists = ['authorization', 'authorization, content-type', 'x-unknown', '', ',,,', 'a'.repeat(5000), 'authorization,\tcontent-type'];
    let allowed = 0;
    for (const operation of operations) {
      const property = fc.asyncProperty(
        fc.tuple(...[...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => partFor(match[1]!)), fc.constant('')),
        fc.constantFrom(...origins),
        fc.option(fc.constantFrom(...methods), { nil: undefined }),
        fc.option(fc.constantFrom(...headerLists), { nil: undefined }),
        async (values, origin, method, headerList) => {
          let i = 0;
          const url = operation.path.replace(/\{[^}]+\}/g, () => values[i++]!);
          const headers: Record<string, string> = { origin };
          if (method !== undefined) headers['access-control-request-method'] = method;
          if (headerList !== undefined) headers['access-control-request-headers'] = headerList;
          const response = await t.app.inject({ method: 'OPTIONS', url, headers });
          const label = `OPTIONS ${url.slice(0, 200)} origin=${origin.slice(0, 40)} method=${String(method).slice(0, 20)} -> ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`${label} ${response.body.slice(0, 200)}`);
          const allowedOrigin = response.headers['access-control-allow-origin'];
          if (allowedOrigin !== undefined && allowedOrigin !== 'https://app.example.org' && allowedOrigin !== 'https://APP.example.org') failures.push(`${label} allows ${String(allowedOrigin)}`);
          if (response.statusCode === 204 && allowedOrigin !== undefined) allowed++;
        },
      );
      await fc.assert(property, { numRuns: 10, seed: FIXED_SEED });
    }
    expect(failures).toEqual([]);
    // The allowed origin's preflights were answered, not merely refused.
    expect(allowed).toBeGreaterThan(operations.length / 4);
  }, 120_000);
});
