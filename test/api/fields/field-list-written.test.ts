/**
 * A list of fields with every property is written from each field's text, kept while the store
 * hands out the same record. A client must receive, byte for byte, what the list's response
 * serializer writes from the fields as objects, on every page, in every order, and after a field
 * changes.
 */
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldListWriter, presentField } from '../../../src/api/fields/field-table.js';
import { FieldListSchema, FieldSchema } from '../../../src/api/fields/field-table.js';
import type { FieldRecord } from '../../../src/store/field-repository.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const serializeList = fastJson(FieldListSchema as object);

describe('field list text', () => {
  it('is what the list serializer writes, and a record seen again gives the same text', () => {
    const write = fieldListWriter(fastJson(FieldSchema as object));
    const records: FieldRecord[] = [
      { id: 'a', name: null, farmId: 'f', acres: null, latitude: 0, longitude: -0 },
      { id: 'b-1', name: 'North_40', farmId: 'farm-2', acres: 12.345678901, latitude: -33.8688, longitude: 151.20930000000001 },
      { id: 'c_2', name: 'x', farmId: 'F', acres: 0.1 + 0.2, latitude: 89.999999, longitude: -179.5 },
      { id: 'd"\\ü', name: 'q\u2028', farmId: 'z', acres: 1e21, latitude: 1e-7, longitude: 2 / 3 },
    ];
    const links = { self: { href: '/v2/fields?limit=4' } };
    for (const page of [records, records.slice(1, 3), [], [records[3]!, records[0]!]]) {
      const expected = serializeList({ fields: page.map((record) => presentField(record)), _links: links });
      const [before, after] = serializeList({ fields: [], _links: links }).split('"fields":[]');
      expect(write(`${before}"fields":[`, page, `]${after}`).toString('utf8')).toBe(expected);
    }
  });
});

describe('GET /v2/fields', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ auth } = await t.login('written'));
    for (let i = 0; i < 12; i++) {
      const body = { id: `w${i}`, farmId: `farm${i % 3}`, centerPoint: { latitude: 40 + i / 7, longitude: -90 - i / 3 }, ...(i % 4 ? { name: `N${i % 5}`, acres: i * 1.1 } : {}) };
      expect((await t.app.inject({ method: 'POST', url: '/v2/fields', headers: auth, payload: body })).statusCode).toBe(201);
    }
  });
  afterAll(async () => t.close());

  /** The body the list's serializer writes for the page from the fields as stored. */
  const expectedBody = async (ids: string[], links: unknown) => {
    const account = (await t.store.accounts.findByName('written'))!;
    const fields = await Promise.all(ids.map(async (id) => presentField((await t.store.fields.get(account.id, id))!)));
    return serializeList({ fields, _links: links });
  };

  it('sends, byte for byte, what the serializer writes from the fields, on every page and order, and after a change', async () => {
    const check = async (url: string) => {
      const response = await t.app.inject({ url, headers: auth });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json() as { fields: { id: string }[]; _links: unknown };
      expect(response.body).toBe(await expectedBody(body.fields.map((f) => f.id), body._links));
      return body.fields.map((f) => f.id);
    };
    for (const url of ['/v2/fields', '/v2/fields?limit=5&offset=5', '/v2/fields?sort=-acres,name&limit=4&offset=2', '/v2/fields?sort=name&limit=3']) {
      expect((await check(url)).length).toBeGreaterThan(0);
      await check(url); // the same records again: their texts as kept
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/v2/fields/w1',
      headers: { ...auth, 'content-type': 'application/json-patch+json' },
      payload: [{ op: 'replace', path: '/name', value: 'A_first' }],
    });
    expect(patched.statusCode).toBe(200);
    const ids = await check('/v2/fields?sort=name');
    expect(ids[0]).toBe('w1');
    expect((await t.app.inject({ url: '/v2/fields?sort=name', headers: auth })).json().fields[0].name).toBe('A_first');
  });

  it('still writes the chosen properties alone when `properties` is given', async () => {
    const response = await t.app.inject({ url: '/v2/fields?properties=name&limit=2', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().fields[0]).sort()).toEqual(['_links', 'id', 'name']);
  });
});
