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

// The clock stands at 2024-06-15T12:00Z (07:00 on 15 June in Iowa): the default period of a
// June day is 2014 … 2023. The fake's daily values of y-m-d, with k = y - 2010: tmax 20+k+d/100,
// tmin 10+k/2, precipitation m+(y mod 2) mm, solar 5000+d, RH 90/40+k, mean wind 3+k/10, so
// standard GDD = (30+1.5k+d/100)/2 - 10 = 5+0.75k+d/200 (always positive).
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CELL = cellAt(IOWA.latitude, IOWA.longitude);
const CELL_LATITUDE = CELL.latitude;
/** The shipped elevation grid's elevation of the cell (ETOPO5 cell mean; central Iowa is about 300 m). */
const GRID_ELEVATION = loadElevationGrid().elevationAt(CELL.latitude, CELL.longitude);
const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];
const FIELD_BASE = '/v2/agronomics/fields/north/agronomicnorms';
const LOCATION_BASE = '/v2/agronomics/locations/41.5,-93.5/agronomicnorms';
const NORM_KEYS = ['day', 'gdd', 'pet', 'ppet', 'accumulatedGdd', 'accumulatedPrecipitation', 'accumulatedPet', 'accumulatedPpet', '_links'];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
/** Sample standard deviation (n - 1). */
const sampleSd = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
};

/** Standard GDD (°C) by the spec's rule. */
const gddOf = (date: string) => {
  const d = fakeDay(date);
  return Math.max(0, (d.tmax! + d.tmin!) / 2 - 10);
};
const precipitationOf = (date: string) => fakeDay(date).precipitation!;
/** PET (mm): ASCE standardized ETos with the cell's latitude, wind at 10 m, the elevation grid's elevation. */
const petOf = (date: string) => {
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
    elevationM: GRID_ELEVATION,
  });
};

/** Running totals over the dates of one year's season. */
function accumulated(dates: string[]) {
  let gdd = 0;
  let precipitation = 0;
  let pet = 0;
  for (const date of dates) {
    gdd += gddOf(date);
    precipitation += precipitationOf(date);
    pet += petOf(date);
  }
  return { gdd, precipitation, pet, ppet: precipitation / pet };
}

interface Stat {
  average: number;
  stdDev: number;
  units?: string;
}

function expectStat(actual: Stat, values: number[], units?: string) {
  expect(actual.average).toBeCloseTo(mean(values), SERVED);
  expect(actual.stdDev).toBeCloseTo(sampleSd(values), SERVED);
  expect(Object.keys(actual)).toEqual(units === undefined ? ['average', 'stdDev'] : ['average', 'stdDev', 'units']);
  if (units !== undefined) expect(actual.units).toBe(units);
}

type Norm = Record<string, Stat> & { day: string; _links: Record<string, unknown>; location?: unknown };

