import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { referenceEvapotranspiration } from '../../src/agronomy/pet.js';
import { datesInRange, dayOfYear } from '../../src/core/dates.js';
import { loadElevationGrid } from '../../src/weather/elevation/elevation-grid.js';
import { cellAt } from '../../src/weather/grid.js';
import { databaseKinds } from '../support/databases.js';
import { createFakeWeatherSource, fakeDay, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { createTestApp, expectErrorBody, TEST_NOW, type TestApp } from '../support/test-app.js';

/**
 * Served numbers are rounded to their quantity's decimals (src/agronomy/quantities.ts): mostly
 * 0.01, and 0.001 for inches and ratios. They are judged within half of 0.01 (and a little float
 * noise) of the value computed here at full precision.
 */
const SERVED = 1.99;

// The clock stands at 2024-06-15T12:00Z: 07:00 on 15 June in Iowa (UTC-5), so yesterday there is
// 2024-06-14 and the forecast days are 2024-06-15 … 2024-06-22.
//
// The fake's daily values of y-m-d, with k = y - 2010: tmax 20+k+d/100, tmin 10+k/2,
// precipitation m+(y mod 2) mm, solar 5000+d Wh/m², RH 90/40+k %, mean wind 3+k/10 m/s.
// In 2024 (k = 14): tmax 34+d/100, tmin 17, so standard GDD = (34+d/100+17)/2 - 10 = 15.5+d/200.
//
// The fake's forecast hours (UTC hour h): temperature 10+h, rain 3 mm at h = 12, 13, 14, solar
// 100 Wh/m² from h = 6 to 17, RH 60+h, wind 2 m/s. A local Iowa day runs 05:00Z to 05:00Z, so each
// forecast day has tmax 33, tmin 10, precipitation 9 mm, solar 1200 Wh/m², RH 83/60, wind 2.
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CELL = cellAt(IOWA.latitude, IOWA.longitude);
const CELL_LATITUDE = CELL.latitude;
/** The shipped elevation grid's elevation of the cell (ETOPO5 cell mean; central Iowa is about 300 m). */
const GRID_ELEVATION = loadElevationGrid().elevationAt(CELL.latitude, CELL.longitude);
const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];
const FIELD_BASE = '/v2/agronomics/fields/north/agronomicvalues';
const LOCATION_BASE = '/v2/agronomics/locations/41.5,-93.5/agronomicvalues';
const ENTRY_KEYS = ['date', 'gdd', 'pet', 'ppet', 'accumulatedGdd', 'accumulatedPrecipitation', 'accumulatedPet', 'accumulatedPpet', '_links'];
const FORECAST_DAY = { tmax: 33, tmin: 10, precipitation: 9, solar: 1200, rhMax: 83, rhMin: 60, wind: 2 };

/** Standard GDD in °C by the spec's rule: mean of high and low minus 10, never negative. */
const standardGdd = (tmax: number, tmin: number, base = 10) => Math.max(0, (tmax + tmin) / 2 - base);

/** PET (mm) of a fake observed day: ASCE standardized ETos with the cell's latitude, wind at 10 m, the elevation grid's elevation. */
function observedPet(date: string, elevationM = GRID_ELEVATION): number {
  const d = fakeDay(date);
  return referenceEvapotranspiration({
    tmax: d.tmax!,
    tmin: d.tmin!,
    rhMax: d.rhMax,
    rhMin: d.rhMin,
    solar: d.solar,
    windSpeed: d.windAverage,
    windHeightM: 10,
    latitude: CELL_LATITUDE,
    dayOfYear: dayOfYear(date),
    elevationM,
  });
}

function forecastPet(date: string): number {
  const f = FORECAST_DAY;
  return referenceEvapotranspiration({
    tmax: f.tmax,
    tmin: f.tmin,
    rhMax: f.rhMax,
    rhMin: f.rhMin,
    solar: f.solar,
    windSpeed: f.wind,
    windHeightM: 10,
    latitude: CELL_LATITUDE,
    dayOfYear: dayOfYear(date),
    elevationM: GRID_ELEVATION,
  });
}

