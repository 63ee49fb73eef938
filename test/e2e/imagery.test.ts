import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileAt } from '../../src/maps/index.js';
import { temperatureRamp } from '../../src/maps/layers/temperatures.js';
import { recentPrecipitationRamp } from '../../src/maps/layers/precipitation.js';
import { alertRules } from '../../src/maps/layers/alerts.js';
import { centredViewport, tileViewport } from '../../src/maps/viewport.js';
import { MARKER_COLOUR, MARKER_RADIUS } from '../../src/maps/drawing/marker.js';
import { databaseKinds } from '../support/databases.js';
import { createFakeWeatherSource, fakeHour, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { TEST_NOW, type TestApp, createTestApp, expectErrorBody } from '../support/test-app.js';
import { closeTo, decodePng, hexToRgb as hexRgb } from '../maps/png-pixels.js';

const IOWA = { latitude: 41.9, longitude: -93.4 };
const MAPS = '/v2/imagery/weathermaps';

/** The tile containing a point at a zoom, and the point's pixel in it. */
function tileWith(latitude: number, longitude: number, zoom: number) {
  const { x, y } = tileAt(longitude, latitude, zoom);
  const pixel = tileViewport(x, y, zoom).project(longitude, latitude);
  return { path: `${x},${y},${zoom}`, px: Math.floor(pixel.x), py: Math.floor(pixel.y) };
}

const iowaTile = tileWith(IOWA.latitude, IOWA.longitude, 6);

describe.each(databaseKinds())('weather map imagery on %s', (kind) => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    weather = createFakeWeatherSource();
    t = await createTestApp(kind, {}, weather);
    ({ auth, token } = await t.login('imagery'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: auth,
      payload: { id: 'north-40', farmId: 'farm-1', centerPoint: IOWA },
    });
    expect(created.statusCode).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url, headers });

  describe('tiles', () => {
    it('are 256 × 256 PNGs with an ETag and Cache-Control', async () => {
      const response = await get(`${MAPS}/base,states/tiles/${iowaTile.path}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers.etag).toMatch(/^".+"$/);
      expect(response.headers['cache-control']).toBe('private, max-age=86400');
      const image = await decodePng(response.rawPayload);
      expect([image.width, image.height]).toEqual([256, 256]);
    });

    it('with a weather layer may be kept until that layer next updates', async () => {
      t.clock.set(TEST_NOW + 20 * 60_000);
      try {
        const response = await get(`${MAPS}/base,temperatures/tiles/${iowaTile.path}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('private, max-age=2400');
        expect(response.headers['x-data-source']).toBe('fake');
        const radar = await get(`${MAPS}/temperatures,radar/tiles/${iowaTile.path}`);
        expect(radar.headers['cache-control']).toBe('private, max-age=240');
      } finally {
        t.clock.set(TEST_NOW);
      }
    });

    it('show the temperature of the weather source in the ramp colour', async () => {
      const response = await get(`${MAPS}/temperatures/tiles/${iowaTile.path}`);
      const image = await decodePng(response.rawPayload);
      const expected = temperatureRamp.colourAt(fakeHour(TEST_NOW).temperature);
      expect(closeTo(image.at(iowaTile.px, iowaTile.py), expected, 3)).toBe(true);
      // The source was asked for the update hour, issued at the update time.
      expect(weather.hourlyCalls.map((call) => call.request)).toContainEqual({ start: TEST_NOW, hours: 1, issuedAt: TEST_NOW, soil: false });
    });

    it('answer 304 to If-None-Match with the current ETag', async () => {
      const first = await get(`${MAPS}/base/tiles/${iowaTile.path}`);
      const again = await get(`${MAPS}/base/tiles/${iowaTile.path}`, { ...auth, 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe('private, max-age=86400');
      const other = await get(`${MAPS}/base/tiles/${iowaTile.path}`, { ...auth, 'if-none-match': '"something-else"' });
      expect(other.statusCode).toBe(200);
    });

    it('answer 304 without drawing: the ETag is known before rendering and the same on every instance', async () => {
      const tile = tileWith(35.0, -100.0, 7).path;
      const first = await get(`${MAPS}/temperatures/tiles/${tile}`);
      expect(first.statusCode).toBe(200);
      const otherWeather = createFakeWeatherSource();
      const twin = await createTestApp(kind, {}, otherWeather);
      try {
        const login = await twin.login('twin');
        const response = await twin.app.inject({ url: `${MAPS}/temperatures/tiles/${tile}`, headers: { ...login.auth, 'if-none-match': String(first.headers.etag) } });
        expect(response.statusCode).toBe(304);
        expect(otherWeather.hourlyCalls).toHaveLength(0);
      } finally {
        await twin.close();
      }
    });

    it('change their ETag when the weather layer updates', async () => {
      const before = await get(`${MAPS}/temperatures/tiles/${iowaTile.path}`);
      t.clock.set(TEST_NOW + 3_600_000);
      try {
        const later = (await t.login('imagery')).auth; // tokens last one hour
        const after = await get(`${MAPS}/temperatures/tiles/${iowaTile.path}`, later);
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        const archived = await get(`${MAPS}/temperatures/tiles/${iowaTile.path}/archives/1`, later);
        expect(archived.statusCode, archived.body).toBe(200);
        expect(archived.headers.etag).toBe(before.headers.etag);
      } finally {
        t.clock.set(TEST_NOW);
      }
    });
  });

  describe('field images', () => {
    it('are 500 × 500 by default, centred on the field', async () => {
      const response = await get(`${MAPS}/base/fields/north-40?zoom=6`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const image = await decodePng(response.rawPayload);
      expect([image.width, image.height]).toEqual([500, 500]);
    });

    it('take zoom and size, and archives', async () => {
      const response = await get(`${MAPS}/base,temperatures/fields/north-40/archives/3?zoom=9&size=120x80`);
      expect(response.statusCode).toBe(200);
      const image = await decodePng(response.rawPayload);
      expect([image.width, image.height]).toEqual([120, 80]);
      const centre = await decodePng((await get(`${MAPS}/temperatures/fields/north-40/archives/3?zoom=9&size=64x64`)).rawPayload);
      const expected = temperatureRamp.colourAt(fakeHour(TEST_NOW - 3 * 3_600_000).temperature);
      // Off the field's marker, the layer's colour.
      expect(closeTo(centre.at(6, 6), expected, 3)).toBe(true);
    });

    it('mark the field’s centre with a pin drawn over every layer', async () => {
      const image = await decodePng((await get(`${MAPS}/base,temperatures/fields/north-40?zoom=8&size=101x75`)).rawPayload);
      const viewport = centredViewport(IOWA.longitude, IOWA.latitude, 8, 101, 75);
      const centre = viewport.project(IOWA.longitude, IOWA.latitude);
      const [cx, cy] = [Math.floor(centre.x), Math.floor(centre.y)];
      expect(closeTo(image.at(cx, cy), [...hexRgb(MARKER_COLOUR), 255], 2)).toBe(true);
      // A white ring around the dot, then the map again.
      expect(closeTo(image.at(centre.x + MARKER_RADIUS + 0.5, centre.y), [255, 255, 255, 255], 40)).toBe(true);
      expect(closeTo(image.at(cx + 20, cy), [...hexRgb(MARKER_COLOUR), 255], 30)).toBe(false);
      // Tiles mark nothing: the same place on a tile shows the layers.
      const tile = await decodePng((await get(`${MAPS}/base/tiles/${iowaTile.path}`)).rawPayload);
      expect(closeTo(tile.at(iowaTile.px, iowaTile.py), [...hexRgb(MARKER_COLOUR), 255], 30)).toBe(false);
    });

    it('of an unknown field or another account’s field are 404', async () => {
      expectErrorBody(await get(`${MAPS}/base/fields/nowhere`), 404);
      const other = await t.login('someone-else');
      expectErrorBody(await get(`${MAPS}/base/fields/north-40`, other.auth), 404);
    });
  });

  describe('legends', () => {
    const json = () => ({ ...auth, accept: 'application/json' });

    it('answer JSON with the stops of the ramp the layer is drawn with', async () => {
      const response = await get(`${MAPS}/temperatures/legend`, json());
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      expect(body).toEqual({
        layer: 'temperatures',
        title: 'Temperature image',
        units: '°C',
        stops: temperatureRamp.stops.map((stop) => ({ value: stop.value, color: stop.colour })),
      });
      const viaQuery = await get(`${MAPS}/temperatures/legend?format=json`);
      expect(viaQuery.json()).toEqual(body);
    });

    it('write the values in the unit system asked for', async () => {
      const usa = (await get(`${MAPS}/temperatures/legend?units=usa`, json())).json();
      expect(usa.units).toBe('°F');
      expect(usa.stops.map((stop: { value: number }) => stop.value)).toEqual(temperatureRamp.stops.map((stop) => Math.round((stop.value * 1.8 + 32) * 10) / 10));
      expect(usa.stops.map((stop: { color: string }) => stop.color)).toEqual(temperatureRamp.stops.map((stop) => stop.colour));
      const rain = (await get(`${MAPS}/precipitation/legend?units=usa`, json())).json();
      expect(rain.units).toBe('in');
      expect(rain.stops.map((stop: { value: number }) => stop.value)).toEqual(recentPrecipitationRamp.stops.map((stop) => Math.round((stop.value / 25.4) * 1000) / 1000));
      expect((await get(`${MAPS}/precipitation/legend?units=metric`, json())).json().units).toBe('mm');
      expectErrorBody(await get(`${MAPS}/precipitation/legend?units=imperial`), 400);
    });

    it('of alert layers list their classes', async () => {
      const body = (await get(`${MAPS}/alerts/legend?units=usa`, json())).json();
      expect(body.units).toBeNull();
      expect(body.stops).toEqual([]);
      expect(body.classes.map((entry: { name: string; color: string }) => [entry.name, entry.color])).toEqual(alertRules.map((rule) => [rule.name, rule.colour]));
      expect(body.classes.find((entry: { name: string }) => entry.name === 'heat').condition).toBe('temperature ≥ 95 °F');
      const png = await get(`${MAPS}/alerts/legend`);
      expect(png.headers['content-type']).toBe('image/png');
      const image = await decodePng(png.rawPayload);
      expect(image.height).toBeGreaterThan(alertRules.length * 16);
    });

    it('are a PNG colour bar by default, coloured by the ramp', async () => {
      for (const headers of [auth, { ...auth, accept: '*/*' }, { ...auth, accept: 'image/png' }]) {
        const response = await get(`${MAPS}/temperatures/legend`, headers);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
      }
      const image = await decodePng((await get(`${MAPS}/temperatures/legend`)).rawPayload);
      expect([image.width, image.height]).toEqual([360, 64]);
      const colours = new Set<string>();
      for (let x = 0; x < image.width; x += 3) colours.add(image.at(x, 32).join(','));
      expect(colours.size).toBeGreaterThan(20);
      // The bar's left end is the first stop's colour, its right end the last's.
      expect(closeTo(image.at(11, 32), [...hexRgb(temperatureRamp.stops[0]!.colour), 255], 8)).toBe(true);
      expect(closeTo(image.at(348, 32), [...hexRgb(temperatureRamp.stops.at(-1)!.colour), 255], 8)).toBe(true);
      // Tick labels: dark text under the bar.
      let dark = 0;
      for (let y = 44; y < 60; y++) for (let x = 0; x < image.width; x++) if (image.at(x, y)[0] < 100) dark++;
      expect(dark).toBeGreaterThan(100);
    });

    it('of an unknown layer are 400 naming it, of a reference layer 404', async () => {
      const unknown = expectErrorBody(await get(`${MAPS}/nosuchlayer/legend`), 400);
      expect(unknown.detailedMessage).toContain('nosuchlayer');
      const reference = expectErrorBody(await get(`${MAPS}/base/legend`, json()), 404);
      expect(reference.detailedMessage).toContain('reference layer');
      expectErrorBody(await get(`${MAPS}/temperatures/legend?format=svg`), 400);
    });

    it('need a token (the header or ?token=)', async () => {
      expectErrorBody(await t.app.inject({ url: `${MAPS}/temperatures/legend` }), 401);
      expect((await t.app.inject({ url: `${MAPS}/temperatures/legend?token=${token}` })).statusCode).toBe(200);
    });

    it('are in the OpenAPI document with both forms', async () => {
      const document = (await t.app.inject({ url: '/openapi.json' })).json();
      const operation = document.paths['/v2/imagery/weathermaps/{layer}/legend'].get;
      expect(Object.keys(operation.responses['200'].content).sort()).toEqual(['application/json', 'image/png']);
    });
  });

  describe('authentication', () => {
    it('accepts the token as ?token= on imagery paths', async () => {
      const tile = await t.app.inject({ url: `${MAPS}/base/tiles/${iowaTile.path}?token=${token}` });
      expect(tile.statusCode).toBe(200);
      expect(tile.headers['content-type']).toBe('image/png');
      const field = await t.app.inject({ url: `${MAPS}/base/fields/north-40/archives/0?zoom=5&size=10x10&token=${token}` });
      expect(field.statusCode).toBe(200);
    });

    it('still refuses ?token= elsewhere, and imagery without any token', async () => {
      expectErrorBody(await t.app.inject({ url: `/v2/fields?token=${token}` }), 401);
      expectErrorBody(await t.app.inject({ url: `${MAPS}/base/tiles/${iowaTile.path}` }), 401);
      expectErrorBody(await t.app.inject({ url: `${MAPS}/base/tiles/${iowaTile.path}?token=not-a-token` }), 401);
    });
  });

  describe('bad input is 400 naming the parameter', () => {
    const cases: [string, string, string][] = [
      ['unknown layer code', `/foo/tiles/1,1,2`, 'types'],
      ['empty layer code', `/base,,states/tiles/1,1,2`, 'types'],
      ['repeated layer code', `/base,base/tiles/1,1,2`, 'types'],
      ['tile zoom 0', `/base/tiles/0,0,0`, 'zoom'],
      ['tile zoom 22', `/base/tiles/0,0,22`, 'zoom'],
      ['tile zoom not a number', `/base/tiles/0,0,x`, 'zoom'],
      ['X outside the zoom’s grid', `/base/tiles/4,0,2`, 'X'],
      ['Y outside the zoom’s grid', `/base/tiles/0,4,2`, 'Y'],
      ['negative X', `/base/tiles/-1,0,2`, 'X'],
      ['tile address with two parts', `/base/tiles/1,2`, 'X,Y,zoom'],
      ['negative tile interval', `/base/tiles/1,1,2/archives/-1`, 'interval'],
      ['tile interval not a number', `/base/tiles/1,1,2/archives/latest`, 'interval'],
      ['field zoom 0', `/base/fields/north-40?zoom=0`, 'zoom'],
      ['field zoom 22', `/base/fields/north-40?zoom=22`, 'zoom'],
      ['field zoom 2.5', `/base/fields/north-40?zoom=2.5`, 'zoom'],
      ['malformed size', `/base/fields/north-40?size=big`, 'size'],
      ['size with a zero side', `/base/fields/north-40?size=0x100`, 'size'],
      ['size above the maximum', `/base/fields/north-40?size=4096x100`, 'size'],
      ['negative field interval', `/base/fields/north-40/archives/-2`, 'interval'],
    ];
    it.each(cases)('%s', async (_label, path, parameter) => {
      const body = expectErrorBody(await get(`${MAPS}${path}`), 400);
      expect(body.simpleMessage).toBe(`Invalid value for parameter '${parameter}'.`);
      expect(body.detailedMessage.length).toBeGreaterThan(10);
    });
  });

  describe('archives', () => {
    it('beyond the kept history are 404', async () => {
      const body = expectErrorBody(await get(`${MAPS}/base,temperatures/tiles/${iowaTile.path}/archives/24`), 404);
      expect(body.detailedMessage).toContain('interval 24');
      expectErrorBody(await get(`${MAPS}/radar/fields/north-40/archives/240?zoom=5&size=10x10`), 404);
    });

    it('of reference layers ignore the interval', async () => {
      const response = await get(`${MAPS}/base/tiles/${iowaTile.path}/archives/9999`);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('per-key access limits', () => {
    it('refuse layers the key may not use with 403', async () => {
      const limited = await t.login('limited-layers');
      await t.store.keys.setMapAccess(limited.key.key, { layers: ['base', 'states'], regions: null });
      expect((await get(`${MAPS}/base,states/tiles/${iowaTile.path}`, limited.auth)).statusCode).toBe(200);
      const body = expectErrorBody(await get(`${MAPS}/base,temperatures/tiles/${iowaTile.path}`, limited.auth), 403);
      expect(body.detailedMessage).toContain('temperatures');
    });

    it('refuse images outside the key’s regions with 403, before anything else is known', async () => {
      const limited = await t.login('limited-regions');
      await t.store.keys.setMapAccess(limited.key.key, { layers: null, regions: [{ west: -100, south: 35, east: -90, north: 45 }] });
      expect((await get(`${MAPS}/base/tiles/${tileWith(IOWA.latitude, IOWA.longitude, 8).path}`, limited.auth)).statusCode).toBe(200);
      expectErrorBody(await get(`${MAPS}/base/tiles/${tileWith(48.8, 2.3, 8).path}`, limited.auth), 403);
      // A tile reaching past the region is refused too.
      expectErrorBody(await get(`${MAPS}/base/tiles/${iowaTile.path}`, limited.auth), 403);
      // Archives are checked before their history.
      expectErrorBody(await get(`${MAPS}/temperatures/tiles/${tileWith(48.8, 2.3, 8).path}/archives/99`, limited.auth), 403);
      // Field images: the field is in the region at zoom 10, not at zoom 3.
      const created = await t.app.inject({ method: 'POST', url: '/v2/fields', headers: limited.auth, payload: { id: 'f1', farmId: 'farm', centerPoint: IOWA } });
      expect(created.statusCode).toBe(201);
      expect((await get(`${MAPS}/base/fields/f1?zoom=10&size=50x50`, limited.auth)).statusCode).toBe(200);
      expectErrorBody(await get(`${MAPS}/base/fields/f1?zoom=3`, limited.auth), 403);
    });

    it('are lifted again with nulls', async () => {
      const limited = await t.login('lifted');
      await t.store.keys.setMapAccess(limited.key.key, { layers: ['states'], regions: null });
      expect((await t.store.keys.find(limited.key.key))!.mapLayers).toEqual(['states']);
      await t.store.keys.setMapAccess(limited.key.key, { layers: null, regions: null });
      const record = (await t.store.keys.find(limited.key.key))!;
      expect([record.mapLayers, record.mapRegions]).toEqual([null, null]);
      expect((await get(`${MAPS}/base/tiles/${iowaTile.path}`, limited.auth)).statusCode).toBe(200);
    });
  });

  describe('weather source failures', () => {
    it('are 503 with Retry-After, and nothing is cached from them', async () => {
      const tile = tileWith(30.5, -97.7, 9).path;
      weather.unavailable = true;
      try {
        const body = expectErrorBody(await get(`${MAPS}/temperatures/tiles/${tile}`), 503);
        expect(body.statusCode).toBe(503);
      } finally {
        weather.unavailable = false;
      }
      const response = await get(`${MAPS}/temperatures/tiles/${tile}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    });
  });
});

describe('weather map imagery without a weather source', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    ({ auth } = await t.login('no-weather'));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 for weather layers', async () => {
    const response = await t.app.inject({ url: `${MAPS}/base,temperatures/tiles/${iowaTile.path}`, headers: auth });
    const body = expectErrorBody(response, 503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(body.detailedMessage).toContain('temperatures');
  });

  it('still draws reference layers', async () => {
    const response = await t.app.inject({ url: `${MAPS}/base/tiles/${iowaTile.path}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-data-source']).toBeUndefined();
  });
});