describe.each(databaseKinds())('agronomic norms on %s', (kind) => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;
  let enterpriseAuth: Record<string, string>;
  let otherAuth: Record<string, string>;

  const post = (url: string, body: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    weather = createFakeWeatherSource();
    t = await createTestApp(kind, {}, weather);
    auth = (await t.login('acme')).auth;
    enterpriseAuth = (await t.login('bigco', { enterprise: true })).auth;
    otherAuth = (await t.login('other')).auth;
    for (const id of ['north', 'bare']) expect((await post('/v2/fields', { id, farmId: 'farm', centerPoint: IOWA })).statusCode).toBe(201);
    expect((await post('/v2/fields', { id: 'north', farmId: 'farm', centerPoint: IOWA }, enterpriseAuth)).statusCode).toBe(201);
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

  describe('field statistics', () => {
    it('answers one day over the previous 10 years: day, location, gdd, pet, ppet, _links', async () => {
      const response = await ok(`${FIELD_BASE}/06-01`);
      expect(response.headers['x-data-source']).toBe('fake');
      const norm = response.json() as Norm;
      expect(Object.keys(norm)).toEqual(['day', 'location', 'gdd', 'pet', 'ppet', '_links']);
      expect(norm.day).toBe('06-01');
      expect(norm.location).toEqual({ ...IOWA, fieldId: 'north' });
      const dates = range(2014, 2023).map((y) => `${y}-06-01`);
      const gdd = dates.map(gddOf);
      expect(gdd[0]).toBeCloseTo(5 + 3 + 0.005, 12);
      expectStat(norm.gdd, gdd);
      expect(norm.gdd.average).toBeCloseTo(5.005 + 0.75 * 8.5, SERVED);
      expectStat(norm.pet, dates.map(petOf), 'mm');
      expectStat(norm.ppet, dates.map((d) => precipitationOf(d) / petOf(d)));
      expect(JSON.stringify(norm._links)).toBe(
        JSON.stringify({ self: { href: `${FIELD_BASE}/06-01` }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      // One daily request per year.
      expect(weather.dailyCalls.map((c) => c.range)).toEqual(dates.map((d) => ({ start: d, end: d })));
    });

    it('answers a day range with average accumulations and daily norms of the running totals', async () => {
      const response = await ok(`${FIELD_BASE}/06-01,06-05/years/2015,2017`);
      expect(response.headers['content-range']).toBe('0-4/5 fields');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['location', 'averageAccumulations', 'dailyNorms', '_links']);
      expect(body.location).toEqual({ ...IOWA, fieldId: 'north' });
      const years = [2015, 2016, 2017];
      const seasons = years.map((y) => accumulated(datesInRange(`${y}-06-01`, `${y}-06-05`)));
      expect(Object.keys(body.averageAccumulations)).toEqual(['gdd', 'precipitation', 'pet', 'ppet']);
      expectStat(body.averageAccumulations.gdd, seasons.map((s) => s.gdd));
      expectStat(body.averageAccumulations.precipitation, seasons.map((s) => s.precipitation), 'mm');
      expect(body.averageAccumulations.precipitation.average).toBeCloseTo((35 + 30 + 35) / 3, SERVED);
      expectStat(body.averageAccumulations.pet, seasons.map((s) => s.pet), 'mm');
      expectStat(body.averageAccumulations.ppet, seasons.map((s) => s.ppet));

      const norms = body.dailyNorms as Norm[];
      expect(norms.map((n) => n.day)).toEqual(['06-01', '06-02', '06-03', '06-04', '06-05']);
      expect(Object.keys(norms[0]!)).toEqual(NORM_KEYS);
      const third = norms[2]!;
      const toThird = years.map((y) => accumulated(datesInRange(`${y}-06-01`, `${y}-06-03`)));
      expectStat(third.gdd, years.map((y) => gddOf(`${y}-06-03`)));
      expectStat(third.pet, years.map((y) => petOf(`${y}-06-03`)), 'mm');
      expectStat(third.ppet, years.map((y) => precipitationOf(`${y}-06-03`) / petOf(`${y}-06-03`)));
      expectStat(third.accumulatedGdd, toThird.map((s) => s.gdd));
      expectStat(third.accumulatedPrecipitation, toThird.map((s) => s.precipitation), 'mm');
      expectStat(third.accumulatedPet, toThird.map((s) => s.pet), 'mm');
      expectStat(third.accumulatedPpet, toThird.map((s) => s.ppet));
      expect(JSON.stringify(third._links)).toBe(
        JSON.stringify({ self: { href: `${FIELD_BASE}/06-03/years/2015,2017` }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      expect(JSON.stringify(body._links)).toBe(
        JSON.stringify({ self: { href: `${FIELD_BASE}/06-01,06-05/years/2015,2017` }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      expect(weather.dailyCalls.map((c) => c.range)).toEqual(years.map((y) => ({ start: `${y}-06-01`, end: `${y}-06-05` })));
    });

    it('converts to usa units: °F GDD with the °F defaults, inches for amounts and their spreads', async () => {
      const body = (await ok(`${FIELD_BASE}/06-01,06-02/years/2015,2017?units=usa&gddMethod=modifiedstandard`)).json();
      const years = [2015, 2016, 2017];
      // modifiedstandard in °F: temperatures clamped into [50, 86], base 50.
      const fGdd = (date: string) => {
        const d = fakeDay(date);
        const clamp = (f: number) => Math.min(86, Math.max(50, f));
        return (clamp(d.tmax! * 1.8 + 32) + clamp(d.tmin! * 1.8 + 32)) / 2 - 50;
      };
      expectStat(body.dailyNorms[0].gdd, years.map((y) => fGdd(`${y}-06-01`)));
      expectStat(body.dailyNorms[1].accumulatedGdd, years.map((y) => fGdd(`${y}-06-01`) + fGdd(`${y}-06-02`)));
      expectStat(body.dailyNorms[0].pet, years.map((y) => petOf(`${y}-06-01`) / 25.4), 'in');
      expectStat(body.averageAccumulations.precipitation, years.map((y) => 2 * precipitationOf(`${y}-06-01`) / 25.4), 'in');
      expectStat(body.dailyNorms[0].ppet, years.map((y) => precipitationOf(`${y}-06-01`) / petOf(`${y}-06-01`)));
    });

    it('pages the daily norms (10, 120 for enterprise accounts) and sorts them by day', async () => {
      const response = await ok(`${FIELD_BASE}/06-01,06-30/years/2015,2017`);
      const body = response.json();
      expect(response.headers['content-range']).toBe('0-9/30 fields');
      expect(body.dailyNorms.map((n: Norm) => n.day)).toEqual(range(1, 10).map((d) => `06-${String(d).padStart(2, '0')}`));
      expect(Object.keys(body._links)).toEqual(['self', 'next', 'curies', 'svc:field']);
      expect(body._links.next.href).toBe(`${FIELD_BASE}/06-01,06-30/years/2015,2017?limit=10&offset=10`);
      // Accumulations are over the whole range, whatever the page.
      const seasons = [2015, 2016, 2017].map((y) => accumulated(datesInRange(`${y}-06-01`, `${y}-06-30`)));
      expectStat(body.averageAccumulations.gdd, seasons.map((s) => s.gdd));

      const last = await ok(`${FIELD_BASE}/06-01,06-30/years/2015,2017?offset=25&limit=10`);
      expect(last.headers['content-range']).toBe('25-29/30 fields');
      expect(Object.keys(last.json()._links)).toEqual(['self', 'prev', 'curies', 'svc:field']);
      expect(last.json().dailyNorms).toHaveLength(5);
      expect((await ok(`${FIELD_BASE}/06-01,06-30/years/2015,2017?limit=30`, enterpriseAuth)).json().dailyNorms).toHaveLength(30);
      expect(expectErrorBody(await get(`${FIELD_BASE}/06-01,06-30?limit=11`), 400).detailedMessage).toContain(
        'The maximum value for the limit parameter is 10',
      );
      expectErrorBody(await get(`${FIELD_BASE}/06-01,06-30/years/2015,2017?offset=30`), 416);

      const descending = (await ok(`${FIELD_BASE}/06-01,06-30/years/2015,2017?sort=-day&limit=3`)).json();
      expect(descending.dailyNorms.map((n: Norm) => n.day)).toEqual(['06-30', '06-29', '06-28']);
      const byDate = (await ok(`${FIELD_BASE}/06-01,06-30/years/2015,2017?sort=date&limit=2`)).json();
      expect(byDate.dailyNorms.map((n: Norm) => n.day)).toEqual(['06-01', '06-02']);
    });

    it('applies the properties rules to averageAccumulations and the daily norms', async () => {
      const totalsOnly = (await ok(`${FIELD_BASE}/06-01,06-05/years/2015,2017?properties=accumulations`)).json();
      expect(Object.keys(totalsOnly)).toEqual(['averageAccumulations', '_links']);
      expect(Object.keys(totalsOnly.averageAccumulations)).toEqual(['gdd', 'precipitation', 'pet', 'ppet']);
      const alias = (await ok(`${FIELD_BASE}/06-01,06-05/years/2015,2017?properties=averageaccumulations,location`)).json();
      expect(Object.keys(alias)).toEqual(['location', 'averageAccumulations', '_links']);
      const filtered = (await ok(`${FIELD_BASE}/06-01,06-05/years/2015,2017?properties=accumulatedPrecipitation,ppet`)).json();
      expect(Object.keys(filtered)).toEqual(['averageAccumulations', 'dailyNorms', '_links']);
      expect(Object.keys(filtered.averageAccumulations)).toEqual(['precipitation']);
      expect(Object.keys(filtered.dailyNorms[0])).toEqual(['day', 'ppet', 'accumulatedPrecipitation', '_links']);
      const single = (await ok(`${FIELD_BASE}/06-01/years/2015,2017?properties=pet`)).json();
      expect(Object.keys(single)).toEqual(['day', 'pet', '_links']);
    });
  });

  describe('latitude/longitude averages', () => {
    it('answers plain averages: averageAccumulations, dailyAverages, self links only', async () => {
      const response = await ok(`${LOCATION_BASE}/06-01,06-03/years/2015,2017`);
      const body = response.json();
      expect(response.headers['x-data-source']).toBe('fake');
      expect(response.headers['content-range']).toBe('norms 0-2/3');
      expect(Object.keys(body)).toEqual(['location', 'averageAccumulations', 'dailyAverages', '_links']);
      expect(body.location).toEqual(IOWA);
      const years = [2015, 2016, 2017];
      const seasons = years.map((y) => accumulated(datesInRange(`${y}-06-01`, `${y}-06-03`)));
      expect(body.averageAccumulations).toEqual({
        gdd: expect.closeTo(mean(seasons.map((s) => s.gdd)), SERVED),
        precipitation: { amount: expect.closeTo((21 + 18 + 21) / 3, SERVED), units: 'mm' },
        pet: { amount: expect.closeTo(mean(seasons.map((s) => s.pet)), SERVED), units: 'mm' },
        ppet: expect.closeTo(mean(seasons.map((s) => s.ppet)), SERVED),
      });
      expect(Object.keys(body.averageAccumulations)).toEqual(['gdd', 'precipitation', 'pet', 'ppet']);
      const second = body.dailyAverages[1];
      expect(Object.keys(second)).toEqual(NORM_KEYS);
      const toSecond = years.map((y) => accumulated(datesInRange(`${y}-06-01`, `${y}-06-02`)));
      expect(second).toEqual({
        day: '06-02',
        gdd: expect.closeTo(mean(years.map((y) => gddOf(`${y}-06-02`))), SERVED),
        pet: { amount: expect.closeTo(mean(years.map((y) => petOf(`${y}-06-02`))), SERVED), units: 'mm' },
        ppet: expect.closeTo(mean(years.map((y) => precipitationOf(`${y}-06-02`) / petOf(`${y}-06-02`))), SERVED),
        accumulatedGdd: expect.closeTo(mean(toSecond.map((s) => s.gdd)), SERVED),
        accumulatedPrecipitation: { amount: expect.closeTo(mean(toSecond.map((s) => s.precipitation)), SERVED), units: 'mm' },
        accumulatedPet: { amount: expect.closeTo(mean(toSecond.map((s) => s.pet)), SERVED), units: 'mm' },
        accumulatedPpet: expect.closeTo(mean(toSecond.map((s) => s.ppet)), SERVED),
        _links: { self: { href: `${LOCATION_BASE}/06-02/years/2015,2017` } },
      });
      expect(body._links).toEqual({ self: { href: `${LOCATION_BASE}/06-01,06-03/years/2015,2017` } });

      const single = (await ok(`${LOCATION_BASE}/06-02?units=usa`)).json();
      expect(Object.keys(single)).toEqual(['day', 'location', ...NORM_KEYS.slice(1)]);
      expect(single.location).toEqual(IOWA);
      expect(single.gdd).toBeCloseTo(mean(range(2014, 2023).map((y) => gddOf(`${y}-06-02`) * 1.8)), SERVED);
      expect(single.pet.units).toBe('in');
      expect(single.accumulatedPrecipitation).toEqual({ amount: expect.closeTo(6.5 / 25.4, SERVED), units: 'in' });
    });

    it('crosses the year end, excluding whole seasons, accumulating from accumulationStartDay', async () => {
      const url = `${LOCATION_BASE}/11-01,03-31/years/2015,2019?excludeYears=2016&accumulationStartDay=10-01&limit=2`;
      const body = (await ok(url)).json();
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([
        { start: '2015-10-01', end: '2016-03-31' },
        { start: '2017-10-01', end: '2018-03-31' },
        { start: '2018-10-01', end: '2019-03-31' },
        { start: '2019-10-01', end: '2020-03-31' },
      ]);
      const seasons = [2015, 2017, 2018, 2019];
      expect(body.dailyAverages.map((n: { day: string }) => n.day)).toEqual(['11-01', '11-02']);
      // Running totals from 1 October: 31 days of October and 1 November.
      const toFirst = seasons.map((s) => accumulated(datesInRange(`${s}-10-01`, `${s}-11-01`)));
      expect(body.dailyAverages[0].accumulatedPrecipitation.amount).toBeCloseTo(mean(seasons.map((s) => 31 * (10 + (s % 2)) + 11 + (s % 2))), SERVED);
      expect(body.dailyAverages[0].accumulatedGdd).toBeCloseTo(mean(toFirst.map((s) => s.gdd)), SERVED);
      expect(body.dailyAverages[0].gdd).toBeCloseTo(mean(seasons.map((s) => gddOf(`${s}-11-01`))), SERVED);
      const whole = seasons.map((s) => accumulated(datesInRange(`${s}-10-01`, `${s + 1}-03-31`)));
      expect(body.averageAccumulations.gdd).toBeCloseTo(mean(whole.map((s) => s.gdd)), SERVED);
      expect(body.averageAccumulations.pet.amount).toBeCloseTo(mean(whole.map((s) => s.pet)), SERVED);
      // The accumulation start day may come later in the calendar: then it is in the year before.
      weather.dailyCalls.length = 0;
      await ok(`${LOCATION_BASE}/03-01,03-02/years/2015,2017?accumulationStartDay=12-01`);
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([2015, 2016, 2017].map((y) => ({ start: `${y - 1}-12-01`, end: `${y}-03-02` })));
    });

    it('answers 29 February from every year without counting 28 February twice', async () => {
      const body = (await ok(`${LOCATION_BASE}/02-28,03-01/years/2015,2017?accumulationStartDay=02-27`)).json();
      const days = body.dailyAverages as { day: string; gdd: number; accumulatedPrecipitation: { amount: number } }[];
      expect(days.map((d) => d.day)).toEqual(['02-28', '02-29', '03-01']);
      // 2015 and 2017 give their 28 February, 2016 its 29 February.
      expect(days[1]!.gdd).toBeCloseTo(mean([gddOf('2015-02-28'), gddOf('2016-02-29'), gddOf('2017-02-28')]), SERVED);
      // Through the end of February: 3 + 3 (2015), 2 + 2 + 2 (2016), 3 + 3 (2017).
      expect(days[1]!.accumulatedPrecipitation.amount).toBeCloseTo(6, SERVED);
      // Through 1 March: 10, 9, 10.
      expect(days[2]!.accumulatedPrecipitation.amount).toBeCloseTo(29 / 3, SERVED);
      expect(body.averageAccumulations.precipitation.amount).toBeCloseTo(29 / 3, SERVED);
    });
  });

  describe('planting-driven default', () => {
    it('runs from the planting day through yesterday over the previous 10 years, or the years given', async () => {
      expect((await post('/v2/agronomics/fields/north/plantings', { crop: 'corn', plantingDate: '2024-05-01' })).statusCode).toBe(201);
      const created = await post('/v2/agronomics/fields/north/plantings', { crop: 'corn', plantingDate: '2024-06-10' });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;

      const response = await ok(FIELD_BASE);
      expect(response.headers['x-data-source']).toBe('fake');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['location', 'averageAccumulations', 'dailyNorms', '_links']);
      expect(body.dailyNorms.map((n: Norm) => n.day)).toEqual(['06-10', '06-11', '06-12', '06-13', '06-14']);
      expect(weather.dailyCalls.map((c) => c.range)).toEqual(range(2014, 2023).map((y) => ({ start: `${y}-06-10`, end: `${y}-06-14` })));
      const seasons = range(2014, 2023).map((y) => accumulated(datesInRange(`${y}-06-10`, `${y}-06-14`)));
      expectStat(body.averageAccumulations.gdd, seasons.map((s) => s.gdd));
      expect(JSON.stringify(body.dailyNorms[0]._links)).toBe(
        JSON.stringify({
          self: { href: `${FIELD_BASE}/06-10` },
          curies: CURIES,
          'svc:field': { href: '/v2/fields/north' },
          'svc:planting': { href: `/v2/agronomics/fields/north/plantings/${id}` },
        }),
      );
      expect(JSON.stringify(body._links)).toBe(JSON.stringify({ self: { href: FIELD_BASE }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }));

      weather.dailyCalls.length = 0;
      const years = (await ok(`${FIELD_BASE}/years/2016,2018`)).json();
      expect(years.dailyNorms).toHaveLength(5);
      expect(weather.dailyCalls.map((c) => c.range.start)).toEqual(['2016-06-10', '2017-06-10', '2018-06-10']);
      expect(years._links.self.href).toBe(`${FIELD_BASE}/years/2016,2018`);
      expect(years.dailyNorms[0]._links['svc:planting']).toEqual({ href: `/v2/agronomics/fields/north/plantings/${id}` });
      // Days in the path: no planting link.
      const dated = (await ok(`${FIELD_BASE}/06-10,06-11`)).json();
      expect(Object.keys(dated.dailyNorms[0]._links)).toEqual(['self', 'curies', 'svc:field']);
    });

    it('refuses the default without a planting', async () => {
      const error = expectErrorBody(await get('/v2/agronomics/fields/bare/agronomicnorms'), 400);
      expect(error.detailedMessage).toContain('planting');
      expectErrorBody(await get('/v2/agronomics/fields/bare/agronomicnorms/years/2015,2020'), 400);
    });
  });

  describe('refusals', () => {
    const cases: [string, string][] = [
      [`${FIELD_BASE}/06-01/years/2016,2017`, 'startYear'],
      [`${FIELD_BASE}/06-01/years/2015,2017?excludeYears=2016`, 'excludeYears'],
      [`${FIELD_BASE}/06-01?excludeYears=2014,2015,2016,2017,2018,2019,2020,2021`, 'excludeYears'],
      [`${FIELD_BASE}/06-01?excludeYears=16`, 'excludeYears'],
      [`${FIELD_BASE}/06-01/years/2017,2015`, 'endYear'],
      [`${FIELD_BASE}/06-20/years/2021,2024`, 'endYear'],
      [`${FIELD_BASE}/13-01`, 'month-day'],
      [`${FIELD_BASE}/06-01,06-31`, 'endDay'],
      [`${FIELD_BASE}/06-01?gddMethod=fancy`, 'gddMethod'],
      [`${FIELD_BASE}/06-01?gddBaseTemp=8.5`, 'gddBaseTemp'],
      [`${FIELD_BASE}/06-01?gddMethod=min-temp-cap&gddMinBoundary=40`, 'gddMinBoundary'],
      [`${FIELD_BASE}/06-01,06-05?accumulationStartDay=0501`, 'accumulationStartDay'],
      [`${FIELD_BASE}/06-01,06-05?accumulationStartDay=02-30`, 'accumulationStartDay'],
      [`${FIELD_BASE}/06-01,06-05?sort=gdd`, 'sort'],
      [`${FIELD_BASE}/06-01,06-05?offset=-1`, 'offset'],
      [`${FIELD_BASE}/06-01,06-05?properties=maxTemp`, 'properties'],
      [`${FIELD_BASE}/06-01,06-05?units=si`, 'units'],
      ['/v2/agronomics/locations/41.5,181/agronomicnorms/06-01', 'longitude'],
      ['/v2/agronomics/locations/north/agronomicnorms/06-01', 'latitude'],
    ];
    it.each(cases)('400 for %s naming %s', async (url, parameter) => {
      const error = expectErrorBody(await get(url), 400);
      expect(error.simpleMessage).toContain(`'${parameter}'`);
    });

    it('refuses more than 50 years naming startYear, and averages exactly 50', async () => {
      const error = expectErrorBody(await get(`${LOCATION_BASE}/01-01,12-31/years/1973,2023`), 400);
      expect(error.simpleMessage).toContain("'startYear'");
      expect(error.detailedMessage).toContain('at most 50 years');
      expect(weather.dailyCalls).toHaveLength(0);
      const body = (await ok(`${LOCATION_BASE}/06-01,06-02/years/1974,2023`)).json();
      const precipitation = range(1974, 2023).map((y) => 2 * (6 + (y % 2)));
      expect(body.averageAccumulations.precipitation.amount).toBeCloseTo(mean(precipitation), SERVED);
      expect(weather.dailyCalls).toHaveLength(50);
    });

    it('refuses years before the first year the source holds, counting the year an accumulation starts in', async () => {
      weather.heldFrom = 2012;
      const before = expectErrorBody(await get(`${LOCATION_BASE}/06-01,06-02/years/2011,2015`), 400);
      expect(before.simpleMessage).toContain("'startYear'");
      expect(before.detailedMessage).toContain('begins in 2012');
      await ok(`${LOCATION_BASE}/06-01,06-02/years/2012,2015`);
      // Totals from 12-01 for March start in the year before each season.
      const lead = expectErrorBody(await get(`${LOCATION_BASE}/03-01,03-02/years/2012,2015?accumulationStartDay=12-01`), 400);
      expect(lead.simpleMessage).toContain("'startYear'");
      expect(lead.detailedMessage).toContain('the earliest startYear is 2013');
      await ok(`${LOCATION_BASE}/03-01,03-02/years/2013,2015?accumulationStartDay=12-01`);
      expect(weather.dailyCalls.every((call) => call.range.start >= '2012-01-01')).toBe(true);
    });

    it('404 for an unknown field or another account’s; 503 when the source is down', async () => {
      expectErrorBody(await get('/v2/agronomics/fields/nowhere/agronomicnorms/06-01'), 404);
      expectErrorBody(await get('/v2/agronomics/fields/private/agronomicnorms/06-01'), 404);
      expectErrorBody(await get('/v2/agronomics/fields/private/agronomicnorms'), 404);
      await ok('/v2/agronomics/fields/private/agronomicnorms/06-01', otherAuth);
      weather.unavailable = true;
      const response = await get(`${FIELD_BASE}/06-01`);
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBeDefined();
    });
  });

  it('503 when the service runs without a weather source', async () => {
    const bare = await createTestApp(kind);
    try {
      const { auth: headers } = await bare.login('acme');
      const response = await bare.app.inject({ method: 'GET', url: `${LOCATION_BASE}/06-01`, headers });
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('60');
    } finally {
      await bare.close();
    }
  });
});

describe('agronomic norms from the synthetic source', () => {
  it('refuses the years 1000 to 2023 at once, naming startYear, without generating them', async () => {
    const { createSyntheticSource } = await import('../../src/weather/synthetic/synthetic-source.js');
    const t = await createTestApp('sqlite', {}, createSyntheticSource());
    try {
      const { auth } = await t.login('acme');
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `${LOCATION_BASE}/01-01,12-31/years/1000,2023`, headers: auth });
      const elapsed = performance.now() - started;
      expect(expectErrorBody(response, 400).simpleMessage).toContain("'startYear'");
      expect(elapsed).toBeLessThan(250);
      const early = await t.app.inject({ method: 'GET', url: `${LOCATION_BASE}/06-01/years/1899,1910`, headers: auth });
      expect(expectErrorBody(early, 400).detailedMessage).toContain('begins in 1900');
    } finally {
      await t.close();
    }
  });
});
