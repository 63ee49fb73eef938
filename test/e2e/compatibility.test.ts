/**
 * The compatibility rules published clients of the original service depend on (supplement,
 * "Compatibility rules" and "Forecasts for a location"): trailing slashes, empty path segments,
 * bodies on GET/HEAD/DELETE, planting groups that keep their shape (also inside batch-job
 * payloads), and open ranges `{date},` on every ranged path.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { canonicalApiUrl } from '../../src/http/api-paths.js';
import { databaseKinds } from '../support/databases.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { createField, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

// The clock stands at 2024-06-15T12:00Z (07:00 in Iowa): yesterday is 2024-06-14, forecasts run
// to 2024-06-22, the default norm period is 2014 … 2023.
const IOWA = { latitude: 41.5, longitude: -93.5 };
type Method = 'GET' | 'HEAD' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';

/** What a client sees of an answer, with the per-request error id taken out. */
function seen(response: LightMyRequestResponse) {
  let body: unknown = response.body;
  if (String(response.headers['content-type']).startsWith('application/json') && response.body !== '') {
    const parsed = response.json() as Record<string, unknown>;
    if (typeof parsed.errorId === 'string') parsed.errorId = '…';
    body = parsed;
  }
  return {
    status: response.statusCode,
    contentRange: response.headers['content-range'],
    allow: response.headers.allow,
    dataSource: response.headers['x-data-source'],
    body,
  };
}

/** Every href in a body. */
function hrefsOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) hrefsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'href' && typeof member === 'string') into.push(member);
      else hrefsOf(member, into);
    }
  }
  return into;
}

