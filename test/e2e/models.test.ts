import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datesInRange } from '../../src/core/dates.js';
import type { DailyResult, DailyWeather, DateRange, WeatherSource } from '../../src/weather/weather-source.js';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];
const INCLUDED_MODELS = [
  'BarleyGenericNDAWN',
  'CanolaGenericNDAWN',
  'Corn2700ISUAbendroth',
  'Cotton2200NCCA',
  'SugarbeetGenericNDAWN',
  'SunflowerGenericNDAWN',
  'WheatGenericNDAWN',
];

/** The same high and low (°C) every day, so each day's GDD is known exactly. */
interface ConstantWeather extends WeatherSource {
  tmax: number;
  tmin: number;
  /** When set, `daily` answers null (no source holds the range). */
  missing: boolean;
  calls: DateRange[];
}

function constantWeather(): ConstantWeather {
  const weather: ConstantWeather = {
    name: 'constant',
    tmax: 20,
    tmin: 10,
    missing: false,
    calls: [],
    async daily(_cell, range): Promise<DailyResult | null> {
      weather.calls.push(range);
      if (weather.missing) return null;
      const days: DailyWeather[] = datesInRange(range.start, range.end).map((date) => ({
        date,
        tmax: weather.tmax,
        tmin: weather.tmin,
        precipitation: 0,
        solar: 5000,
        rhMax: 90,
        rhMin: 40,
        windDayMax: 5,
        windMorningMax: 4,
        windAverage: 3,
      }));
      return { source: 'test:constant', days };
    },
    async hourly() {
      return null;
    },
  };
  return weather;
}

