import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const field = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Name_${id}`,
  farmId: 'farm-1',
  acres: 10,
  centerPoint: { latitude: 41.5, longitude: -93.5 },
  ...extra,
});

describe.each(databaseKinds())('fields on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = (await t.login('acme')).auth;
    otherAuth = (await t.login('other')).auth;
  });
  afterAll(async () => t.close());

  const post = (body: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: '/v2/fields', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const patch = (id: string, body: unknown, headers = auth) =>
    t.app.inject({ method: 'PATCH', url: `/v2/fields/${id}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  describe('create', () => {
    it('answers 201 with Location and the field in the documented key order', async () => {
      const response = await post(field('north-40', { acres: 40.5 }));
      expect(response.statusCode).toBe(201);
      expect(response.headers.location).toBe('https://agwx.test/v2/fields/north-40');
      expect(response.body).toBe(
        JSON.stringify({
          name: 'Name_north-40',
          acres: 40.5,
          centerPoint: { latitude: 41.5, longitude: -93.5 },
          farmId: 'farm-1',
          id: 'north-40',
          _links: { self: { href: '/v2/fields/north-40' } },
        }),
      );
      const read = await get('/v2/fields/north-40');
      expect(read.statusCode).toBe(200);
      expect(read.body).toBe(response.body);
    });

    it('stores unset optional properties as null and accepts explicit nulls', async () => {
      const response = await post({ id: 'bare', farmId: 'f', centerPoint: { latitude: 0, longitude: 0 } });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: null, acres: null });
      const explicit = await post({ id: 'nulls', name: null, acres: null, farmId: 'f', centerPoint: { latitude: -90, longitude: 180 } });
      expect(explicit.statusCode).toBe(201);
      expect(explicit.json()).toMatchObject({ name: null, acres: null, centerPoint: { latitude: -90, longitude: 180 } });
    });

    it('refuses a duplicate id with 409 and keeps the first', async () => {
      await post(field('dup'));
      const again = await post(field('dup', { name: 'Other' }));
      expect(expectErrorBody(again, 409).detailedMessage).toContain("'dup'");
      expect((await get('/v2/fields/dup')).json().name).toBe('Name_dup');
    });

    it('lets two accounts use the same id', async () => {
      expect((await post(field('shared'))).statusCode).toBe(201);
      expect((await post(field('shared'), otherAuth)).statusCode).toBe(201);
    });

    const invalid: [string, unknown, string][] = [
      ['id longer than 50', field('x'.repeat(51)), 'id'],
      ['id with a space', field('bad id'), 'id'],
      ['id with a dot', field('bad.id'), 'id'],
      ['name longer than 255', field('n1', { name: 'n'.repeat(256) }), 'name'],
      ['name with a space', field('n2', { name: 'North 40' }), 'name'],
      ['farmId longer than 50', field('f1', { farmId: 'f'.repeat(51) }), 'farmId'],
      ['farmId with a slash', field('f2', { farmId: 'a/b' }), 'farmId'],
      ['missing farmId', { id: 'm1', centerPoint: { latitude: 1, longitude: 1 } }, 'farmId'],
      ['missing id', { farmId: 'f', centerPoint: { latitude: 1, longitude: 1 } }, 'id'],
      ['missing centerPoint', { id: 'm2', farmId: 'f' }, 'centerPoint'],
      ['missing latitude', field('m3', { centerPoint: { longitude: 1 } }), 'latitude'],
      ['latitude above 90', field('l1', { centerPoint: { latitude: 90.0001, longitude: 0 } }), 'latitude'],
      ['latitude below -90', field('l2', { centerPoint: { latitude: -91, longitude: 0 } }), 'latitude'],
      ['longitude above 180', field('l3', { centerPoint: { latitude: 0, longitude: 181 } }), 'longitude'],
      ['longitude below -180', field('l4', { centerPoint: { latitude: 0, longitude: -180.5 } }), 'longitude'],
      ['latitude as text', field('l5', { centerPoint: { latitude: '41', longitude: 0 } }), 'latitude'],
      ['negative acres', field('a1', { acres: -1 }), 'acres'],
      ['acres as text', field('a2', { acres: '12' }), 'acres'],
      ['an unknown property', field('u1', { colour: 'green' }), 'colour'],
      ['a body that is not an object', [1, 2], 'body'],
    ];
    it.each(invalid)('refuses %s with 400 naming the property, and saves nothing', async (_label, body, name) => {
      const response = await post(body);
      const error = expectErrorBody(response, 400);
      expect(`${error.simpleMessage} ${error.detailedMessage}`).toContain(name);
      const id = (body as { id?: string }).id;
      if (typeof id === 'string' && /^[\w-]{1,50}$/.test(id)) expect((await get(`/v2/fields/${id}`)).statusCode).toBe(404);
    });

    it('refuses malformed JSON with 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/fields',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"id": "x",',
      });
      expect(expectErrorBody(response, 400).simpleMessage).toContain('Malformed JSON');
    });

    it('refuses a body that is not declared as JSON with 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/fields',
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: JSON.stringify(field('plain')),
      });
      expectErrorBody(response, 415);
      expect((await get('/v2/fields/plain')).statusCode).toBe(404);
    });
  });

  describe('read', () => {
    it('filters properties case-insensitively and always keeps id and _links', async () => {
      await post(field('props'));
      const response = await get('/v2/fields/props?properties=farmid,CENTERPOINT');
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['centerPoint', 'farmId', 'id', '_links']);
      expect(response.json().centerPoint).toEqual({ latitude: 41.5, longitude: -93.5 });
    });

    it('refuses an unknown property name with 400 listing the allowed ones', async () => {
      const error = expectErrorBody(await get('/v2/fields/props?properties=colour'), 400);
      const allowed = /Allowed values: (.*)\./.exec(error.detailedMessage)![1]!.split(', ');
      expect(allowed.sort()).toEqual(['acres', 'centerPoint', 'farmId', 'name']);
    });

    it("answers 404 for an unknown field and for another account's field", async () => {
      await post(field('private'), otherAuth);
      expect(expectErrorBody(await get('/v2/fields/nope'), 404).detailedMessage).toContain("'nope'");
      const other = expectErrorBody(await get('/v2/fields/private'), 404);
      expect(other.detailedMessage).not.toContain('other');
    });
  });

  describe('list', () => {
    let list: TestApp;
    let listAuth: Record<string, string>;
    beforeAll(async () => {
      list = await createTestApp(kind);
      listAuth = (await list.login('lister')).auth;
      const items = [
        { id: 'c', name: 'Charlie', acres: 5, centerPoint: { latitude: 3, longitude: 30 }, farmId: 'farm-b' },
        { id: 'a', name: 'alpha', acres: null, centerPoint: { latitude: 1, longitude: 10 }, farmId: 'farm-c' },
        { id: 'b', name: 'Bravo', acres: 50, centerPoint: { latitude: 2, longitude: -20 }, farmId: 'farm-a' },
        { id: 'd', name: null, acres: 0.5, centerPoint: { latitude: -4, longitude: 0 }, farmId: 'farm-a' },
      ];
      for (const item of items) {
        const r = await list.app.inject({ method: 'POST', url: '/v2/fields', headers: { ...listAuth, 'content-type': 'application/json' }, payload: JSON.stringify(item) });
        expect(r.statusCode).toBe(201);
      }
    });
    afterAll(async () => list.close());
    const ids = (response: { json(): { fields: { id: string }[] } }) => response.json().fields.map((f) => f.id);
    const getList = (url: string) => list.app.inject({ method: 'GET', url, headers: listAuth });

    it('lists only the account\'s fields with Content-Range', async () => {
      const response = await getList('/v2/fields');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBe('0-3/4 fields');
      expect(ids(response).sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(Object.keys(response.json())).toEqual(['fields', '_links']);
      expect(response.json()._links).toEqual({ self: { href: '/v2/fields' } });
    });

    it.each([
      ['name', ['b', 'c', 'a', 'd']],
      ['-name', ['a', 'c', 'b', 'd']],
      ['farmid', ['b', 'd', 'c', 'a']],
      ['-farmId', ['a', 'c', 'b', 'd']],
      ['acres', ['d', 'c', 'b', 'a']],
      ['-acres', ['b', 'c', 'd', 'a']],
      ['latitude', ['d', 'a', 'b', 'c']],
      ['-longitude', ['c', 'a', 'd', 'b']],
    ])('sorts by %s', async (sort, expected) => {
      expect(ids(await getList(`/v2/fields?sort=${encodeURIComponent(sort)}`))).toEqual(expected);
    });

    it('refuses an unknown sort with 400', async () => {
      expect(expectErrorBody(await getList('/v2/fields?sort=colour'), 400).detailedMessage).toContain('name, farmid, acres, latitude, longitude');
    });

    it('pages with limit and offset, with next and prev links only where they exist', async () => {
      const first = await getList('/v2/fields?sort=latitude&limit=2');
      expect(ids(first)).toEqual(['d', 'a']);
      expect(first.headers['content-range']).toBe('0-1/4 fields');
      expect(first.json()._links.next.href).toBe('/v2/fields?sort=latitude&limit=2&offset=2');
      expect(first.json()._links.prev).toBeUndefined();
      const second = await getList(first.json()._links.next.href);
      expect(ids(second)).toEqual(['b', 'c']);
      expect(second.headers['content-range']).toBe('2-3/4 fields');
      expect(second.json()._links.next).toBeUndefined();
      expect(second.json()._links.prev.href).toBe('/v2/fields?sort=latitude&limit=2&offset=0');
      const middle = await getList('/v2/fields?sort=latitude&limit=2&offset=1');
      expect(ids(middle)).toEqual(['a', 'b']);
      expect(middle.json()._links.prev.href).toBe('/v2/fields?sort=latitude&limit=2&offset=0');
    });

    it('filters properties in lists', async () => {
      const response = await getList('/v2/fields?properties=name&limit=1&sort=name');
      expect(response.json().fields[0]).toEqual({ name: 'Bravo', id: 'b', _links: { self: { href: '/v2/fields/b' } } });
    });

    it('allows limit up to 120 and refuses more with the documented message', async () => {
      expect((await getList('/v2/fields?limit=120')).statusCode).toBe(200);
      const error = expectErrorBody(await getList('/v2/fields?limit=121'), 400);
      expect(error.detailedMessage).toContain('The maximum value for the limit parameter is 120');
      for (const bad of ['0', '-1', 'ten', '1.5']) expectErrorBody(await getList(`/v2/fields?limit=${bad}`), 400);
      for (const bad of ['-1', 'x']) expectErrorBody(await getList(`/v2/fields?offset=${bad}`), 400);
    });

    it('answers 416 for an offset past the end', async () => {
      expectErrorBody(await getList('/v2/fields?offset=4'), 416);
      expectErrorBody(await getList('/v2/fields?offset=50'), 416);
      expect((await getList('/v2/fields?offset=3')).statusCode).toBe(200);
    });

    it('answers an empty list at offset 0 with 200', async () => {
      const empty = await createTestApp(kind);
      try {
        const { auth: emptyAuth } = await empty.login('empty');
        const response = await empty.app.inject({ method: 'GET', url: '/v2/fields', headers: emptyAuth });
        expect(response.statusCode).toBe(200);
        expect(response.json().fields).toEqual([]);
        expect(response.headers['content-range']).toBe('0-0/0 fields');
        expectErrorBody(await empty.app.inject({ method: 'GET', url: '/v2/fields?offset=1', headers: emptyAuth }), 416);
      } finally {
        await empty.close();
      }
    });
  });

  describe('patch', () => {
    it('replaces name and farmId and answers the updated field', async () => {
      await post(field('p1'));
      const response = await patch('p1', [
        { op: 'replace', path: '/name', value: 'Renamed' },
        { op: 'replace', path: '/farmId', value: 'farm-9' },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: 'p1', name: 'Renamed', farmId: 'farm-9', acres: 10 });
      expect((await get('/v2/fields/p1')).json()).toMatchObject({ name: 'Renamed', farmId: 'farm-9' });
    });

    it('accepts application/json-patch+json', async () => {
      await post(field('p2'));
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/v2/fields/p2',
        headers: { ...auth, 'content-type': 'application/json-patch+json' },
        payload: JSON.stringify([{ op: 'replace', path: '/name', value: 'JsonPatch' }]),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBe('JsonPatch');
    });

    it('saves only when a test passes; a failing test saves nothing', async () => {
      await post(field('p3'));
      const ok = await patch('p3', [
        { op: 'test', path: '/name', value: 'Name_p3' },
        { op: 'replace', path: '/name', value: 'Tested' },
      ]);
      expect(ok.statusCode).toBe(200);
      const failed = await patch('p3', [
        { op: 'replace', path: '/farmId', value: 'changed' },
        { op: 'test', path: '/name', value: 'Name_p3' },
        { op: 'replace', path: '/name', value: 'Never' },
      ]);
      expect(expectErrorBody(failed, 400).simpleMessage).toContain('test failed');
      expect((await get('/v2/fields/p3')).json()).toMatchObject({ name: 'Tested', farmId: 'farm-1' });
    });

    it.each([
      ['an unknown op', [{ op: 'add', path: '/name', value: 'x' }], 'op'],
      ['remove', [{ op: 'remove', path: '/name' }], 'op'],
      ['an uneditable path', [{ op: 'replace', path: '/acres', value: 3 }], 'path'],
      ['the id', [{ op: 'replace', path: '/id', value: 'other' }], 'path'],
      ['a nested path', [{ op: 'replace', path: '/centerPoint/latitude', value: 3 }], 'path'],
      ['an invalid name', [{ op: 'replace', path: '/name', value: 'has space' }], 'name'],
      ['a farmId that is null', [{ op: 'replace', path: '/farmId', value: null }], 'farmId'],
      ['a later invalid command', [{ op: 'replace', path: '/name', value: 'Fine' }, { op: 'move', path: '/name', value: 'x' }], 'op'],
      ['an empty patch', [], 'body'],
      ['an object instead of an array', { op: 'replace', path: '/name', value: 'x' }, 'body'],
    ])('refuses %s with 400 and changes nothing', async (_label, body, mention) => {
      await post(field('p4'));
      const error = expectErrorBody(await patch('p4', body), 400);
      expect(`${error.simpleMessage} ${error.detailedMessage}`).toContain(mention);
      expect((await get('/v2/fields/p4')).json()).toMatchObject({ name: 'Name_p4', farmId: 'farm-1', acres: 10 });
    });

    it('accepts null for the name', async () => {
      await post(field('p5'));
      const response = await patch('p5', [{ op: 'replace', path: '/name', value: null }]);
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBeNull();
    });

    it("answers 404 for an unknown or another account's field", async () => {
      await post(field('theirs'), otherAuth);
      expectErrorBody(await patch('nope', [{ op: 'replace', path: '/name', value: 'x' }]), 404);
      expectErrorBody(await patch('theirs', [{ op: 'replace', path: '/name', value: 'x' }]), 404);
    });

    it('never loses an update under concurrent test-and-replace patches', async () => {
      await post(field('race', { farmId: 'start' }));
      const attempts = Array.from({ length: 12 }, (_, i) =>
        patch('race', [
          { op: 'test', path: '/farmId', value: 'start' },
          { op: 'replace', path: '/farmId', value: `winner-${i}` },
        ]),
      );
      const responses = await Promise.all(attempts);
      const winners = responses.filter((r) => r.statusCode === 200);
      expect(winners).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(11);
      expect((await get('/v2/fields/race')).json().farmId).toBe(winners[0]!.json().farmId);
    });
  });

  describe('delete', () => {
    it('answers 204, then the field is gone', async () => {
      await post(field('gone'));
      const response = await t.app.inject({ method: 'DELETE', url: '/v2/fields/gone', headers: auth });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectErrorBody(await get('/v2/fields/gone'), 404);
      expectErrorBody(await t.app.inject({ method: 'DELETE', url: '/v2/fields/gone', headers: auth }), 404);
    });

    it("cannot delete another account's field", async () => {
      await post(field('keep'), otherAuth);
      expectErrorBody(await t.app.inject({ method: 'DELETE', url: '/v2/fields/keep', headers: auth }), 404);
      expect((await get('/v2/fields/keep', otherAuth)).statusCode).toBe(200);
    });
  });
});
