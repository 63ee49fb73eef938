/**
 * Input the databases cannot take is refused with a 400 in the error body before it reaches them:
 * integers past what a column or an OFFSET holds, and the NUL character (PostgreSQL cannot store
 * it in text). The same answer on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const HUGE = '9223372036854775807';
const PAST_INT32 = '2147483648';

describe.each(databaseKinds())('input limits on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let plantingId: number;

  const json = () => ({ ...auth, 'content-type': 'application/json' });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) =>
    t.app.inject({ method, url, headers: json(), payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = (await t.login('limits')).auth;
    expect((await send('POST', '/v2/fields', { id: 'north', farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } })).statusCode).toBe(201);
    const planted = await send('POST', '/v2/agronomics/fields/north/plantings', { crop: 'wheat-generic', plantingDate: '2024-04-20' });
    expect(planted.statusCode).toBe(201);
    plantingId = planted.json().id;
  });
  afterAll(async () => t.close());

  describe('offset and limit', () => {
    it.each(['/v2/fields', '/v2/agronomics/plantings', '/v2/agronomics/fields/north/plantings', '/v2/agronomics/models', '/v2/agronomics/crops'])(
      'a 64-bit offset on %s is a 400 naming the accepted range',
      async (path) => {
        const body = expectErrorBody(await get(`${path}?offset=${HUGE}`), 400);
        expect(body.simpleMessage).toBe("Invalid value for parameter 'offset'.");
        expect(body.detailedMessage).toContain('from 0 to 2147483647');
      },
    );

    it('the largest accepted offset is past the end of the list: 416, not a database error', async () => {
      expectErrorBody(await get('/v2/fields?offset=2147483647'), 416);
    });

    it('a huge limit is a 400 with the maximum', async () => {
      const body = expectErrorBody(await get(`/v2/fields?limit=${HUGE}`), 400);
      expect(body.detailedMessage).toContain('The maximum value for the limit parameter is 120');
    });
  });

  describe('planting ids', () => {
    it.each([PAST_INT32, HUGE, '99999999999'])('path id %s past 2³¹−1 is a 400 on every planting path', async (id) => {
      for (const url of [`/v2/agronomics/plantings/${id}`, `/v2/agronomics/fields/north/plantings/${id}`]) {
        const body = expectErrorBody(await get(url), 400);
        expect(body.simpleMessage).toBe("Invalid value for parameter 'plantingId'.");
        expect(body.detailedMessage).toContain('from 1 to 2147483647');
      }
      expectErrorBody(await send('PATCH', `/v2/agronomics/fields/north/plantings/${id}`, [{ op: 'replace', path: '/harvestDate', value: null }]), 400);
      expectErrorBody(await send('PUT', `/v2/agronomics/fields/north/plantings/${id}`, { crop: 'wheat-generic', plantingDate: '2024-04-20' }), 400);
      expectErrorBody(await t.app.inject({ method: 'DELETE', url: `/v2/agronomics/fields/north/plantings/${id}`, headers: auth }), 400);
    });

    it('2147483647 is a well-formed id: 404 when there is no such planting', async () => {
      expectErrorBody(await get('/v2/agronomics/plantings/2147483647'), 404);
    });

    it('an id past 2³¹−1 in a body is a 400 naming the property', async () => {
      const put = expectErrorBody(
        await send('PUT', `/v2/agronomics/fields/north/plantings/${plantingId}`, { id: Number(PAST_INT32), crop: 'wheat-generic', plantingDate: '2024-04-20' }),
        400,
      );
      expect(put.simpleMessage).toBe("Invalid value for property 'id'.");
      const patch = expectErrorBody(await send('PATCH', `/v2/agronomics/fields/north/plantings/${plantingId}`, [{ op: 'test', path: '/id', value: Number(HUGE) }]), 400);
      expect(patch.simpleMessage).toContain('Invalid');
      expect((await get(`/v2/agronomics/plantings/${plantingId}`)).statusCode).toBe(200);
    });
  });

  describe('the NUL character', () => {
    it.each([
      ['/v2/fields/a%00b', 'fieldId'],
      ['/v2/agronomics/fields/a%00b/plantings', 'fieldId'],
      ['/v2/agronomics/fields/a%00b/plantings/current', 'fieldId'],
      ['/v2/weather/fields/a%00b/observations', 'fieldId'],
      ['/v2/jobs/1%00', 'jobId'],
      ['/v2/agronomics/crops/corn%00', 'cropId'],
    ])('in a path id (%s) is a 400 naming the parameter', async (url, name) => {
      const body = expectErrorBody(await get(url), 400);
      expect(body.simpleMessage).toBe(`Invalid value for parameter '${name}'.`);
      expect(body.detailedMessage).toContain('NUL');
    });

    it('in a query parameter is a 400 naming it', async () => {
      const body = expectErrorBody(await get('/v2/agronomics/plantings?sort=%00crop'), 400);
      expect(body.simpleMessage).toBe("Invalid value for parameter 'sort'.");
    });

    it('in stored planting text (yield units, projections, crop) is a 400 and nothing is stored', async () => {
      const cases: [unknown, string][] = [
        [{ crop: 'wheat-generic', plantingDate: '2024-04-20', yield: { amount: 1, units: 'bu\u0000' } }, 'yield.units'],
        [{ crop: 'wheat-generic', plantingDate: '2024-04-20', projections: { yield: { amount: 1, units: '\u0000' } } }, 'projections.yield.units'],
        [{ crop: 'wheat\u0000', plantingDate: '2024-04-20' }, 'crop'],
      ];
      const before = (await get('/v2/agronomics/fields/north/plantings')).json().plantings.length;
      for (const [payload, property] of cases) {
        const body = expectErrorBody(await send('POST', '/v2/agronomics/fields/north/plantings', payload), 400);
        expect(body.simpleMessage).toBe(`Invalid value for property '${property}'.`);
        expect(body.detailedMessage).toContain('NUL');
      }
      expect((await get('/v2/agronomics/fields/north/plantings')).json().plantings.length).toBe(before);
      const patch = expectErrorBody(await send('PATCH', `/v2/agronomics/fields/north/plantings/${plantingId}`, [{ op: 'replace', path: '/yield', value: { amount: 2, units: 'x\u0000' } }]), 400);
      expect(patch.simpleMessage).toBe("Invalid value for property '0.value.units'.");
      expect((await get(`/v2/agronomics/plantings/${plantingId}`)).json().yield).toEqual({ amount: null, units: null });
    });

    it('in a field name, farm id or JSON-Patch value of a field is a 400', async () => {
      expectErrorBody(await send('POST', '/v2/fields', { id: 'f2', name: 'a\u0000', farmId: 'farm', centerPoint: { latitude: 1, longitude: 1 } }), 400);
      expectErrorBody(await send('POST', '/v2/fields', { id: 'f2', farmId: '\u0000', centerPoint: { latitude: 1, longitude: 1 } }), 400);
      expectErrorBody(await send('PATCH', '/v2/fields/north', [{ op: 'replace', path: '/name', value: 'n\u0000' }]), 400);
      expectErrorBody(await get('/v2/fields/f2'), 404);
    });

    it('in a job title, a request title or a request is a 400 and no job is queued', async () => {
      for (const [payload, property] of [
        [{ title: 'nightly\u0000', type: 'batch', requests: [{ api: 'GET /v2/fields' }] }, 'title'],
        [{ title: 'nightly', type: 'batch', requests: [{ title: '\u0000', api: 'GET /v2/fields' }] }, 'requests.0.title'],
        [{ title: 'nightly', type: 'batch', requests: [{ api: 'GET /v2/fields/a\u0000' }] }, 'requests.0.api'],
      ] as const) {
        const body = expectErrorBody(await send('POST', '/v2/jobs', payload), 400);
        expect(body.simpleMessage).toBe(`Invalid value for property '${property}'.`);
      }
      expect((await t.store.jobs.queueDepth()).queued).toBe(0);
    });

    it('in the key of Basic credentials at the token endpoint is a 401 like any unknown key', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: `Basic ${Buffer.from('key\u0000:secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
      const body = expectErrorBody(response, 401);
      expect(body.simpleMessage).toBe('Invalid client credentials.');
      expect(response.headers['www-authenticate']).toMatch(/^Basic/);
    });

    it('in an account-area form is refused, and no account is made', async () => {
      const accounts = async () => Number((await t.store.handle.db.selectFrom('accounts').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await accounts();
      const response = await t.app.inject({
        method: 'POST',
        url: '/account/sign-up',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%00b%40example.org&password=long+enough+password',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(await accounts()).toBe(before);
    });

    it('in a property name of a body is a 400', async () => {
      expectErrorBody(await send('POST', '/v2/agronomics/fields/north/plantings', { crop: 'wheat-generic', plantingDate: '2024-04-20', 'x\u0000': 1 }), 400);
    });
  });

  describe('deeply nested JSON', () => {
    const arrays = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth);
    const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const sendText = (method: string, url: string, payload: string, contentType = 'application/json') =>
      t.app.inject({ method: method as 'POST', url, headers: { ...auth, 'content-type': contentType }, payload });
    const expectTooDeep = (response: Awaited<ReturnType<typeof sendText>>) => {
      const body = expectErrorBody(response, 400);
      expect(body.simpleMessage).toBe('Request body nested too deeply.');
      expect(body.detailedMessage).toContain('at most 32 deep');
    };

    it('in a JSON-Patch value of a field or a planting is a 400 naming the limit, and nothing changes', async () => {
      const before = [(await get('/v2/fields/north')).body, (await get(`/v2/agronomics/plantings/${plantingId}`)).body];
      for (const value of [arrays(10_000), objects(10_000), arrays(31)]) {
        for (const contentType of ['application/json', 'application/json-patch+json']) {
          expectTooDeep(await sendText('PATCH', '/v2/fields/north', `[{"op":"test","path":"/name","value":${value}}]`, contentType));
          expectTooDeep(await sendText('PATCH', `/v2/agronomics/fields/north/plantings/${plantingId}`, `[{"op":"replace","path":"/yield","value":${value}}]`, contentType));
        }
      }
      expect([(await get('/v2/fields/north')).body, (await get(`/v2/agronomics/plantings/${plantingId}`)).body]).toEqual(before);
      // At the limit the patch is judged on its merits.
      const allowed = expectErrorBody(await sendText('PATCH', '/v2/fields/north', `[{"op":"test","path":"/name","value":${arrays(30)}}]`), 400);
      expect(allowed.simpleMessage).toBe('JSON-Patch test failed.');
    });

    it('in a field or planting body is a 400, and nothing is created', async () => {
      expectTooDeep(await sendText('POST', '/v2/fields', `{"id":"deep","farmId":"f","centerPoint":{"latitude":1,"longitude":1},"_links":${arrays(5_000)}}`));
      expectErrorBody(await get('/v2/fields/deep'), 404);
      const count = (await get('/v2/agronomics/fields/north/plantings')).json().plantings.length;
      expectTooDeep(await sendText('POST', '/v2/agronomics/fields/north/plantings', `{"crop":"wheat-generic","plantingDate":"2024-04-20","_links":${objects(5_000)}}`));
      expect((await get('/v2/agronomics/fields/north/plantings')).json().plantings.length).toBe(count);
    });

    it('is a 400 on every operation that takes a JSON body', async () => {
      const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
      const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => Object.keys(operation.requestBody?.content ?? {}).some((type) => type.includes('json')))
          .map(([method, _]) => [method.toUpperCase(), path.replaceAll('{fieldId}', 'north').replaceAll('{plantingId}', String(plantingId)).replace(/\{[^}]+\}/g, '1')] as const),
      );
      expect(operations.map(([method, path]) => `${method} ${path}`)).toEqual(expect.arrayContaining(['POST /v2/fields', 'PATCH /v2/fields/north', 'POST /v2/jobs']));
      for (const [method, path] of operations) expectTooDeep(await sendText(method, path, `{"value":${arrays(1_000)}}`));
    });
  });
});