describe.each(databaseKinds())('models on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;
  const weather = constantWeather();
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, body: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, weather);
    auth = (await t.login('acme')).auth;
    otherAuth = (await t.login('other')).auth;
  });
  afterAll(async () => t.close());

  describe('catalogue (v2)', () => {
    const ids = (response: { json(): { models: { id: string }[] } }) => response.json().models.map((m) => m.id);

    it('answers a model in the documented key order with one svc:crop link per crop record', async () => {
      const response = await get('/v2/agronomics/models/WheatGenericNDAWN');
      expect(response.statusCode).toBe(200);
      const model = response.json();
      expect(Object.keys(model)).toEqual(['id', 'name', 'description', 'type', 'source', '_links']);
      expect(model).toMatchObject({ id: 'WheatGenericNDAWN', type: 'growthstage' });
      expect(Object.keys(model.source)).toEqual(['name', 'link']);
      expect(model.source.name).toContain('NDAWN');
      expect(model.source.link).toMatch(/^https:\/\/ndawn\.ndsu\.nodak\.edu\//);
      expect(model._links).toEqual({
        self: { href: '/v2/agronomics/models/WheatGenericNDAWN' },
        curies: CURIES,
        'svc:crop': [{ href: '/v2/agronomics/crops/wheat-generic' }],
        'svc:modelDetails': { href: '/v2/agronomics/models/WheatGenericNDAWN/details' },
      });
    });

    it('lists the models with Content-Range', async () => {
      const response = await get('/v2/agronomics/models');
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual(INCLUDED_MODELS);
      expect(response.headers['content-range']).toBe('0-6/7 models');
      expect(Object.keys(response.json())).toEqual(['models', '_links']);
    });

    it('filters by crop name and by crop id', async () => {
      expect(ids(await get('/v2/agronomics/models?crop=wheat'))).toEqual(['WheatGenericNDAWN']);
      expect(ids(await get('/v2/agronomics/models?crop=CORN'))).toEqual(['Corn2700ISUAbendroth']);
      expect(ids(await get('/v2/agronomics/models?cropId=corn-2700-gdd'))).toEqual(['Corn2700ISUAbendroth']);
      const none = await get('/v2/agronomics/models?cropId=corn-2500-gdd');
      expect(none.statusCode).toBe(200);
      expect(ids(none)).toEqual([]);
      expect(none.headers['content-range']).toBe('0-0/0 models');
      expect(expectErrorBody(await get('/v2/agronomics/models?crop=banana'), 400).simpleMessage).toContain("'crop'");
      expect(expectErrorBody(await get('/v2/agronomics/models?cropId=banana'), 400).simpleMessage).toContain("'cropId'");
    });

    it('sorts by name and type, pages, and filters properties', async () => {
      const byName = (await get('/v2/agronomics/models?sort=-name')).json().models.map((m: { name: string }) => m.name);
      expect(byName).toEqual([...byName].sort().reverse());
      expect(ids(await get('/v2/agronomics/models?sort=type'))).toEqual(INCLUDED_MODELS);
      const page = await get('/v2/agronomics/models?limit=2&offset=2');
      expect(ids(page)).toEqual(INCLUDED_MODELS.slice(2, 4));
      expect(page.headers['content-range']).toBe('2-3/7 models');
      expect(page.json()._links.next.href).toBe('/v2/agronomics/models?limit=2&offset=4');
      expect(Object.keys((await get('/v2/agronomics/models/Cotton2200NCCA?properties=SOURCE')).json())).toEqual(['id', 'source', '_links']);
      expect(expectErrorBody(await get('/v2/agronomics/models?limit=121'), 400).detailedMessage).toContain('The maximum value for the limit parameter is 120');
      expectErrorBody(await get('/v2/agronomics/models?sort=id'), 400);
      expectErrorBody(await get('/v2/agronomics/models?properties=stages'), 400);
      expectErrorBody(await get('/v2/agronomics/models?offset=7'), 416);
    });

    it('answers 404 for an unknown model', async () => {
      expect(expectErrorBody(await get('/v2/agronomics/models/Corn2500ISUAbendroth'), 404).detailedMessage).toContain('Corn2500ISUAbendroth');
      expectErrorBody(await get('/v2/agronomics/models/Nope/details'), 404);
    });
  });

  describe('details', () => {
    it('answers the NDAWN wheat model in metric: base 0 °C, boundaries 0 and 35 °C, thresholds in °C-days', async () => {
      const response = await get('/v2/agronomics/models/WheatGenericNDAWN/details');
      expect(response.statusCode).toBe(200);
      const details = response.json();
      expect(Object.keys(details)).toEqual(['biofix', 'gddMethod', 'gddBaseTemp', 'gddMaxBoundary', 'gddMinBoundary', 'gddUnits', 'stages', '_links']);
      expect(details).toMatchObject({ biofix: 1, gddMethod: 'modifiedstandard', gddBaseTemp: 0, gddMaxBoundary: 35, gddMinBoundary: 0, gddUnits: 'C' });
      expect(details.stages).toHaveLength(17);
      expect(details.stages[0]).toEqual({ id: 'stage1', stage: 'Haun 0.5', description: 'Emergence: leaf 1 reaches half of its length', gddThreshold: 100, gddUnits: 'C' });
      // Published °F thresholds / 1.8 (NDAWN: 395 °F-days at Haun 2.0, 1825 at kernel watery ripe).
      expect(details.stages[2].gddThreshold).toBe(219.4);
      expect(details.stages[16].gddThreshold).toBe(1013.9);
      expect(details._links).toEqual({
        self: { href: '/v2/agronomics/models/WheatGenericNDAWN/details' },
        curies: CURIES,
        'svc:model': { href: '/v2/agronomics/models/WheatGenericNDAWN' },
      });
    });

    it('answers the published °F values under units=usa', async () => {
      const details = (await get('/v2/agronomics/models/WheatGenericNDAWN/details?units=usa')).json();
      expect(details).toMatchObject({ gddBaseTemp: 32, gddMaxBoundary: 95, gddMinBoundary: 32, gddUnits: 'F' });
      expect(details.stages.map((s: { gddThreshold: number }) => s.gddThreshold)).toEqual([
        180, 252, 395, 538, 681, 824, 967, 1110, 1181, 1255, 1396, 1539, 1567, 1682, 1739, 1768, 1825,
      ]);
      expect(details.stages[0].gddUnits).toBe('F');
      expect(details._links.self.href).toBe('/v2/agronomics/models/WheatGenericNDAWN/details?units=usa');
    });

    it.each([
      ['SunflowerGenericNDAWN', { gddBaseTemp: 6.67, gddMaxBoundary: null, gddMinBoundary: 6.67 }, 31, 206],
      ['SugarbeetGenericNDAWN', { gddBaseTemp: 1.11, gddMaxBoundary: null, gddMinBoundary: 1.11 }, 10, 237],
      ['Corn2700ISUAbendroth', { biofix: 0, gddBaseTemp: 10, gddMaxBoundary: 30, gddMinBoundary: 10 }, 11, 120],
      ['Cotton2200NCCA', { biofix: 0, gddMethod: 'standard', gddBaseTemp: 15.56, gddMaxBoundary: null, gddMinBoundary: null }, 7, 50],
      ['BarleyGenericNDAWN', { gddBaseTemp: 0, gddMaxBoundary: 35 }, 14, 176],
      ['CanolaGenericNDAWN', { gddBaseTemp: 5, gddMaxBoundary: null }, 10, 0],
    ])('answers %s with its source parameters', async (id, expected, stageCount, firstUsaThreshold) => {
      const metric = (await get(`/v2/agronomics/models/${id}/details`)).json();
      expect(metric).toMatchObject(expected);
      expect(metric.stages).toHaveLength(stageCount);
      const usa = (await get(`/v2/agronomics/models/${id}/details?units=USA`)).json();
      expect(usa.stages[0].gddThreshold).toBe(firstUsaThreshold);
    });

    it('refuses unknown units with 400', async () => {
      expect(expectErrorBody(await get('/v2/agronomics/models/WheatGenericNDAWN/details?units=kelvin'), 400).simpleMessage).toContain('units');
    });
  });

  describe('results', () => {
    let nextField = 0;
    /** A field in central Iowa (America/Chicago: 2024-06-15T12:00Z is 07:00 local, so yesterday is 2024-06-14). */
    async function fieldWithPlanting(planting: Record<string, unknown> | null, headers = auth): Promise<string> {
      const id = `field-${++nextField}`;
      expect((await post('/v2/fields', { id, farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } }, headers)).statusCode).toBe(201);
      if (planting) expect((await post(`/v2/agronomics/fields/${id}/plantings`, planting, headers)).statusCode).toBe(201);
      return id;
    }
    const results = (fieldId: string, modelId: string, query = '') => get(`/v2/agronomics/fields/${fieldId}/models/${modelId}/results${query}`);

    it('accumulates from the day after planting through yesterday and places the stages (wheat, 27 °F-days a day)', async () => {
      // 20 °C / 10 °C = 68 °F / 50 °F: mean 59 °F, base 32 °F, below every boundary: 27 °F-days a day.
      weather.tmax = 20;
      weather.tmin = 10;
      const fieldId = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-20' });
      weather.calls.length = 0;
      const response = await results(fieldId, 'WheatGenericNDAWN', '?units=usa');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-data-source']).toBe('test:constant');
      expect(weather.calls).toEqual([{ start: '2024-05-21', end: '2024-06-14' }]);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['modelId', 'location', 'plantingDate', 'biofixDate', 'gddUnits', 'previousStages', 'currentStage', 'nextStage', '_links']);
      // Day n (from 2024-05-21) has 27n: 180 on day 7, 252 on day 10, 395 on day 15, 538 on day 20; 25 days = 675.
      expect(body).toMatchObject({
        modelId: 'WheatGenericNDAWN',
        location: { latitude: 41.5, longitude: -93.5, fieldId },
        plantingDate: '2024-05-20',
        biofixDate: '2024-05-21',
        gddUnits: 'F',
      });
      expect(body.previousStages).toEqual([
        { date: '2024-05-27', id: 'stage1', stage: 'Haun 0.5', description: 'Emergence: leaf 1 reaches half of its length', gddThreshold: 180 },
        { date: '2024-05-30', id: 'stage2', stage: 'Haun 1', description: 'Leaf 1 fully extended', gddThreshold: 252 },
        { date: '2024-06-04', id: 'stage3', stage: 'Haun 2', description: 'Leaf 2 fully extended', gddThreshold: 395 },
      ]);
      expect(body.currentStage).toEqual({
        date: '2024-06-09',
        id: 'stage4',
        stage: 'Haun 3',
        description: 'Leaf 3 fully extended; tillers begin to emerge',
        gddThreshold: 538,
        accumulatedGdds: 675,
      });
      expect(body.nextStage).toEqual({ id: 'stage5', stage: 'Haun 4', description: 'Leaf 4 fully extended', gddThreshold: 681, gddRemaining: 6 });
      expect(body._links).toEqual({
        self: { href: `/v2/agronomics/fields/${fieldId}/models/WheatGenericNDAWN/results?units=usa` },
        curies: CURIES,
        'svc:field': { href: `/v2/fields/${fieldId}` },
        'svc:planting': { href: expect.stringMatching(new RegExp(`^/v2/agronomics/fields/${fieldId}/plantings/\\d+$`)) },
        'svc:model': { href: '/v2/agronomics/models/WheatGenericNDAWN' },
      });

      const metric = (await results(fieldId, 'WheatGenericNDAWN')).json();
      expect(metric.gddUnits).toBe('C');
      expect(metric.previousStages.map((s: { gddThreshold: number }) => s.gddThreshold)).toEqual([100, 140, 219.4]);
      expect(metric.currentStage).toMatchObject({ date: '2024-06-09', gddThreshold: 298.9, accumulatedGdds: 375 });
      expect(metric.nextStage).toMatchObject({ gddThreshold: 378.3, gddRemaining: 3.3 });
    });

    it('caps the high at 70 °F until Haun 2.0 (395 °F-days) and at 95 °F after (NDAWN wheat)', async () => {
      // 30 °C / 10 °C = 86 °F / 50 °F: 28 °F-days a day under the 70 °F cap, 36 after it.
      weather.tmax = 30;
      weather.tmin = 10;
      const fieldId = await fieldWithPlanting({ crop: 'wheat-generic', plantingDate: '2024-05-20' });
      const body = (await results(fieldId, 'WheatGenericNDAWN', '?units=usa')).json();
      // Day 7 196 (≥ 180), day 9 exactly 252; days 1-14: 392; day 15 (2024-06-04) still starts below 395: 420;
      // then +36: day 19 564, day 23 708, day 25 780.
      expect(body.previousStages.map((s: { date: string }) => s.date)).toEqual(['2024-05-27', '2024-05-29', '2024-06-04', '2024-06-08']);
      expect(body.currentStage).toMatchObject({ id: 'stage5', date: '2024-06-12', accumulatedGdds: 780 });
      expect(body.nextStage).toMatchObject({ id: 'stage6', gddThreshold: 824, gddRemaining: 44 });
    });

    it('accumulates corn from the planting date with the 86/50 °F boundaries', async () => {
      // 35 °C / 5 °C = 95 °F / 41 °F, reset to 86 °F / 50 °F: 18 °F-days a day from 2024-06-01 (14 days = 252).
      weather.tmax = 35;
      weather.tmin = 5;
      const fieldId = await fieldWithPlanting({ crop: 'corn-2700-gdd', plantingDate: '2024-06-01' });
      const body = (await results(fieldId, 'Corn2700ISUAbendroth', '?units=usa')).json();
      expect(body.biofixDate).toBe('2024-06-01');
      expect(body.previousStages).toEqual([{ date: '2024-06-07', id: 'stage1', stage: 'VE', description: 'Emergence', gddThreshold: 120 }]);
      expect(body.currentStage).toMatchObject({ id: 'stage2', stage: 'V2', date: '2024-06-12', accumulatedGdds: 252 });
      expect(body.nextStage).toMatchObject({ id: 'stage3', stage: 'V3', gddThreshold: 350, gddRemaining: 98 });
    });

    it('stops at the harvest date', async () => {
      weather.tmax = 20;
      weather.tmin = 10;
      const fieldId = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-20', harvestDate: '2024-05-30' });
      weather.calls.length = 0;
      const body = (await results(fieldId, 'WheatGenericNDAWN', '?units=usa')).json();
      expect(weather.calls).toEqual([{ start: '2024-05-21', end: '2024-05-30' }]);
      expect(body.currentStage).toMatchObject({ id: 'stage2', accumulatedGdds: 270 });
    });

    it('answers no current stage before the first one is reached, without asking for weather when nothing has accumulated', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'sunflower', plantingDate: '2024-06-20' });
      weather.calls.length = 0;
      const response = await results(fieldId, 'SunflowerGenericNDAWN', '?units=usa');
      expect(response.statusCode).toBe(200);
      expect(weather.calls).toEqual([]);
      expect(response.json()).toMatchObject({
        biofixDate: '2024-06-21',
        previousStages: [],
        currentStage: null,
        nextStage: { id: 'stage1', stage: 'VE', gddThreshold: 206, gddRemaining: 206 },
      });
    });

    it('uses the current planting and filters properties', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-05-01' });
      await post(`/v2/agronomics/fields/${fieldId}/plantings`, { crop: 'barley', plantingDate: '2024-05-20' });
      const response = await results(fieldId, 'BarleyGenericNDAWN', '?properties=plantingDate,currentStage');
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['modelId', 'plantingDate', 'currentStage', '_links']);
      expect(response.json().plantingDate).toBe('2024-05-20');
      expectErrorBody(await results(fieldId, 'BarleyGenericNDAWN', '?properties=stages'), 400);
      expectErrorBody(await results(fieldId, 'BarleyGenericNDAWN', '?units=imperial'), 400);
    });

    it('answers 400 when the model does not apply to the crop of the current planting', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-05-01' });
      const error = expectErrorBody(await results(fieldId, 'Corn2700ISUAbendroth'), 400);
      expect(error.detailedMessage).toContain('corn-2500-gdd');
    });

    it('answers 404 for a missing field, planting or model, and for another account', async () => {
      expect(expectErrorBody(await results('nope', 'WheatGenericNDAWN'), 404).simpleMessage).toContain('Field');
      const bare = await fieldWithPlanting(null);
      expect(expectErrorBody(await results(bare, 'WheatGenericNDAWN'), 404).simpleMessage).toContain('Planting');
      const planted = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-01' });
      expect(expectErrorBody(await results(planted, 'Corn2500ISUAbendroth'), 404).simpleMessage).toContain('Model');
      const theirs = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-01' }, otherAuth);
      expectErrorBody(await results(theirs, 'WheatGenericNDAWN'), 404);
    });

    it('answers 503 when no weather source holds the range', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-01' });
      weather.missing = true;
      try {
        const response = await results(fieldId, 'WheatGenericNDAWN');
        expectErrorBody(response, 503);
        expect(response.headers['retry-after']).toBeDefined();
      } finally {
        weather.missing = false;
      }
    });

    it('answers 503 when the app has no weather source', async () => {
      const bare = await createTestApp(kind);
      try {
        const { auth: bareAuth } = await bare.login('bare');
        const headers = { ...bareAuth, 'content-type': 'application/json' };
        await bare.app.inject({ method: 'POST', url: '/v2/fields', headers, payload: JSON.stringify({ id: 'f', farmId: 'x', centerPoint: { latitude: 41.5, longitude: -93.5 } }) });
        await bare.app.inject({ method: 'POST', url: '/v2/agronomics/fields/f/plantings', headers, payload: JSON.stringify({ crop: 'wheat', plantingDate: '2024-05-01' }) });
        expectErrorBody(await bare.app.inject({ method: 'GET', url: '/v2/agronomics/fields/f/models/WheatGenericNDAWN/results', headers: bareAuth }), 503);
      } finally {
        await bare.close();
      }
    });
  });

  describe('v1 (deprecated)', () => {
    const SUNSET = 'Fri, 15 Jan 2016 00:00:00 GMT';

    it('lists the models in the v1 shape with Deprecation and Sunset headers', async () => {
      const response = await get('/v1/models');
      expect(response.statusCode).toBe(200);
      expect(response.headers.sunset).toBe(SUNSET);
      expect(response.headers.deprecation).toBe('@1452816000');
      expect(response.headers.link).toBe('</v2/agronomics/models>; rel="successor-version"');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['models', '_links']);
      expect(body._links).toEqual({ self: { href: '/v1/models' } });
      expect(body.models.map((m: { id: string }) => m.id)).toEqual(INCLUDED_MODELS);
      const corn = body.models.find((m: { id: string }) => m.id === 'Corn2700ISUAbendroth');
      expect(Object.keys(corn)).toEqual(['id', 'name', 'type', 'crop', 'cropVariety', 'source', '_links']);
      expect(corn).toMatchObject({ type: 'growthstage', crop: 'corn', cropVariety: '2700 GDD maturity', _links: { self: { href: '/v1/models/Corn2700ISUAbendroth' } } });
    });

    it.each([
      ['wheat', ['WheatGenericNDAWN']],
      ['Sugarbeet', ['SugarbeetGenericNDAWN']],
      ['cotton', ['Cotton2200NCCA']],
      ['oat', []],
    ])('filters by crop %s', async (crop, expected) => {
      const response = await get(`/v1/models?crop=${crop}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().models.map((m: { id: string }) => m.id)).toEqual(expected);
    });

    it('refuses an unknown crop or several crops with 400, still deprecated', async () => {
      const unknown = await get('/v1/models?crop=potato');
      expect(expectErrorBody(unknown, 400).detailedMessage).toContain('barley, canola, cotton, oat, sugarbeet, sunflower, wheat, corn');
      expect(unknown.headers.sunset).toBe(SUNSET);
      expectErrorBody(await get('/v1/models?crop=wheat,barley'), 400);
    });

    it('answers a single model, ignoring crop, with properties filtering', async () => {
      const response = await get('/v1/models/BarleyGenericNDAWN?crop=corn&properties=crop');
      expect(response.statusCode).toBe(200);
      expect(response.headers.sunset).toBe(SUNSET);
      expect(response.json()).toEqual({ id: 'BarleyGenericNDAWN', crop: 'barley', _links: { self: { href: '/v1/models/BarleyGenericNDAWN' } } });
      const missing = await get('/v1/models/Nope');
      expectErrorBody(missing, 404);
      expect(missing.headers.deprecation).toBe('@1452816000');
    });
  });
});