interface Day {
  gdd: number;
  precipitation: number;
  pet: number;
}

/** The expected day (metric, standard method) whether observed or forecast. */
function expectedDay(date: string): Day {
  if (date >= '2024-06-15') {
    return { gdd: standardGdd(FORECAST_DAY.tmax, FORECAST_DAY.tmin), precipitation: FORECAST_DAY.precipitation, pet: forecastPet(date) };
  }
  const d = fakeDay(date);
  return { gdd: standardGdd(d.tmax!, d.tmin!), precipitation: d.precipitation!, pet: observedPet(date) };
}

function totals(from: string, to: string) {
  let gdd = 0;
  let precipitation = 0;
  let pet = 0;
  for (const date of datesInRange(from, to)) {
    const day = expectedDay(date);
    gdd += day.gdd;
    precipitation += day.precipitation;
    pet += day.pet;
  }
  return { gdd, precipitation, pet, ppet: precipitation / pet };
}

type Entry = {
  date: string;
  location?: unknown;
  gdd: number;
  pet: { amount: number; units: string };
  ppet: number;
  accumulatedGdd: number;
  accumulatedPrecipitation: { amount: number; units: string };
  accumulatedPet: { amount: number; units: string };
  accumulatedPpet: number;
  _links: Record<string, { href: string } | unknown>;
};