describe.each(databaseKinds())('compatibility with clients of the original service on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let enterpriseAuth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, createFakeWeatherSource(), { jobs: { concurrency: 1, pollMs: 10 } });
    auth = (await t.login('acme')).auth;
    enterpriseAuth = (await t.login('bigco', { enterprise: true })).auth;
    for (const id of ['north', 'south', 'east', 'west']) await createField(t, auth, id, IOWA);
    await createField(t, enterpriseAuth, 'north', IOWA);
    for (const [field, date] of [
      ['north', '2024-04-20'],
      ['north', '2024-05-01'],
      ['south', '2024-05-02'],
    ] as const) {
      const response = await send('POST', `/v2/agronomics/fields/${field}/plantings`, { crop: 'corn', plantingDate: date });
      expect(response.statusCode, response.body).toBe(201);
    }
    const planted = await send('POST', '/v2/agronomics/fields/north/plantings', { crop: 'corn', plantingDate: '2024-05-01' }, enterpriseAuth);
    expect(planted.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  function send(method: Method, url: string, body?: unknown, headers = auth) {
    return t.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });

  /** A second app on the same store, listening on a free port. */
  async function buildListeningApp() {
    const app = await buildApp({ config: t.config, store: t.store, clock: t.clock, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    return { port, auth, close: () => app.close() };
  }

  describe('trailing slash', () => {
    // Every list of the interface, with paging parameters where the list pages, so that
    // Content-Range and next/prev links are compared too.
    const collections: [string, string][] = [
      ['/v2/fields', '?limit=2&offset=1'],
      ['/v2/fields', '?sort=-name&properties=farmid'],
      ['/v2/agronomics/crops', '?limit=3&offset=3'],
      ['/v2/agronomics/crops', '?crop=corn'],
      ['/v2/agronomics/models', '?limit=2&offset=2'],
      ['/v1/models', ''],
      ['/v2/agronomics/plantings', '?limit=1&offset=1'],
      ['/v2/agronomics/plantings/current', '?limit=1'],
      ['/v2/agronomics/fields/north/plantings', '?limit=1&offset=1'],
      ['/v2/weather/fields/north/observations', '?limit=2&offset=2'],
      ['/v2/weather/fields/north/observations/2024-06-01,2024-06-10', '?limit=3&offset=3'],
      ['/v2/weather/locations/41.5,-93.5/observations', '?limit=3'],
      ['/v2/weather/locations/41.5,-93.5/observations/2024-06-01,2024-06-10', '?limit=3&offset=3'],
      ['/v2/weather/fields/north/forecasts', '?limit=3&offset=3&blockSize=24'],
      ['/v2/weather/locations/41.5,-93.5/forecasts', '?limit=3&offset=3&blockSize=24'],
      ['/v2/weather/locations/41.5,-93.5/forecasts/2024-06-16,2024-06-19', '?limit=2&blockSize=12'],
      ['/v2/weather/fields/north/norms/06-01,06-20', '?limit=5&offset=5'],
      ['/v2/weather/locations/41.5,-93.5/norms/06-01,06-05/years/2015,2019', ''],
      ['/v2/agronomics/fields/north/agronomicvalues', ''],
      ['/v2/agronomics/fields/north/agronomicvalues/2024-06-01,2024-06-05', ''],
      ['/v2/agronomics/locations/41.5,-93.5/agronomicvalues/2024-06-01,2024-06-05', ''],
      ['/v2/agronomics/fields/north/agronomicnorms/06-01,06-20', '?limit=5&offset=5'],
      ['/v2/agronomics/fields/north/agronomicnorms', ''],
      ['/v2/agronomics/locations/41.5,-93.5/agronomicnorms/06-01,06-05', ''],
    ];

    it.each(collections)('answers %s/%s as without the slash, paging links included', async (path, query) => {
      const plain = await get(`${path}${query}`);
      const slashed = await get(`${path}/${query}`);
      expect(plain.statusCode, plain.body).toBe(200);
      expect(seen(slashed)).toEqual(seen(plain));
      // Links are written in the canonical form, never with the slash the client used.
      for (const href of hrefsOf(slashed.json())) expect(href).not.toMatch(/\/(\?|$)/);
    });

    it('pages with next and prev links that name the canonical path', async () => {
      const body = (await get('/v2/fields/?limit=1&offset=1')).json();
      expect(body._links).toEqual({
        self: { href: '/v2/fields?limit=1&offset=1' },
        next: { href: '/v2/fields?limit=1&offset=2' },
        prev: { href: '/v2/fields?limit=1&offset=0' },
      });
      const crops = await get('/v2/agronomics/crops/?limit=10');
      expect(crops.json()._links.next.href).toBe('/v2/agronomics/crops?limit=10&offset=10');
    });

    it.each([
      '/v2/fields/north',
      '/v2/agronomics/crops/corn-2500-gdd',
      '/v2/agronomics/models/BarleyGenericNDAWN',
      '/v1/models/BarleyGenericNDAWN',
      '/v2/agronomics/fields/north/plantings/current',
      '/v2/weather/fields/north/observations/2024-06-01',
      '/v2/weather/locations/41.5,-93.5/forecasts/2024-06-16',
      '/v2/fields/unknown',
      '/v2/no-such-thing',
    ])('answers the item %s/ as without the slash', async (path) => {
      expect(seen(await get(`${path}/`))).toEqual(seen(await get(path)));
    });

    it('creates with POST on a collection path with a trailing slash', async () => {
      const created = await send('POST', '/v2/fields/', { id: 'slashed', farmId: 'farm', centerPoint: IOWA });
      expect(created.statusCode).toBe(201);
      expect(created.headers.location).toBe('https://agwx.test/v2/fields/slashed');
      const planted = await send('POST', '/v2/agronomics/fields/slashed/plantings/', { crop: 'wheat', plantingDate: '2024-04-01' });
      expect(planted.statusCode).toBe(201);
      expect(planted.json()._links.self.href).toBe(`/v2/agronomics/fields/slashed/plantings/${planted.json().id}`);
      expect((await send('DELETE', '/v2/fields/slashed/')).statusCode).toBe(204);
      expectErrorBody(await get('/v2/fields/slashed'), 404);
    });

    it('keeps 405 with Allow for the collection with and without the slash', async () => {
      for (const [method, path, allow] of [
        ['PUT', '/v2/fields', 'GET, POST, HEAD'],
        ['DELETE', '/v2/agronomics/crops', 'GET, HEAD'],
        ['GET', '/v2/jobs', 'POST'],
        ['POST', '/v2/fields/north', 'GET, PATCH, DELETE, HEAD'],
      ] as const) {
        const plain = await t.app.inject({ method, url: path, headers: auth });
        const slashed = await t.app.inject({ method, url: `${path}/`, headers: auth });
        expectErrorBody(plain, 405);
        expect(plain.headers.allow).toBe(allow);
        expect(seen(slashed)).toEqual(seen(plain));
      }
    });

    it('rewrites only API paths, and only one trailing slash', () => {
      expect(canonicalApiUrl('/v2/fields/?limit=10')).toBe('/v2/fields?limit=10');
      expect(canonicalApiUrl('/v2/fields/')).toBe('/v2/fields');
      expect(canonicalApiUrl('/v1/models/')).toBe('/v1/models');
      expect(canonicalApiUrl('/v2/fields?next=/a/')).toBe('/v2/fields?next=/a/');
      expect(canonicalApiUrl('/v2/fields//')).toBe('/v2/fields/');
      expect(canonicalApiUrl('/v2/')).toBe('/v2/');
      expect(canonicalApiUrl('/account/')).toBe('/account/');
      expect(canonicalApiUrl('/explorer/?x=1')).toBe('/explorer/?x=1');
    });
  });

  describe('empty path segments', () => {
    it.each([
      ['GET', '/v2/fields//plantings'],
      ['GET', '/v2/agronomics/fields//plantings'],
      ['GET', '/v2/agronomics/fields//plantings/current'],
      ['GET', '/v2/agronomics/fields/north/plantings//'],
      ['GET', '/v2/fields//'],
      ['GET', '/v2/jobs//'],
      ['GET', '/v2/agronomics/crops//'],
      ['GET', '/v2/weather/fields//observations'],
      ['GET', '/v2/weather/fields//forecasts/2024-06-16'],
      ['DELETE', '/v2/fields//'],
      ['PATCH', '/v2/fields//'],
    ] as const)('answers %s %s with 404 without looking up an empty id', async (method, url) => {
      const response = await t.app.inject({ method, url, headers: auth });
      const error = expectErrorBody(response, 404);
      expect(error.simpleMessage).toBe('Not found.');
      expect(error.detailedMessage).toContain('No resource exists at');
      // The same without a token: an empty segment names no resource at all.
      expectErrorBody(await t.app.inject({ method, url }), 404);
    });
  });

  describe('no body on GET, HEAD and DELETE', () => {
    const bodies: [string, Record<string, string>, string][] = [
      ['an empty JSON body', { 'content-type': 'application/json' }, ''],
      ['a malformed JSON body', { 'content-type': 'application/json' }, 'this is not json'],
      ['a JSON body', { 'content-type': 'application/json' }, '{"id":"x","limit":1}'],
      ['a JSON body with charset', { 'content-type': 'application/json; charset=utf-8' }, '{'],
      ['a text body', { 'content-type': 'text/plain' }, 'hello'],
    ];

    it.each(bodies)('answers GET and HEAD with %s as without it', async (_name, headers, payload) => {
      for (const method of ['GET', 'HEAD'] as const) {
        for (const url of ['/v2/fields?limit=2', '/v2/fields/north', '/v2/fields/nope', '/v2/agronomics/fields/north/plantings']) {
          const bare = await t.app.inject({ method, url, headers: auth });
          const withBody = await t.app.inject({ method, url, headers: { ...auth, ...headers }, payload });
          expect(seen(withBody), `${method} ${url}`).toEqual(seen(bare));
        }
      }
    });

    it.each(bodies)('answers DELETE with %s as without it', async (_name, headers, payload) => {
      await createField(t, auth, 'doomed', IOWA);
      const planted = await send('POST', '/v2/agronomics/fields/doomed/plantings', { crop: 'oat', plantingDate: '2024-04-02' });
      const plantingUrl = `/v2/agronomics/fields/doomed/plantings/${planted.json().id}`;
      for (const url of [plantingUrl, '/v2/fields/doomed']) {
        const deleted = await t.app.inject({ method: 'DELETE', url, headers: { ...auth, ...headers }, payload });
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(deleted.body).toBe('');
        // Gone now: the second DELETE is the 404 it would be without a body.
        const again = await t.app.inject({ method: 'DELETE', url, headers: { ...auth, ...headers }, payload });
        expect(seen(again)).toEqual(seen(await t.app.inject({ method: 'DELETE', url, headers: auth })));
        expectErrorBody(again, 404);
      }
    });

    it('answers over a real keep-alive connection, which stays usable after an unread body', async () => {
      const server = await buildListeningApp();
      try {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const call = (method: string, path: string, body?: string) =>
          new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
            const request = http.request(
              { host: '127.0.0.1', port: server.port, method, path, agent, headers: { ...server.auth, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) } },
              (response) => {
                let text = '';
                response.setEncoding('utf8');
                response.on('data', (chunk: string) => (text += chunk));
                response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, socket: request.socket }));
              },
            );
            request.on('error', reject);
            request.end(body);
          });
        const deleted = await call('DELETE', '/v2/fields/nope/', 'not json at all '.repeat(1000));
        expect(deleted.status, deleted.body).toBe(404);
        expect(JSON.parse(deleted.body).simpleMessage).toBe('Field not found.');
        const listed = await call('GET', '/v2/fields/?limit=1', '{"broken":');
        expect(listed.status).toBe(200);
        expect(listed.socket).toBe(deleted.socket);
        expect(JSON.parse(listed.body)._links.self.href).toBe('/v2/fields?limit=1');
        agent.destroy();
      } finally {
        await server.close();
      }
    });

    it('still reads and checks the body of POST, PUT and PATCH', async () => {
      const malformed = await t.app.inject({ method: 'POST', url: '/v2/fields', headers: { ...auth, 'content-type': 'application/json' }, payload: '{oops' });
      expect(expectErrorBody(malformed, 400).simpleMessage).toBe('Malformed JSON.');
      const empty = await t.app.inject({ method: 'PATCH', url: '/v2/fields/north', headers: { ...auth, 'content-type': 'application/json' }, payload: '' });
      expectErrorBody(empty, 400);
      const text = await t.app.inject({ method: 'POST', url: '/v2/fields', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'id=x' });
      expectErrorBody(text, 415);
    });
  });

  describe('planting groups keep their shape', () => {
    const NO_YIELD = { amount: null, units: null };
    // Every combination of the three optional groups' members: projected yield, projected
    // harvest date, actual yield (and the actual harvest date with it).
    const combinations = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => ({
      projectedYield: (bits & 1) !== 0 ? { amount: 100 + bits, units: 'bushels' } : null,
      projectedHarvestDate: (bits & 2) !== 0 ? `2024-09-0${bits + 1}` : null,
      actualYield: (bits & 4) !== 0 ? { amount: 90 + bits, units: 'tons' } : null,
      harvestDate: (bits & 4) !== 0 ? `2024-10-0${bits + 1}` : null,
    }));
    type Combination = (typeof combinations)[number];
    const expectedGroups = (c: Combination) => ({
      projections: { yield: c.projectedYield ?? NO_YIELD, harvestDate: c.projectedHarvestDate },
      yield: c.actualYield ?? NO_YIELD,
      harvestDate: c.harvestDate,
    });
    /** The groups of a planting body, compared as JSON text so that key order and nulls count. */
    const groupsOf = (planting: Record<string, unknown>) =>
      JSON.stringify({ projections: planting.projections, yield: planting.yield, harvestDate: planting.harvestDate });
    let ids: number[] = [];

    beforeAll(async () => {
      await createField(t, auth, 'groups', IOWA);
      ids = [];
      for (const c of combinations) {
        const body: Record<string, unknown> = { crop: 'soya', plantingDate: '2024-05-10' };
        if (c.projectedYield || c.projectedHarvestDate) {
          body.projections = { ...(c.projectedYield ? { yield: c.projectedYield } : {}), ...(c.projectedHarvestDate ? { harvestDate: c.projectedHarvestDate } : {}) };
        }
        if (c.actualYield) body.yield = c.actualYield;
        if (c.harvestDate) body.harvestDate = c.harvestDate;
        const created = await send('POST', '/v2/agronomics/fields/groups/plantings', body);
        expect(created.statusCode, created.body).toBe(201);
        expect(groupsOf(created.json())).toBe(JSON.stringify(expectedGroups(c)));
        ids.push(created.json().id);
      }
    });

    it('writes every combination of set and unset groups as objects in a list, row by row', async () => {
      const list = (await get('/v2/agronomics/fields/groups/plantings?sort=id')).json().plantings as Record<string, unknown>[];
      expect(list.map((p) => p.id)).toEqual(ids);
      list.forEach((planting, i) => {
        expect(groupsOf(planting), `combination ${i}`).toBe(JSON.stringify(expectedGroups(combinations[i]!)));
        expect(Object.keys(planting.projections as object)).toEqual(['yield', 'harvestDate']);
        expect(Object.keys((planting.projections as { yield: object }).yield)).toEqual(['amount', 'units']);
        expect(Object.keys(planting.yield as object)).toEqual(['amount', 'units']);
      });
      const everywhere = (await get('/v2/agronomics/plantings?limit=120')).json().plantings as Record<string, unknown>[];
      for (const planting of everywhere) {
        expect(planting.projections).not.toBeNull();
        expect(planting.yield).not.toBeNull();
      }
    });

    it('keeps the shape in single reads, with properties, and after PUT and PATCH', async () => {
      const bare = ids[0]!;
      const url = `/v2/agronomics/fields/groups/plantings/${bare}`;
      const single = (await get(url)).json();
      expect(groupsOf(single)).toBe(JSON.stringify(expectedGroups(combinations[0]!)));
      expect(groupsOf((await get(`/v2/agronomics/plantings/${bare}`)).json())).toBe(groupsOf(single));
      const chosen = (await get(`${url}?properties=yield,projections`)).json();
      expect(chosen.yield).toEqual(NO_YIELD);
      expect(chosen.projections).toEqual({ yield: NO_YIELD, harvestDate: null });

      const full = ids[7]!;
      const put = await send('PUT', `/v2/agronomics/fields/groups/plantings/${full}`, { crop: 'soya', plantingDate: '2024-05-11' });
      expect(put.statusCode).toBe(200);
      expect(groupsOf(put.json())).toBe(JSON.stringify(expectedGroups(combinations[0]!)));
      const patched = await send('PATCH', `/v2/agronomics/fields/groups/plantings/${full}`, [
        { op: 'replace', path: '/projections/harvestDate', value: '2024-09-20' },
      ]);
      expect(patched.statusCode).toBe(200);
      expect(groupsOf(patched.json())).toBe(
        JSON.stringify({ projections: { yield: NO_YIELD, harvestDate: '2024-09-20' }, yield: NO_YIELD, harvestDate: null }),
      );
    });

    it('keeps the shape inside batch-job payloads', async () => {
      const created = await send('POST', '/v2/jobs/', {
        title: 'plantings',
        type: 'batch',
        requests: [
          { title: 'list', api: 'GET /v2/agronomics/fields/groups/plantings?sort=id&limit=3' },
          { title: 'one', api: `GET /v2/agronomics/plantings/${ids[1]}` },
          { title: 'slashed', api: 'GET /v2/agronomics/fields/groups/plantings/?sort=id&limit=3' },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      const jobUrl = `/v2/jobs/${created.json().jobId}`;
      let job: { jobStatus: string; results?: { httpStatus: string; payload: Record<string, unknown> }[] } = { jobStatus: 'queued' };
      for (let attempt = 0; attempt < 400 && job.jobStatus !== 'done'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        job = (await get(jobUrl)).json();
      }
      expect(job.jobStatus).toBe('done');
      const [list, one, slashed] = job.results!;
      expect(list!.httpStatus).toBe('200');
      const rows = list!.payload.plantings as Record<string, unknown>[];
      rows.forEach((planting, i) => expect(groupsOf(planting)).toBe(JSON.stringify(expectedGroups(combinations[i]!))));
      expect(groupsOf(one!.payload)).toBe(JSON.stringify(expectedGroups(combinations[1]!)));
      expect(slashed).toEqual({ ...list, title: 'slashed', api: 'GET /v2/agronomics/fields/groups/plantings/?sort=id&limit=3' });
      // The payload is the answer of the same request made alone.
      expect(JSON.stringify(list!.payload)).toBe((await get('/v2/agronomics/fields/groups/plantings?sort=id&limit=3')).body);
    });
  });

  describe('an open range {date}, means that one day', () => {
    const pairs: [string, string][] = [
      ['/v2/weather/fields/north/observations/2024-06-10', ''],
      ['/v2/weather/locations/41.5,-93.5/observations/2024-06-10', '?units=usa'],
      ['/v2/weather/fields/north/forecasts/2024-06-17', '?blockSize=6'],
      ['/v2/weather/locations/41.5,-93.5/forecasts/2024-06-17', '?blockSize=3&utcOffset=-05:00'],
      ['/v2/weather/fields/north/norms/06-10', ''],
      ['/v2/weather/locations/41.5,-93.5/norms/06-10', ''],
      ['/v2/weather/fields/north/norms/06-10', '/years/2015,2019'],
      ['/v2/weather/locations/41.5,-93.5/norms/02-29', '/years/2015,2019'],
      ['/v2/agronomics/fields/north/agronomicvalues/2024-06-10', ''],
      ['/v2/agronomics/locations/41.5,-93.5/agronomicvalues/2024-06-10', '?gddMethod=modifiedstandard'],
      ['/v2/agronomics/fields/north/agronomicnorms/06-10', ''],
      ['/v2/agronomics/fields/north/agronomicnorms/06-10', '/years/2015,2019'],
      ['/v2/agronomics/locations/41.5,-93.5/agronomicnorms/06-10', ''],
      ['/v2/agronomics/locations/41.5,-93.5/agronomicnorms/06-10', '/years/2016,2020'],
    ];

    it.each(pairs)('answers %s,%s as the single date', async (path, rest) => {
      const single = await get(`${path}${rest}`);
      expect(single.statusCode, single.body).toBe(200);
      const open = await get(`${path},${rest}`);
      expect(seen(open)).toEqual(seen(single));
    });

    it('reads an open year range as one year (and so too few for norms)', async () => {
      const error = expectErrorBody(await get('/v2/weather/fields/north/norms/06-10/years/2019,'), 400);
      expect(error.detailedMessage).toMatch(/3/);
      expectErrorBody(await get('/v2/agronomics/locations/41.5,-93.5/agronomicnorms/06-01,06-05/years/2019,'), 400);
    });

    it('still refuses a range without a start, and an open range outside the window', async () => {
      expect(expectErrorBody(await get('/v2/weather/fields/north/observations/,2024-06-10'), 400).simpleMessage).toContain("'startDate'");
      expect(expectErrorBody(await get('/v2/weather/fields/north/observations/2024-06-15,'), 400).simpleMessage).toContain("'singleDate'");
      expect(expectErrorBody(await get('/v2/weather/locations/41.5,-93.5/forecasts/2024-06-30,'), 400).simpleMessage).toContain("'singleDate'");
    });
  });
});
