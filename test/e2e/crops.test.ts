import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const CROP_IDS = [
  'barley-generic', 'canola-b-napus', 'canola-b-rapa', 'canola-generic', 'corn-2300-gdd', 'corn-2500-gdd', 'corn-2700-gdd',
  'corn-2900-gdd', 'cotton-2200-gdd', 'cotton-2600-gdd', 'green-gram-generic', 'oat-generic', 'potato-generic',
  'sorghum-long-season', 'sorghum-short-season', 'soya-generic', 'sugarbeet-generic', 'sunflower-early-dwarf',
  'sunflower-generic', 'wheat-generic', 'wheat-hardred',
];

describe.each(databaseKinds())('crops on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let enterpriseAuth: Record<string, string>;
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const ids = (response: { json(): { crops: { id: string }[] } }) => response.json().crops.map((c) => c.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = (await t.login('acme')).auth;
    enterpriseAuth = (await t.login('big', { enterprise: true })).auth;
  });
  afterAll(async () => t.close());

  it('answers a crop in the documented key order with its links', async () => {
    const response = await get('/v2/agronomics/crops/corn-2500-gdd');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      JSON.stringify({
        id: 'corn-2500-gdd',
        name: 'corn',
        type: '2500 GDD maturity',
        variety: 'generic',
        isDefaultForCrop: true,
        _links: {
          self: { href: '/v2/agronomics/crops/corn-2500-gdd' },
          curies: [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }],
          'svc:plantings': { href: '/v2/agronomics/plantings?crop=corn-2500-gdd' },
        },
      }),
    );
  });

  it('lists the whole catalogue for an enterprise account, in id order', async () => {
    const response = await get('/v2/agronomics/crops?limit=120', enterpriseAuth);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(CROP_IDS);
    expect(response.headers['content-range']).toBe('0-20/21 crops');
    const crops = response.json().crops as { name: string; type: string | null; variety: string | null; isDefaultForCrop: boolean; id: string }[];
    const defaults = crops.filter((c) => c.isDefaultForCrop).map((c) => c.id);
    expect(new Set(crops.map((c) => c.name)).size).toBe(defaults.length);
    expect(defaults).toContain('corn-2500-gdd');
    for (const crop of crops) {
      if (crop.isDefaultForCrop && crops.some((c) => c.id === `${crop.name.replace(/ /g, '-')}-generic`)) {
        expect(crop.id).toBe(`${crop.name.replace(/ /g, '-')}-generic`);
      }
    }
    expect(new Set(crops.map((c) => JSON.stringify([c.name, c.type, c.variety]))).size).toBe(21);
  });

  it('pages other accounts 10 at a time by default, at most 10', async () => {
    const first = await get('/v2/agronomics/crops');
    expect(ids(first)).toEqual(CROP_IDS.slice(0, 10));
    expect(first.headers['content-range']).toBe('0-9/21 crops');
    expect(first.json()._links.next.href).toBe('/v2/agronomics/crops?limit=10&offset=10');
    const last = await get('/v2/agronomics/crops?offset=20');
    expect(ids(last)).toEqual(['wheat-hardred']);
    expect(last.json()._links.prev.href).toBe('/v2/agronomics/crops?limit=10&offset=10');
    expect(expectErrorBody(await get('/v2/agronomics/crops?limit=11'), 400).detailedMessage).toContain('The maximum value for the limit parameter is 10');
    expect((await get('/v2/agronomics/crops?limit=120', enterpriseAuth)).statusCode).toBe(200);
    expectErrorBody(await get('/v2/agronomics/crops?limit=121', enterpriseAuth), 400);
    expectErrorBody(await get('/v2/agronomics/crops?offset=21'), 416);
  });

  it('filters by crop name (any case)', async () => {
    const response = await get('/v2/agronomics/crops?crop=Corn');
    expect(ids(response)).toEqual(['corn-2300-gdd', 'corn-2500-gdd', 'corn-2700-gdd', 'corn-2900-gdd']);
    expect(response.headers['content-range']).toBe('0-3/4 crops');
    expect(ids(await get('/v2/agronomics/crops?crop=green%20gram'))).toEqual(['green-gram-generic']);
    expect(expectErrorBody(await get('/v2/agronomics/crops?crop=banana'), 400).simpleMessage).toContain('crop');
  });

  it.each([
    ['name', ['canola-b-napus', 'canola-b-rapa', 'canola-generic']],
    ['-type', ['canola-generic', 'canola-b-rapa', 'canola-b-napus']],
    ['type', ['canola-b-napus', 'canola-b-rapa', 'canola-generic']],
    ['variety', ['canola-b-napus', 'canola-b-rapa', 'canola-generic']],
    ['-id', ['canola-generic', 'canola-b-rapa', 'canola-b-napus']],
  ])('sorts by %s', async (sort, expected) => {
    expect(ids(await get(`/v2/agronomics/crops?crop=canola&sort=${encodeURIComponent(sort)}`))).toEqual(expected);
  });

  it('sorts the whole list by name then id', async () => {
    const names = (await get('/v2/agronomics/crops?sort=-name&limit=120', enterpriseAuth)).json().crops.map((c: { name: string }) => c.name);
    expect(names[0]).toBe('wheat');
    expect(names.at(-1)).toBe('barley');
    expectErrorBody(await get('/v2/agronomics/crops?sort=colour'), 400);
  });

  it('filters properties on lists and singles, always keeping id and _links', async () => {
    const single = await get('/v2/agronomics/crops/wheat-hardred?properties=isdefaultforcrop,NAME');
    expect(Object.keys(single.json())).toEqual(['id', 'name', 'isDefaultForCrop', '_links']);
    expect(single.json()).toMatchObject({ name: 'wheat', isDefaultForCrop: false });
    const list = await get('/v2/agronomics/crops?properties=variety&limit=1');
    expect(Object.keys(list.json().crops[0])).toEqual(['id', 'variety', '_links']);
    expect(expectErrorBody(await get('/v2/agronomics/crops/corn-2500-gdd?properties=colour'), 400).detailedMessage).toContain('name, type, variety, isDefaultForCrop');
  });

  it('answers 404 for an unknown crop', async () => {
    expect(expectErrorBody(await get('/v2/agronomics/crops/banana-generic'), 404).detailedMessage).toContain("'banana-generic'");
  });

  it("links to the account's plantings of the crop", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'f', farmId: 'farm', centerPoint: { latitude: 1, longitude: 1 } }),
    });
    await t.app.inject({
      method: 'POST',
      url: '/v2/agronomics/fields/f/plantings',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ crop: 'potato', plantingDate: '2024-05-01' }),
    });
    const crop = (await get('/v2/agronomics/crops/potato-generic')).json();
    const plantings = await get(crop._links['svc:plantings'].href);
    expect(plantings.json().plantings.map((p: { crop: string }) => p.crop)).toEqual(['potato-generic']);
  });

  it('requires a token', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/v2/agronomics/crops' }), 401);
  });
});