describe.each(databaseKinds())('agronomic values on %s', (kind) => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;

  const post = (url: string, body: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    weather = createFakeWeatherSource();
    t = await createTestApp(kind, {}, weather);
    auth = (await t.login('acme')).auth;
    otherAuth = (await t.login('other')).auth;
    for (const id of ['north', 'bare']) expect((await post('/v2/fields', { id, farmId: 'farm', centerPoint: IOWA })).statusCode).toBe(201);
    expect((await post('/v2/fields', { id: 'private', farmId: 'farm', centerPoint: IOWA }, otherAuth)).statusCode).toBe(201);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    weather.reset();
    t.clock.set(TEST_NOW);
  });

  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const ok = async (url: string, headers = auth) => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  describe('values', () => {
    it('answers one date with the daily entry and the location after the date', async () => {
      const response = await ok(`${FIELD_BASE}/2024-06-01`);
      expect(response.headers['x-data-source']).toBe('fake');
      const body = response.json() as Entry;
      expect(Object.keys(body)).toEqual(['date', 'location', ...ENTRY_KEYS.slice(1)]);
      const pet = observedPet('2024-06-01');
      expect(body.date).toBe('2024-06-01');
      expect(body.location).toEqual({ ...IOWA, fieldId: 'north' });
      expect(body.gdd).toBeCloseTo(15.505, SERVED);
      expect(body.pet).toEqual({ amount: expect.closeTo(pet, SERVED), units: 'mm' });
      expect(pet).toBeGreaterThan(3);
      expect(pet).toBeLessThan(12);
      expect(body.ppet).toBeCloseTo(6 / pet, SERVED);
      expect(body.accumulatedGdd).toBeCloseTo(15.505, SERVED);
      expect(body.accumulatedPrecipitation).toEqual({ amount: 6, units: 'mm' });
      expect(body.accumulatedPet.amount).toBeCloseTo(pet, SERVED);
      expect(body.accumulatedPpet).toBeCloseTo(6 / pet, SERVED);
      expect(JSON.stringify(body._links)).toBe(
        JSON.stringify({ self: { href: `${FIELD_BASE}/2024-06-01` }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2024-06-01', end: '2024-06-01' }]);
      expect(weather.dailyCalls[0]!.cell.latitude).toBe(CELL_LATITUDE);
    });

    it('computes PET with the elevation the weather source names (a station, a provider), else the grid\'s', async () => {
      expect(GRID_ELEVATION).toBeGreaterThan(200);
      expect(GRID_ELEVATION).toBeLessThan(400);
      weather.elevation = 1500;
      const high = (await ok(`${LOCATION_BASE}/2024-06-01`)).json() as Entry;
      expect(high.pet.amount).toBeCloseTo(observedPet('2024-06-01', 1500), SERVED);
      weather.elevation = null;
      const grid = (await ok(`${LOCATION_BASE}/2024-06-01`)).json() as Entry;
      expect(grid.pet.amount).toBeCloseTo(observedPet('2024-06-01'), SERVED);
      // lower pressure at 1500 m: a smaller psychrometric constant, a different PET
      expect(Math.abs(high.pet.amount - grid.pet.amount)).toBeGreaterThan(0.02);
    });

    it('answers a range with accumulations and running totals, keys in the published order', async () => {
      const response = await ok(`${FIELD_BASE}/2024-06-01,2024-06-10`);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['location', 'accumulations', 'dailyValues', '_links']);
      expect(body.location).toEqual({ ...IOWA, fieldId: 'north' });
      const expected = totals('2024-06-01', '2024-06-10');
      expect(expected.gdd).toBeCloseTo(155 + 55 / 200, SERVED); // Σ 15.5 + d/200, d = 1 … 10
      expect(Object.keys(body.accumulations)).toEqual(['gdd', 'precipitation', 'pet', 'ppet']);
      expect(body.accumulations.gdd).toBeCloseTo(expected.gdd, SERVED);
      expect(body.accumulations.precipitation).toEqual({ amount: 60, units: 'mm' });
      expect(body.accumulations.pet).toEqual({ amount: expect.closeTo(expected.pet, SERVED), units: 'mm' });
      expect(body.accumulations.ppet).toBeCloseTo(expected.ppet, SERVED);
      const daily = body.dailyValues as Entry[];
      expect(daily.map((d) => d.date)).toEqual(datesInRange('2024-06-01', '2024-06-10'));
      expect(Object.keys(daily[0]!)).toEqual(ENTRY_KEYS);
      const running = totals('2024-06-01', '2024-06-04');
      expect(daily[3]!.gdd).toBeCloseTo(15.52, SERVED);
      expect(daily[3]!.pet.amount).toBeCloseTo(observedPet('2024-06-04'), SERVED);
      expect(daily[3]!.accumulatedGdd).toBeCloseTo(running.gdd, SERVED);
      expect(daily[3]!.accumulatedPrecipitation).toEqual({ amount: 24, units: 'mm' });
      expect(daily[3]!.accumulatedPet.amount).toBeCloseTo(running.pet, SERVED);
      expect(daily[3]!.accumulatedPpet).toBeCloseTo(running.ppet, SERVED);
      expect(JSON.stringify(daily[3]!._links)).toBe(
        JSON.stringify({ self: { href: `${FIELD_BASE}/2024-06-04` }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      expect(JSON.stringify(body._links)).toBe(
        JSON.stringify({ self: { href: `${FIELD_BASE}/2024-06-01,2024-06-10` }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      // One daily request for the whole range; no pagination.
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2024-06-01', end: '2024-06-10' }]);
      expect(response.headers['content-range']).toBeUndefined();
    });

    it('uses the hourly forecast for today and later, aggregated per local day', async () => {
      const response = await ok(`${LOCATION_BASE}/2024-06-13,2024-06-17`);
      expect(response.headers['x-data-source']).toBe('fake,fake-forecast');
      const body = response.json();
      const daily = body.dailyValues as Entry[];
      expect(daily.map((d) => d.date)).toEqual(datesInRange('2024-06-13', '2024-06-17'));
      expect(daily[1]!.gdd).toBeCloseTo(15.57, SERVED); // 14 June, observed
      expect(daily[2]!.gdd).toBeCloseTo(11.5, SERVED); // (33 + 10)/2 - 10
      expect(daily[2]!.pet.amount).toBeCloseTo(forecastPet('2024-06-15'), SERVED);
      expect(daily[2]!.ppet).toBeCloseTo(9 / forecastPet('2024-06-15'), SERVED);
      expect(daily[4]!.accumulatedPrecipitation.amount).toBeCloseTo(6 + 6 + 9 + 9 + 9, SERVED);
      const expected = totals('2024-06-13', '2024-06-17');
      expect(body.accumulations.gdd).toBeCloseTo(expected.gdd, SERVED);
      expect(body.accumulations.pet.amount).toBeCloseTo(expected.pet, SERVED);
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2024-06-13', end: '2024-06-14' }]);
      expect(weather.hourlyCalls).toHaveLength(1);
      // From local midnight of 15 June (05:00Z), 3 days of hours, issued now.
      expect(weather.hourlyCalls[0]!.request).toEqual({ start: Date.parse('2024-06-15T05:00:00Z'), hours: 72, issuedAt: TEST_NOW });
      // Latitude/longitude answers have only self links.
      expect(body.location).toEqual(IOWA);
      expect(body._links).toEqual({ self: { href: `${LOCATION_BASE}/2024-06-13,2024-06-17` } });
      expect(daily[0]!._links).toEqual({ self: { href: `${LOCATION_BASE}/2024-06-13` } });
      const single = (await ok(`${LOCATION_BASE}/2024-06-22`)).json() as Entry;
      expect(single.location).toEqual(IOWA);
      expect(single.gdd).toBeCloseTo(11.5, SERVED);
      expect(single.accumulatedPrecipitation.amount).toBe(9);
    });

    it('accumulates from accumulationStartDate while listing only the requested days', async () => {
      const response = await ok(`${FIELD_BASE}/2024-06-05,2024-06-06?accumulationStartDate=2024-06-01`);
      const body = response.json();
      const daily = body.dailyValues as Entry[];
      expect(daily.map((d) => d.date)).toEqual(['2024-06-05', '2024-06-06']);
      const toFifth = totals('2024-06-01', '2024-06-05');
      expect(daily[0]!.gdd).toBeCloseTo(15.525, SERVED);
      expect(daily[0]!.accumulatedGdd).toBeCloseTo(toFifth.gdd, SERVED);
      expect(daily[0]!.accumulatedPrecipitation.amount).toBe(30);
      expect(daily[0]!.accumulatedPet.amount).toBeCloseTo(toFifth.pet, SERVED);
      const all = totals('2024-06-01', '2024-06-06');
      expect(body.accumulations.gdd).toBeCloseTo(all.gdd, SERVED);
      expect(body.accumulations.precipitation.amount).toBe(36);
      expect(body.accumulations.ppet).toBeCloseTo(all.ppet, SERVED);
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2024-06-01', end: '2024-06-06' }]);

      // A single date accumulates from it too; the start date itself is allowed.
      const single = (await ok(`${FIELD_BASE}/2024-06-02?accumulationStartDate=2024-06-01`)).json() as Entry;
      expect(single.gdd).toBeCloseTo(15.51, SERVED);
      expect(single.accumulatedGdd).toBeCloseTo(15.505 + 15.51, SERVED);
      await ok(`${FIELD_BASE}/2024-06-02?accumulationStartDate=2024-06-02`);
      // One year before today and yesterday are the limits.
      await ok(`${FIELD_BASE}/2024-06-14?accumulationStartDate=2023-06-15`);
      await ok(`${FIELD_BASE}/2024-06-20?accumulationStartDate=2024-06-14`);
    });

    it('sorts the daily values by date, ascending or descending', async () => {
      const descending = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-03?sort=-date`)).json();
      expect(descending.dailyValues.map((d: Entry) => d.date)).toEqual(['2024-06-03', '2024-06-02', '2024-06-01']);
      // Running totals stay those of the date.
      expect(descending.dailyValues[2].accumulatedGdd).toBeCloseTo(15.505, SERVED);
      const ascending = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-03?sort=date`)).json();
      expect(ascending.dailyValues.map((d: Entry) => d.date)).toEqual(['2024-06-01', '2024-06-02', '2024-06-03']);
      expectErrorBody(await get(`${FIELD_BASE}/2024-06-01,2024-06-03?sort=gdd`), 400);
    });
  });

  describe('units and GDD parameters', () => {
    it('answers usa units: °F GDD from °F temperatures and the °F defaults, inches', async () => {
      const body = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-02?units=usa`)).json();
      const first = body.dailyValues[0] as Entry;
      // (34.01 °C → 93.218 °F, 17 °C → 62.6 °F): (93.218 + 62.6)/2 - 50
      expect(first.gdd).toBeCloseTo((93.218 + 62.6) / 2 - 50, SERVED);
      expect(first.pet).toEqual({ amount: expect.closeTo(observedPet('2024-06-01') / 25.4, SERVED), units: 'in' });
      expect(first.ppet).toBeCloseTo(6 / observedPet('2024-06-01'), SERVED);
      expect(first.accumulatedPrecipitation).toEqual({ amount: expect.closeTo(6 / 25.4, SERVED), units: 'in' });
      expect(body.accumulations.precipitation).toEqual({ amount: expect.closeTo(12 / 25.4, SERVED), units: 'in' });
      expect(body.accumulations.gdd).toBeCloseTo((15.505 + 15.51) * 1.8, SERVED);
      // min-temp-cap in °F: 53.6 base, 95 upper, 70 lower; tmin 62.6 < 70 is kept.
      const cap = (await ok(`${FIELD_BASE}/2024-06-01?units=usa&gddMethod=min-temp-cap`)).json() as Entry;
      expect(cap.gdd).toBeCloseTo((93.218 + 62.6) / 2 - 53.6, SERVED);
      // Overrides are in °F under usa.
      const based = (await ok(`${FIELD_BASE}/2024-06-01?units=usa&gddBaseTemp=60`)).json() as Entry;
      expect(based.gdd).toBeCloseTo((93.218 + 62.6) / 2 - 60, SERVED);
    });

    it('applies each GDD method with its defaults and the overrides given', async () => {
      const gdd = async (query: string) => ((await ok(`${FIELD_BASE}/2024-06-01?${query}`)).json() as Entry).gdd;
      // 1 June 2024: tmax 34.01 °C, tmin 17 °C.
      expect(await gdd('gddMethod=standard')).toBeCloseTo(15.505, SERVED);
      expect(await gdd('gddMethod=modifiedstandard')).toBeCloseTo((30 + 17) / 2 - 10, SERVED);
      expect(await gdd('gddMethod=min-temp-cap')).toBeCloseTo((34.01 + 17) / 2 - 12, SERVED);
      expect(await gdd('gddMethod=min-temp-constant')).toBeCloseTo((33 + 17) / 2 - 10, SERVED);
      expect(await gdd('gddMethod=MODIFIEDSTANDARD&gddMaxBoundary=32&gddMinBoundary=18')).toBeCloseTo((32 + 18) / 2 - 10, SERVED);
      expect(await gdd('gddBaseTemp=12')).toBeCloseTo((34.01 + 17) / 2 - 12, SERVED);
      expect(await gdd('gddBaseTemp=40')).toBe(0);
      // A boundary the method does not use is ignored.
      expect(await gdd('gddMaxBoundary=20')).toBeCloseTo(15.505, SERVED);
    });
  });

  describe('properties', () => {
    it('answers only the accumulations object for properties=accumulations', async () => {
      const body = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-03?properties=accumulations`)).json();
      expect(Object.keys(body)).toEqual(['accumulations', '_links']);
      expect(Object.keys(body.accumulations)).toEqual(['gdd', 'precipitation', 'pet', 'ppet']);
      expect(body.accumulations.precipitation).toEqual({ amount: 18, units: 'mm' });
      const withLocation = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-03?properties=Location,ACCUMULATIONS`)).json();
      expect(Object.keys(withLocation)).toEqual(['location', 'accumulations', '_links']);
    });

    it('filters both the accumulations and the daily values by the accumulated properties chosen', async () => {
      const body = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-03?properties=accumulatedGdd,accumulatedPet,gdd`)).json();
      expect(Object.keys(body)).toEqual(['accumulations', 'dailyValues', '_links']);
      expect(Object.keys(body.accumulations)).toEqual(['gdd', 'pet']);
      expect(Object.keys(body.dailyValues[0])).toEqual(['date', 'gdd', 'accumulatedGdd', 'accumulatedPet', '_links']);
    });

    it('leaves the accumulations out when only daily properties are chosen', async () => {
      const body = (await ok(`${FIELD_BASE}/2024-06-01,2024-06-03?properties=location,pet,ppet`)).json();
      expect(Object.keys(body)).toEqual(['location', 'dailyValues', '_links']);
      expect(Object.keys(body.dailyValues[0])).toEqual(['date', 'pet', 'ppet', '_links']);
      const single = (await ok(`${FIELD_BASE}/2024-06-01?properties=gdd`)).json();
      expect(Object.keys(single)).toEqual(['date', 'gdd', '_links']);
      const singleTotals = (await ok(`${FIELD_BASE}/2024-06-01?properties=accumulations,location`)).json();
      expect(Object.keys(singleTotals)).toEqual(['date', 'location', 'accumulatedGdd', 'accumulatedPrecipitation', 'accumulatedPet', 'accumulatedPpet', '_links']);
      const error = expectErrorBody(await get(`${FIELD_BASE}/2024-06-01?properties=gdd,temperatures`), 400);
      expect(error.simpleMessage).toContain("'properties'");
    });
  });

  describe('planting-driven default', () => {
    it('runs from the current planting through yesterday and links the planting', async () => {
      expect((await post('/v2/agronomics/fields/north/plantings', { crop: 'corn', plantingDate: '2024-05-01' })).statusCode).toBe(201);
      const created = await post('/v2/agronomics/fields/north/plantings', { crop: 'soya-generic', plantingDate: '2024-06-10' });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const response = await ok(FIELD_BASE);
      expect(response.headers['x-data-source']).toBe('fake');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['location', 'accumulations', 'dailyValues', '_links']);
      expect(body.dailyValues.map((d: Entry) => d.date)).toEqual(datesInRange('2024-06-10', '2024-06-14'));
      expect(body.accumulations.gdd).toBeCloseTo(totals('2024-06-10', '2024-06-14').gdd, SERVED);
      expect(JSON.stringify(body.dailyValues[0]._links)).toBe(
        JSON.stringify({
          self: { href: `${FIELD_BASE}/2024-06-10` },
          curies: CURIES,
          'svc:field': { href: '/v2/fields/north' },
          'svc:planting': { href: `/v2/agronomics/fields/north/plantings/${id}` },
        }),
      );
      expect(JSON.stringify(body._links)).toBe(JSON.stringify({ self: { href: FIELD_BASE }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }));
      // Dates in the path: no planting link.
      const dated = (await ok(`${FIELD_BASE}/2024-06-10,2024-06-11`)).json();
      expect(Object.keys(dated.dailyValues[0]._links)).toEqual(['self', 'curies', 'svc:field']);
      // Query parameters apply to the default range too.
      const usa = (await ok(`${FIELD_BASE}?units=usa&properties=accumulations&accumulationStartDate=2024-06-01`)).json();
      expect(usa.accumulations.precipitation).toEqual({ amount: expect.closeTo((14 * 6) / 25.4, SERVED), units: 'in' });
    });

    it('refuses the default range without a planting, or with one not yet begun', async () => {
      const none = expectErrorBody(await get('/v2/agronomics/fields/bare/agronomicvalues'), 400);
      expect(none.detailedMessage).toContain('bare');
      expect(none.detailedMessage).toContain('planting');
      expect((await post('/v2/agronomics/fields/bare/plantings', { crop: 'corn', plantingDate: '2024-06-20' })).statusCode).toBe(201);
      expect(expectErrorBody(await get('/v2/agronomics/fields/bare/agronomicvalues'), 400).detailedMessage).toContain('2024-06-20');
    });
  });

  describe('refusals', () => {
    const cases: [string, string][] = [
      [`${FIELD_BASE}/2024-06-01?gddMethod=growing`, 'gddMethod'],
      [`${FIELD_BASE}/2024-06-01?gddBaseTemp=10.5`, 'gddBaseTemp'],
      [`${FIELD_BASE}/2024-06-01?gddBaseTemp=ten`, 'gddBaseTemp'],
      [`${FIELD_BASE}/2024-06-01?gddMethod=modifiedstandard&gddMaxBoundary=3e1`, 'gddMaxBoundary'],
      [`${FIELD_BASE}/2024-06-01?gddMethod=modifiedstandard&gddMinBoundary=1.5`, 'gddMinBoundary'],
      [`${FIELD_BASE}/2024-06-01?gddMethod=modifiedstandard&gddMinBoundary=35`, 'gddMinBoundary'],
      [`${FIELD_BASE}/2024-06-05?accumulationStartDate=2024-06-06`, 'accumulationStartDate'],
      [`${FIELD_BASE}/2024-06-20?accumulationStartDate=2024-06-15`, 'accumulationStartDate'],
      [`${FIELD_BASE}/2024-06-05?accumulationStartDate=2023-06-14`, 'accumulationStartDate'],
      [`${FIELD_BASE}/2024-06-05?accumulationStartDate=2024-02-30`, 'accumulationStartDate'],
      [`${FIELD_BASE}/2024-06-05,2024-06-01`, 'endDate'],
      [`${FIELD_BASE}/2024-06-23`, 'singleDate'],
      [`${FIELD_BASE}/2021-12-14,2022-01-10`, 'startDate'],
      [`${FIELD_BASE}/2024-06-01,2024-06-23`, 'endDate'],
      [`${FIELD_BASE}/2024-13-01`, 'singleDate'],
      [`${FIELD_BASE}/2024-06-01?units=imperial`, 'units'],
      [`${LOCATION_BASE.replace('41.5,-93.5', '91,-93.5')}/2024-06-01`, 'latitude'],
      [`${LOCATION_BASE.replace('41.5,-93.5', '41.5,east')}/2024-06-01`, 'longitude'],
      [`${LOCATION_BASE.replace('41.5,-93.5', '41.5')}/2024-06-01`, 'latitude'],
    ];
    it.each(cases)('400 for %s naming %s', async (url, parameter) => {
      const error = expectErrorBody(await get(url), 400);
      expect(error.simpleMessage).toContain(`'${parameter}'`);
      expect(error.detailedMessage.length).toBeGreaterThan(20);
    });

    it('accepts the window limits: 30 months back and 7 days ahead', async () => {
      await ok(`${FIELD_BASE}/2021-12-15`);
      await ok(`${FIELD_BASE}/2024-06-22`);
    });

    it('answers the whole window in one request, accumulating from the earliest accumulationStartDate', async () => {
      // 2021-12-15 … 2024-06-22: 921 days, the largest range a request may ask for.
      const whole = (await ok(`${LOCATION_BASE}/2021-12-15,2024-06-22`)).json();
      expect(whole.dailyValues).toHaveLength(921);
      expect(whole.dailyValues[0].date).toBe('2021-12-15');
      expect(whole.dailyValues.at(-1).date).toBe('2024-06-22');
      const fromEarliest = (await ok(`${LOCATION_BASE}/2024-06-01,2024-06-22?accumulationStartDate=2023-06-15`)).json();
      expect(fromEarliest.dailyValues).toHaveLength(22);
    });

    it('404 for an unknown field or another account’s', async () => {
      expectErrorBody(await get('/v2/agronomics/fields/nowhere/agronomicvalues/2024-06-01'), 404);
      expectErrorBody(await get('/v2/agronomics/fields/private/agronomicvalues/2024-06-01'), 404);
      expectErrorBody(await get('/v2/agronomics/fields/private/agronomicvalues'), 404);
      // The owner sees it.
      await ok('/v2/agronomics/fields/private/agronomicvalues/2024-06-01', otherAuth);
    });

    it('503 with Retry-After when the weather source is unreachable', async () => {
      weather.unavailable = true;
      const response = await get(`${FIELD_BASE}/2024-06-01`);
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBeDefined();
    });
  });

  it('503 when the service runs without a weather source', async () => {
    const bare = await createTestApp(kind);
    try {
      const { auth: headers } = await bare.login('acme');
      await bare.app.inject({
        method: 'POST',
        url: '/v2/fields',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: 'north', farmId: 'farm', centerPoint: IOWA }),
      });
      const response = await bare.app.inject({ method: 'GET', url: `${FIELD_BASE}/2024-06-01`, headers });
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('60');
      expectErrorBody(await bare.app.inject({ method: 'GET', url: `${LOCATION_BASE}/2024-06-01`, headers }), 503);
    } finally {
      await bare.close();
    }
  });
});
