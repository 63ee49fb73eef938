import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];

describe.each(databaseKinds())('plantings on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;

  const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, headers = auth) =>
    t.app.inject({ method, url, headers: json(headers), payload: JSON.stringify(body) });
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const del = (url: string, headers = auth) => t.app.inject({ method: 'DELETE', url, headers });
  const createField = async (id: string, headers = auth) => {
    const response = await send('POST', '/v2/fields', { id, farmId: 'farm-1', centerPoint: { latitude: 41.5, longitude: -93.5 } }, headers);
    expect(response.statusCode).toBe(201);
  };
  const plant = async (fieldId: string, body: Record<string, unknown>, headers = auth) => {
    const response = await send('POST', `/v2/agronomics/fields/${fieldId}/plantings`, body, headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; [key: string]: unknown };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = (await t.login('acme')).auth;
    otherAuth = (await t.login('other')).auth;
    await createField('north');
    await createField('south');
    await createField('theirs', otherAuth);
  });
  afterAll(async () => t.close());

  describe('create', () => {
    it('answers 201 with Location and the planting in the documented key order, unset groups with null leaves', async () => {
      const response = await send('POST', '/v2/agronomics/fields/north/plantings', { crop: 'wheat-generic', plantingDate: '2024-04-20' });
      expect(response.statusCode).toBe(201);
      const id = response.json().id;
      expect(Number.isInteger(id)).toBe(true);
      expect(response.headers.location).toBe(`https://agwx.test/v2/agronomics/fields/north/plantings/${id}`);
      expect(response.body).toBe(
        JSON.stringify({
          id,
          crop: 'wheat-generic',
          field: 'north',
          plantingDate: '2024-04-20',
          projections: { yield: { amount: null, units: null }, harvestDate: null },
          yield: { amount: null, units: null },
          harvestDate: null,
          _links: {
            self: { href: `/v2/agronomics/fields/north/plantings/${id}` },
            curies: CURIES,
            'svc:field': { href: '/v2/fields/north' },
            'svc:crop': { href: '/v2/agronomics/crops/wheat-generic' },
          },
        }),
      );
      expect((await get(`/v2/agronomics/fields/north/plantings/${id}`)).body).toBe(response.body);
      expect((await get(`/v2/agronomics/plantings/${id}`)).body).toBe(response.body);
    });

    it('keeps every property, in order, when all are given', async () => {
      const body = {
        crop: 'corn-2700-gdd',
        plantingDate: '2024-05-01',
        projections: { yield: { amount: 180, units: 'bushels' }, harvestDate: '2024-10-01' },
        yield: { amount: 175.5, units: 'bushels' },
        harvestDate: '2024-10-05',
      };
      const created = await plant('north', body);
      expect(Object.keys(created)).toEqual(['id', 'crop', 'field', 'plantingDate', 'projections', 'yield', 'harvestDate', '_links']);
      expect(created).toMatchObject({ ...body, field: 'north' });
      expect(Object.keys(created.projections as object)).toEqual(['yield', 'harvestDate']);
      expect(Object.keys(created._links as object)).toEqual(['self', 'curies', 'svc:field', 'svc:crop']);
    });

    it('keeps the groups whole when only one member is set, and accepts explicit nulls', async () => {
      const created = await plant('south', {
        crop: 'barley-generic',
        plantingDate: '2024-04-01',
        projections: { yield: null, harvestDate: '2024-08-01' },
        yield: { amount: null, units: null },
        harvestDate: null,
      });
      expect(JSON.stringify(created.projections)).toBe(JSON.stringify({ yield: { amount: null, units: null }, harvestDate: '2024-08-01' }));
      expect(JSON.stringify(created.yield)).toBe(JSON.stringify({ amount: null, units: null }));
    });

    it('resolves a crop name (any case) to the default record of that name', async () => {
      expect((await plant('south', { crop: 'corn', plantingDate: '2024-05-02' })).crop).toBe('corn-2500-gdd');
      expect((await plant('south', { crop: 'Sunflower', plantingDate: '2024-05-03' })).crop).toBe('sunflower-generic');
      expect((await plant('south', { crop: 'wheat', plantingDate: '2024-05-04' })).crop).toBe('wheat-generic');
    });

    it('creates through /v2/agronomics/plantings with the field in the body', async () => {
      const response = await send('POST', '/v2/agronomics/plantings', { field: 'south', crop: 'canola', plantingDate: '2024-05-10' });
      expect(response.statusCode).toBe(201);
      const planting = response.json();
      expect(planting).toMatchObject({ crop: 'canola-generic', field: 'south' });
      expect(response.headers.location).toBe(`https://agwx.test/v2/agronomics/fields/south/plantings/${planting.id}`);
      expect(expectErrorBody(await send('POST', '/v2/agronomics/plantings', { crop: 'corn', plantingDate: '2024-05-10' }), 400).simpleMessage).toContain('field');
    });

    it("answers 404 for an unknown field and for another account's field", async () => {
      expectErrorBody(await send('POST', '/v2/agronomics/fields/nope/plantings', { crop: 'corn', plantingDate: '2024-05-01' }), 404);
      const other = expectErrorBody(await send('POST', '/v2/agronomics/fields/theirs/plantings', { crop: 'corn', plantingDate: '2024-05-01' }), 404);
      expect(other.detailedMessage).toContain("'theirs'");
      expectErrorBody(await send('POST', '/v2/agronomics/plantings', { field: 'theirs', crop: 'corn', plantingDate: '2024-05-01' }), 404);
      expect((await get('/v2/agronomics/fields/theirs/plantings', otherAuth)).json().plantings).toEqual([]);
    });

    const invalid: [string, Record<string, unknown>, string][] = [
      ['a missing crop', { plantingDate: '2024-05-01' }, 'crop'],
      ['a missing plantingDate', { crop: 'corn' }, 'plantingDate'],
      ['an unknown crop', { crop: 'banana', plantingDate: '2024-05-01' }, 'crop'],
      ['a crop that is not text', { crop: 7, plantingDate: '2024-05-01' }, 'crop'],
      ['a date that does not exist', { crop: 'corn', plantingDate: '2023-02-29' }, 'plantingDate'],
      ['a date in another format', { crop: 'corn', plantingDate: '05/01/2024' }, 'plantingDate'],
      ['a bad harvestDate', { crop: 'corn', plantingDate: '2024-05-01', harvestDate: '2024-13-01' }, 'harvestDate'],
      ['a harvest before planting', { crop: 'corn', plantingDate: '2024-05-01', harvestDate: '2024-04-30' }, 'harvestDate'],
      ['a projected harvest before planting', { crop: 'corn', plantingDate: '2024-05-01', projections: { harvestDate: '2024-01-01' } }, 'projections.harvestDate'],
      ['a yield amount without units', { crop: 'corn', plantingDate: '2024-05-01', yield: { amount: 3 } }, 'yield'],
      ['a yield units without amount', { crop: 'corn', plantingDate: '2024-05-01', yield: { units: 'bu' } }, 'yield'],
      ['a projected yield without units', { crop: 'corn', plantingDate: '2024-05-01', projections: { yield: { amount: 3, units: null } } }, 'projections.yield'],
      ['a negative yield', { crop: 'corn', plantingDate: '2024-05-01', yield: { amount: -1, units: 'bu' } }, 'amount'],
      ['a yield amount as text', { crop: 'corn', plantingDate: '2024-05-01', yield: { amount: '3', units: 'bu' } }, 'amount'],
      ['an unknown property', { crop: 'corn', plantingDate: '2024-05-01', colour: 'green' }, 'colour'],
      ['an id', { crop: 'corn', plantingDate: '2024-05-01', id: 5 }, 'id'],
      ['another field in the body', { crop: 'corn', plantingDate: '2024-05-01', field: 'south' }, 'field'],
    ];
    it.each(invalid)('refuses %s with 400 naming the property and saves nothing', async (_label, body, name) => {
      const before = (await get('/v2/agronomics/fields/north/plantings')).json().plantings.length;
      const error = expectErrorBody(await send('POST', '/v2/agronomics/fields/north/plantings', body), 400);
      expect(`${error.simpleMessage} ${error.detailedMessage}`).toContain(name);
      expect((await get('/v2/agronomics/fields/north/plantings')).json().plantings.length).toBe(before);
    });
  });

  describe('current and history', () => {
    let app: TestApp;
    let a: Record<string, string>;
    const post = (fieldId: string, body: unknown) =>
      app.app.inject({ method: 'POST', url: `/v2/agronomics/fields/${fieldId}/plantings`, headers: json(a), payload: JSON.stringify(body) });
    const read = (url: string) => app.app.inject({ method: 'GET', url, headers: a });
    beforeAll(async () => {
      app = await createTestApp(kind);
      a = (await app.login('history')).auth;
      for (const id of ['f1', 'f2', 'f3']) {
        await app.app.inject({ method: 'POST', url: '/v2/fields', headers: json(a), payload: JSON.stringify({ id, farmId: 'farm', centerPoint: { latitude: 47, longitude: -97 } }) });
      }
    });
    afterAll(async () => app.close());

    it('makes the most recently created planting current, keeps older ones in lists, and falls back when it is deleted', async () => {
      expectErrorBody(await read('/v2/agronomics/fields/f1/plantings/current'), 404);
      const first = (await post('f1', { crop: 'wheat', plantingDate: '2024-05-01' })).json();
      // An earlier planting date created later is still the current one: current is by creation.
      const second = (await post('f1', { crop: 'barley', plantingDate: '2023-04-01' })).json();
      const other = (await post('f2', { crop: 'corn', plantingDate: '2024-05-05' })).json();
      expect((await read('/v2/agronomics/fields/f1/plantings/current')).json().id).toBe(second.id);
      expect((await read('/v2/agronomics/fields/f1/plantings')).json().plantings.map((p: { id: number }) => p.id)).toEqual([first.id, second.id]);
      const current = await read('/v2/agronomics/plantings/current');
      expect(current.statusCode).toBe(200);
      expect(current.headers['content-range']).toBe('0-1/2 plantings');
      expect(current.json().plantings.map((p: { id: number }) => p.id)).toEqual([second.id, other.id]);
      expect((await read('/v2/agronomics/plantings')).json().plantings).toHaveLength(3);

      const deleted = await app.app.inject({ method: 'DELETE', url: '/v2/agronomics/fields/f1/plantings/current', headers: a });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await read('/v2/agronomics/fields/f1/plantings/current')).json().id).toBe(first.id);
      expectErrorBody(await read(`/v2/agronomics/plantings/${second.id}`), 404);
    });

    it("deletes a field's plantings with the field", async () => {
      const planting = (await post('f3', { crop: 'oat', plantingDate: '2024-05-01' })).json();
      expect((await app.app.inject({ method: 'DELETE', url: '/v2/fields/f3', headers: a })).statusCode).toBe(204);
      expectErrorBody(await read(`/v2/agronomics/plantings/${planting.id}`), 404);
      expect((await read('/v2/agronomics/plantings')).json().plantings.some((p: { field: string }) => p.field === 'f3')).toBe(false);
      expectErrorBody(await read('/v2/agronomics/fields/f3/plantings'), 404);
    });
  });

  describe('read', () => {
    it('answers 404 for a planting of another field, of another account, or unknown; 400 for an id that is not a number', async () => {
      const planting = await plant('north', { crop: 'oat', plantingDate: '2024-04-02' });
      expectErrorBody(await get(`/v2/agronomics/fields/south/plantings/${planting.id}`), 404);
      expectErrorBody(await get(`/v2/agronomics/plantings/${planting.id}`, otherAuth), 404);
      expectErrorBody(await get(`/v2/agronomics/fields/north/plantings/${planting.id}`, otherAuth), 404);
      expectErrorBody(await get('/v2/agronomics/plantings/999999'), 404);
      expect(expectErrorBody(await get('/v2/agronomics/plantings/abc'), 400).simpleMessage).toContain('plantingId');
      expectErrorBody(await get('/v2/agronomics/fields/north/plantings/1.5'), 400);
      expectErrorBody(await get('/v2/agronomics/fields/nope/plantings/current'), 404);
    });

    it('filters properties case-insensitively on singles, always keeping id and _links', async () => {
      const planting = await plant('north', { crop: 'oat', plantingDate: '2024-04-03' });
      const response = await get(`/v2/agronomics/fields/north/plantings/${planting.id}?properties=PLANTINGDATE,yield`);
      expect(Object.keys(response.json())).toEqual(['id', 'plantingDate', 'yield', '_links']);
      expect(expectErrorBody(await get(`/v2/agronomics/plantings/${planting.id}?properties=colour`), 400).detailedMessage).toContain(
        'crop, field, plantingDate, projections, yield, harvestDate',
      );
    });
  });

  describe('replace (PUT)', () => {
    it('replaces the whole planting: absent properties become null', async () => {
      const planting = await plant('north', {
        crop: 'wheat',
        plantingDate: '2024-04-10',
        projections: { yield: { amount: 60, units: 'bushels' }, harvestDate: '2024-08-20' },
        yield: { amount: 55, units: 'bushels' },
        harvestDate: '2024-08-25',
      });
      const response = await send('PUT', `/v2/agronomics/fields/north/plantings/${planting.id}`, { crop: 'barley', plantingDate: '2024-04-11' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        expect.objectContaining({
          id: planting.id,
          crop: 'barley-generic',
          plantingDate: '2024-04-11',
          projections: { yield: { amount: null, units: null }, harvestDate: null },
          yield: { amount: null, units: null },
          harvestDate: null,
        }),
      );
      expect((await get(`/v2/agronomics/plantings/${planting.id}`)).body).toBe(response.body);
    });

    it('accepts a planting read with GET written back, and replaces the current planting', async () => {
      await plant('south', { crop: 'soya', plantingDate: '2024-05-20' });
      const current = (await get('/v2/agronomics/fields/south/plantings/current')).json();
      const response = await send('PUT', '/v2/agronomics/fields/south/plantings/current', { ...current, harvestDate: '2024-09-30' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: current.id, crop: 'soya-generic', harvestDate: '2024-09-30' });
    });

    it('refuses a missing crop, a bad rule or another id with 400 and keeps the planting', async () => {
      const planting = await plant('north', { crop: 'oat', plantingDate: '2024-04-12', harvestDate: '2024-08-01' });
      const url = `/v2/agronomics/fields/north/plantings/${planting.id}`;
      expect(expectErrorBody(await send('PUT', url, { plantingDate: '2024-04-12' }), 400).simpleMessage).toContain('crop');
      expectErrorBody(await send('PUT', url, { crop: 'oat', plantingDate: '2024-04-12', yield: { amount: 1 } }), 400);
      expectErrorBody(await send('PUT', url, { crop: 'oat', plantingDate: '2024-04-12', id: planting.id + 1000 }), 400);
      expectErrorBody(await send('PUT', url, { crop: 'oat', plantingDate: '2024-04-12', field: 'south' }), 400);
      expect((await get(url)).json()).toMatchObject({ crop: 'oat-generic', harvestDate: '2024-08-01' });
      expectErrorBody(await send('PUT', url, { crop: 'oat', plantingDate: '2024-04-12' }, otherAuth), 404);
    });
  });

  describe('patch', () => {
    const url = (id: number | string) => `/v2/agronomics/fields/north/plantings/${id}`;

    it('replaces the documented paths, resolving a crop name', async () => {
      const planting = await plant('north', { crop: 'wheat', plantingDate: '2024-04-15' });
      const response = await send('PATCH', url(planting.id), [
        { op: 'test', path: '/harvestDate', value: null },
        { op: 'replace', path: '/crop', value: 'sugarbeet' },
        { op: 'replace', path: '/plantingDate', value: '2024-04-16' },
        { op: 'replace', path: '/harvestDate', value: '2024-09-01' },
        { op: 'replace', path: '/projections/yield/amount', value: 30 },
        { op: 'replace', path: '/projections/yield/units', value: 'tons' },
        { op: 'replace', path: '/projections/harvestDate', value: '2024-09-15' },
        { op: 'replace', path: '/yield/amount', value: 28.5 },
        { op: 'replace', path: '/yield/units', value: 'tons' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        crop: 'sugarbeet-generic',
        plantingDate: '2024-04-16',
        projections: { yield: { amount: 30, units: 'tons' }, harvestDate: '2024-09-15' },
        yield: { amount: 28.5, units: 'tons' },
        harvestDate: '2024-09-01',
      });
      const cleared = await send('PATCH', url(planting.id), [
        { op: 'replace', path: '/yield/amount', value: null },
        { op: 'replace', path: '/yield/units', value: null },
      ]);
      expect(cleared.json().yield).toEqual({ amount: null, units: null });
      expect(cleared.json().projections).toEqual({ yield: { amount: 30, units: 'tons' }, harvestDate: '2024-09-15' });
    });

    it('patches the current planting and accepts application/json-patch+json', async () => {
      const planting = await plant('north', { crop: 'oat', plantingDate: '2024-04-17' });
      const response = await t.app.inject({
        method: 'PATCH',
        url: url('current'),
        headers: { ...auth, 'content-type': 'application/json-patch+json' },
        payload: JSON.stringify([{ op: 'replace', path: '/harvestDate', value: '2024-08-08' }]),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: planting.id, harvestDate: '2024-08-08' });
    });

    it.each([
      ['a failing test', [{ op: 'replace', path: '/harvestDate', value: '2024-09-01' }, { op: 'test', path: '/crop', value: 'corn-2500-gdd' }], 'test'],
      ['an unknown op', [{ op: 'add', path: '/harvestDate', value: '2024-09-01' }], 'op'],
      ['an uneditable path', [{ op: 'replace', path: '/field', value: 'south' }], 'path'],
      ['the id', [{ op: 'replace', path: '/id', value: 3 }], 'path'],
      ['a whole yield object', [{ op: 'replace', path: '/yield', value: { amount: 1, units: 'bu' } }], 'path'],
      ['half a yield pair', [{ op: 'replace', path: '/yield/amount', value: 4 }], 'yield'],
      ['an unknown crop', [{ op: 'replace', path: '/crop', value: 'banana' }], 'crop'],
      ['a null crop', [{ op: 'replace', path: '/crop', value: null }], 'crop'],
      ['a null plantingDate', [{ op: 'replace', path: '/plantingDate', value: null }], 'plantingDate'],
      ['a harvest before planting', [{ op: 'replace', path: '/harvestDate', value: '2024-01-01' }], 'harvestDate'],
      ['a planting after the harvest', [{ op: 'replace', path: '/harvestDate', value: '2024-05-01' }, { op: 'replace', path: '/plantingDate', value: '2024-06-01' }], 'harvestDate'],
      ['a bad date', [{ op: 'replace', path: '/projections/harvestDate', value: '2024-02-30' }], 'projections.harvestDate'],
      ['units that are not text', [{ op: 'replace', path: '/yield/units', value: 5 }, { op: 'replace', path: '/yield/amount', value: 5 }], 'units'],
      ['an empty patch', [], 'body'],
    ])('refuses %s with 400 and changes nothing', async (_label, body, mention) => {
      const planting = await plant('north', { crop: 'wheat', plantingDate: '2024-04-18' });
      const before = (await get(url(planting.id))).body;
      const error = expectErrorBody(await send('PATCH', url(planting.id), body), 400);
      expect(`${error.simpleMessage} ${error.detailedMessage}`).toContain(mention);
      expect((await get(url(planting.id))).body).toBe(before);
    });

    it("answers 404 for another account's planting", async () => {
      const planting = await plant('north', { crop: 'wheat', plantingDate: '2024-04-19' });
      expectErrorBody(await send('PATCH', url(planting.id), [{ op: 'replace', path: '/harvestDate', value: null }], otherAuth), 404);
    });
  });

  describe('delete', () => {
    it('answers 204 on an id, then 404', async () => {
      const planting = await plant('south', { crop: 'oat', plantingDate: '2024-04-01' });
      expectErrorBody(await del(`/v2/agronomics/fields/south/plantings/${planting.id}`, otherAuth), 404);
      expectErrorBody(await del(`/v2/agronomics/fields/north/plantings/${planting.id}`), 404);
      expect((await del(`/v2/agronomics/fields/south/plantings/${planting.id}`)).statusCode).toBe(204);
      expectErrorBody(await del(`/v2/agronomics/fields/south/plantings/${planting.id}`), 404);
    });
  });

  describe('list', () => {
    let list: TestApp;
    let listAuth: Record<string, string>;
    const ids: Record<string, number> = {};
    const getList = (url: string) => list.app.inject({ method: 'GET', url, headers: listAuth });
    const names = (response: { json(): { plantings: { id: number }[] } }) =>
      response.json().plantings.map((p) => Object.entries(ids).find(([, id]) => id === p.id)?.[0]);

    beforeAll(async () => {
      list = await createTestApp(kind);
      listAuth = (await list.login('lister')).auth;
      for (const id of ['b-field', 'a-field']) {
        await list.app.inject({ method: 'POST', url: '/v2/fields', headers: json(listAuth), payload: JSON.stringify({ id, farmId: 'farm', centerPoint: { latitude: 1, longitude: 1 } }) });
      }
      const items: [string, string, Record<string, unknown>][] = [
        ['p1', 'b-field', { crop: 'wheat-generic', plantingDate: '2024-04-01', harvestDate: '2024-08-15' }],
        ['p2', 'a-field', { crop: 'corn-2500-gdd', plantingDate: '2024-05-01' }],
        ['p3', 'b-field', { crop: 'barley-generic', plantingDate: '2023-04-15', harvestDate: '2023-08-01' }],
        ['p4', 'a-field', { crop: 'wheat-generic', plantingDate: '2024-03-20', harvestDate: '2024-09-01' }],
      ];
      for (const [name, field, body] of items) {
        const r = await list.app.inject({ method: 'POST', url: `/v2/agronomics/fields/${field}/plantings`, headers: json(listAuth), payload: JSON.stringify(body) });
        expect(r.statusCode).toBe(201);
        ids[name] = r.json().id;
      }
    });
    afterAll(async () => list.close());

    it('lists every planting of the account in id order with Content-Range', async () => {
      const response = await getList('/v2/agronomics/plantings');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBe('0-3/4 plantings');
      expect(names(response)).toEqual(['p1', 'p2', 'p3', 'p4']);
      expect(Object.keys(response.json())).toEqual(['plantings', '_links']);
      expect(response.json()._links).toEqual({ self: { href: '/v2/agronomics/plantings' } });
    });

    it.each([
      ['id', ['p1', 'p2', 'p3', 'p4']],
      ['-id', ['p4', 'p3', 'p2', 'p1']],
      ['crop', ['p3', 'p2', 'p1', 'p4']],
      ['field', ['p2', 'p4', 'p1', 'p3']],
      ['-field', ['p1', 'p3', 'p2', 'p4']],
      ['plantingDate', ['p3', 'p4', 'p1', 'p2']],
      ['-plantingdate', ['p2', 'p1', 'p4', 'p3']],
      ['harvestDate', ['p3', 'p1', 'p4', 'p2']],
      ['-harvestDate', ['p4', 'p1', 'p3', 'p2']],
    ])('sorts by %s (nulls last either way)', async (sort, expected) => {
      expect(names(await getList(`/v2/agronomics/plantings?sort=${encodeURIComponent(sort)}`))).toEqual(expected);
    });

    it('sorts by one property at a time: a combination, which no index serves, is refused with 400', async () => {
      const error = expectErrorBody(await getList(`/v2/agronomics/plantings?sort=${encodeURIComponent('crop,-plantingDate')}`), 400);
      expect(error.detailedMessage).toContain('one property');
    });

    it('filters by crop id on every list, and refuses an unknown crop', async () => {
      expect(names(await getList('/v2/agronomics/plantings?crop=wheat-generic'))).toEqual(['p1', 'p4']);
      expect(names(await getList('/v2/agronomics/fields/a-field/plantings?crop=wheat-generic'))).toEqual(['p4']);
      expect(names(await getList('/v2/agronomics/plantings/current?crop=wheat-generic'))).toEqual(['p4']);
      const response = await getList('/v2/agronomics/plantings?crop=barley-generic');
      expect(response.headers['content-range']).toBe('0-0/1 plantings');
      expect(expectErrorBody(await getList('/v2/agronomics/plantings?crop=banana'), 400).simpleMessage).toContain('crop');
    });

    it('lists the current plantings of every field', async () => {
      expect(names(await getList('/v2/agronomics/plantings/current'))).toEqual(['p3', 'p4']);
      expect((await getList('/v2/agronomics/plantings/current')).headers['content-range']).toBe('0-1/2 plantings');
    });

    it('pages with limit and offset and next/prev links', async () => {
      const first = await getList('/v2/agronomics/plantings?sort=plantingDate&limit=3');
      expect(names(first)).toEqual(['p3', 'p4', 'p1']);
      expect(first.headers['content-range']).toBe('0-2/4 plantings');
      expect(first.json()._links.next.href).toBe('/v2/agronomics/plantings?sort=plantingDate&limit=3&offset=3');
      const second = await getList(first.json()._links.next.href);
      expect(names(second)).toEqual(['p2']);
      expect(second.headers['content-range']).toBe('3-3/4 plantings');
      expect(second.json()._links.prev.href).toBe('/v2/agronomics/plantings?sort=plantingDate&limit=3&offset=0');
    });

    it('filters properties in lists', async () => {
      const response = await getList('/v2/agronomics/fields/b-field/plantings?properties=crop&limit=1');
      expect(response.json().plantings[0]).toEqual({
        id: ids.p1,
        crop: 'wheat-generic',
        _links: {
          self: { href: `/v2/agronomics/fields/b-field/plantings/${ids.p1}` },
          curies: CURIES,
          'svc:field': { href: '/v2/fields/b-field' },
          'svc:crop': { href: '/v2/agronomics/crops/wheat-generic' },
        },
      });
    });

    it('allows limit up to 120, refuses more and bad paging, and answers 416 past the end', async () => {
      expect((await getList('/v2/agronomics/plantings?limit=120')).statusCode).toBe(200);
      expect(expectErrorBody(await getList('/v2/agronomics/plantings?limit=121'), 400).detailedMessage).toContain('The maximum value for the limit parameter is 120');
      expectErrorBody(await getList('/v2/agronomics/plantings?limit=0'), 400);
      expectErrorBody(await getList('/v2/agronomics/plantings?offset=-1'), 400);
      expectErrorBody(await getList('/v2/agronomics/plantings?sort=colour'), 400);
      expectErrorBody(await getList('/v2/agronomics/plantings?offset=4'), 416);
      expect((await getList('/v2/agronomics/plantings?offset=3')).statusCode).toBe(200);
    });

    it('answers an empty list at offset 0 with 200, and 404 for an unknown field', async () => {
      const empty = await createTestApp(kind);
      try {
        const { auth: emptyAuth } = await empty.login('empty');
        const response = await empty.app.inject({ method: 'GET', url: '/v2/agronomics/plantings/current', headers: emptyAuth });
        expect(response.statusCode).toBe(200);
        expect(response.json().plantings).toEqual([]);
        expect(response.headers['content-range']).toBe('0-0/0 plantings');
        expectErrorBody(await empty.app.inject({ method: 'GET', url: '/v2/agronomics/fields/none/plantings', headers: emptyAuth }), 404);
      } finally {
        await empty.close();
      }
    });
  });
});
