import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createWeatherTestBed } from '../support/weather-test-bed.js';
import type { FakeWeatherSource } from '../support/fake-weather-source.js';
import { createTestApp, expectErrorBody, TEST_NOW, type TestApp } from '../support/test-app.js';

/**
 * Served numbers are rounded to their quantity's decimals (src/agronomy/quantities.ts): mostly
 * 0.01, and 0.001 for inches and ratios. They are judged within half of 0.01 (and a little float
 * noise) of the value computed here at full precision.
 */
const SERVED = 1.99;
/** Percentages (humidity, chances, cloud cover) are served to 0.1. */
const SERVED_PERCENT = 0.99;

// The clock stands at 2024-06-15T12:00Z (15 June in Iowa). The fake's daily values of a date
// y-m-d, with k = y - 2010: tmax 20+k+d/100, tmin 10+k/2, precipitation m+(y mod 2),
// solar 5000+d, rhMax 90, rhMin 40+k, windDayMax 6+d/10, windAverage 3+k/10.
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];
const NORM_KEYS = [
  'day',
  'location',
  'meanTemp',
  'maxTemp',
  'minTemp',
  'precipitation',
  'solar',
  'minHumidity',
  'maxHumidity',
  'dailyMaxWind',
  'averageWind',
  '_links',
];

function mean(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** Sample standard deviation (n - 1). */
function sampleSd(values: number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface Stat {
  average: number;
  stdDev: number;
  units?: string;
}

type Norm = Record<string, Stat> & { day: string; _links: Record<string, unknown>; location: unknown };

describe.each(databaseKinds())('weather norms on %s', (kind) => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;
  let enterpriseAuth: Record<string, string>;

  beforeAll(async () => {
    ({ t, weather, auth, enterpriseAuth } = await createWeatherTestBed(kind, IOWA));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    weather.reset();
  });

  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const ok = async (url: string, headers = auth) => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  describe('statistics', () => {
    it('averages a day over the previous 10 complete years with the sample standard deviation', async () => {
      const response = await ok('/v2/weather/fields/north/norms/06-01');
      expect(response.headers['x-data-source']).toBe('fake');
      const norm = response.json() as Norm;
      expect(Object.keys(norm)).toEqual(NORM_KEYS);
      expect(norm.day).toBe('06-01');
      expect(norm.location).toEqual({ ...IOWA, fieldId: 'north' });
      const ks = range(4, 13); // 2014 … 2023
      const tmax = ks.map((k) => 20 + k + 0.01);
      const tmin = ks.map((k) => 10 + k / 2);
      const precipitation = range(2014, 2023).map((y) => 6 + (y % 2));
      expect(norm.maxTemp).toEqual({ average: expect.closeTo(mean(tmax), SERVED), stdDev: expect.closeTo(sampleSd(tmax), SERVED), units: 'C' });
      expect(norm.minTemp).toEqual({ average: expect.closeTo(mean(tmin), SERVED), stdDev: expect.closeTo(sampleSd(tmin), SERVED), units: 'C' });
      const meanTemp = tmax.map((x, i) => (x + tmin[i]!) / 2);
      expect(norm.meanTemp).toEqual({ average: expect.closeTo(mean(meanTemp), SERVED), stdDev: expect.closeTo(sampleSd(meanTemp), SERVED), units: 'C' });
      expect(norm.precipitation).toEqual({
        average: expect.closeTo(6.5, SERVED),
        stdDev: expect.closeTo(sampleSd(precipitation), SERVED),
        units: 'mm',
      });
      expect(norm.solar).toEqual({ average: 5001, stdDev: 0, units: 'Wh/m^2' });
      expect(norm.minHumidity).toEqual({ average: expect.closeTo(48.5, SERVED_PERCENT), stdDev: expect.closeTo(sampleSd(ks), SERVED_PERCENT) });
      expect(Object.keys(norm.minHumidity)).toEqual(['average', 'stdDev']);
      expect(norm.maxHumidity).toEqual({ average: 90, stdDev: 0 });
      expect(norm.dailyMaxWind).toEqual({ average: expect.closeTo(6.1, SERVED), stdDev: expect.closeTo(0, SERVED), units: 'm/sec' });
      const wind = ks.map((k) => 3 + k / 10);
      expect(norm.averageWind).toEqual({ average: expect.closeTo(mean(wind), SERVED), stdDev: expect.closeTo(sampleSd(wind), SERVED), units: 'm/sec' });
      expect(JSON.stringify(norm._links)).toBe(
        JSON.stringify({ self: { href: '/v2/weather/fields/north/norms/06-01' }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      // One daily request per year.
      expect(weather.dailyCalls.map((c) => c.range)).toEqual(range(2014, 2023).map((y) => ({ start: `${y}-06-01`, end: `${y}-06-01` })));
    });

    it('uses the years given, inclusive', async () => {
      const norm = (await ok('/v2/weather/fields/north/norms/06-01/years/2015,2017')).json() as Norm;
      expect(norm.maxTemp.average).toBeCloseTo(26.01, SERVED);
      expect(norm.maxTemp.stdDev).toBeCloseTo(1, SERVED);
      expect((norm._links.self as { href: string }).href).toBe('/v2/weather/fields/north/norms/06-01/years/2015,2017');
      expect(weather.dailyCalls).toHaveLength(3);
    });

    it('converts averages and spreads to °F, inches and mph (spreads of temperature without the offset)', async () => {
      const norm = (await ok('/v2/weather/locations/41.5,-93.5/norms/06-01/years/2015,2017?units=usa')).json() as Norm;
      expect(norm.maxTemp).toEqual({ average: expect.closeTo(26.01 * 1.8 + 32, SERVED), stdDev: expect.closeTo(1.8, SERVED), units: 'F' });
      const precipitation = [6 + 1, 6, 6 + 1];
      expect(norm.precipitation).toEqual({
        average: expect.closeTo(mean(precipitation) / 25.4, SERVED),
        stdDev: expect.closeTo(sampleSd(precipitation) / 25.4, SERVED),
        units: 'in',
      });
      const wind = [3.5, 3.6, 3.7];
      expect(norm.averageWind).toEqual({ average: expect.closeTo(3.6 / 0.44704, SERVED), stdDev: expect.closeTo(sampleSd(wind) / 0.44704, SERVED), units: 'mph' });
      expect(norm.dailyMaxWind.units).toBe('mph');
      expect(norm.solar.units).toBe('Wh/m^2');
    });
  });

  describe('day ranges and seasons', () => {
    it('crosses the year end, excluding whole seasons by their start year', async () => {
      const response = await ok('/v2/weather/locations/41.5,-93.5/norms/11-01,03-31/years/2015,2019?excludeYears=2016');
      const norms = response.json().norms as Norm[];
      expect(norms).toHaveLength(30 + 31 + 31 + 29 + 31);
      expect(norms[0]!.day).toBe('11-01');
      expect(norms.at(-1)!.day).toBe('03-31');
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([
        { start: '2015-11-01', end: '2016-03-31' },
        { start: '2017-11-01', end: '2018-03-31' },
        { start: '2018-11-01', end: '2019-03-31' },
        { start: '2019-11-01', end: '2020-03-31' },
      ]);
      const seasons = [2015, 2017, 2018, 2019];
      const byDay = new Map(norms.map((n) => [n.day, n]));
      // November is in the season's start year, January in the year after.
      expect(byDay.get('11-15')!.maxTemp.average).toBeCloseTo(mean(seasons.map((s) => 20 + (s - 2010) + 0.15)), SERVED);
      expect(byDay.get('01-15')!.maxTemp.average).toBeCloseTo(mean(seasons.map((s) => 20 + (s + 1 - 2010) + 0.15)), SERVED);
      // 29 February: the leap years 2016 and 2020 give their own day, 2018 and 2019 their 28 February.
      const feb29 = [20 + 6 + 0.29, 20 + 8 + 0.28, 20 + 9 + 0.28, 20 + 10 + 0.29];
      expect(byDay.get('02-29')!.maxTemp.average).toBeCloseTo(mean(feb29), SERVED);
      expect(byDay.get('02-29')!.maxTemp.stdDev).toBeCloseTo(sampleSd(feb29), SERVED);
    });

    it('answers 29 February from every year of the period', async () => {
      const norm = (await ok('/v2/weather/fields/north/norms/02-29')).json() as Norm;
      const values = range(2014, 2023).map((y) => 20 + (y - 2010) + (y % 4 === 0 ? 0.29 : 0.28));
      expect(norm.maxTemp.average).toBeCloseTo(mean(values), SERVED);
      expect(norm.maxTemp.stdDev).toBeCloseTo(sampleSd(values), SERVED);
      expect(weather.dailyCalls.map((c) => c.range.start)).toContain('2016-02-29');
      expect(weather.dailyCalls.map((c) => c.range.start)).toContain('2015-02-28');
    });

    it('lists 02-29 in a range over the end of February', async () => {
      const norms = (await ok('/v2/weather/locations/41.5,-93.5/norms/02-27,03-01/years/2021,2023')).json().norms as Norm[];
      expect(norms.map((n) => n.day)).toEqual(['02-27', '02-28', '02-29', '03-01']);
      expect(norms[2]!.maxTemp).toEqual(norms[1]!.maxTemp);
    });

    it('counts only complete seasons before the current year by default', async () => {
      t.clock.set(Date.parse('2024-02-10T18:00:00Z'));
      try {
        const winter = (await t.login('acme')).auth;
        // Season 2023 (2023-11-01 … 2024-03-31) is still running: 2013 … 2022.
        await ok('/v2/weather/fields/north/norms/11-01,03-31?limit=1', winter);
        expect(weather.dailyCalls.map((c) => c.range.start)).toEqual(range(2013, 2022).map((y) => `${y}-11-01`));
        weather.dailyCalls.length = 0;
        // January 2024 is over, but the current year does not count: 2014 … 2023.
        await ok('/v2/weather/fields/north/norms/01-01,01-31?limit=1', winter);
        expect(weather.dailyCalls.map((c) => c.range.start)).toEqual(range(2014, 2023).map((y) => `${y}-01-01`));
        // Years that are not over are refused.
        const error = expectErrorBody(await get('/v2/weather/fields/north/norms/11-01,03-31/years/2019,2023', winter), 400);
        expect(error.simpleMessage).toContain("'endYear'");
        expect(error.detailedMessage).toContain('2022');
      } finally {
        t.clock.set(TEST_NOW);
      }
    });

    it('needs at least three years, also after excludeYears', async () => {
      const short = expectErrorBody(await get('/v2/weather/fields/north/norms/06-01/years/2016,2017'), 400);
      expect(short.detailedMessage).toContain('At least 3 years');
      const excluded = expectErrorBody(await get('/v2/weather/fields/north/norms/06-01/years/2015,2017?excludeYears=2016'), 400);
      expect(excluded.simpleMessage).toContain("'excludeYears'");
      expect(excluded.detailedMessage).toContain('only 2');
      const defaults = expectErrorBody(await get(`/v2/weather/fields/north/norms/06-01?excludeYears=${range(2014, 2021).join(',')}`), 400);
      expect(defaults.simpleMessage).toContain('excludeYears');
      // Years outside the period change nothing.
      await ok('/v2/weather/fields/north/norms/06-01/years/2015,2017?excludeYears=1999');
      expect(weather.dailyCalls).toHaveLength(3);
      expect(weather.dailyCalls.length).toBe(3);
    });
  });

  describe('lists', () => {
    it('pages field norms (10 days, 120 for enterprise accounts) with Content-Range', async () => {
      const response = await ok('/v2/weather/fields/north/norms/06-01,06-30');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['norms', '_links']);
      expect(body.norms.map((n: Norm) => n.day)).toEqual(range(1, 10).map((d) => `06-${String(d).padStart(2, '0')}`));
      expect(response.headers['content-range']).toBe('0-9/30 fields');
      expect(Object.keys(body._links)).toEqual(['self', 'next', 'curies', 'svc:field']);
      expect(body._links.next.href).toBe('/v2/weather/fields/north/norms/06-01,06-30?limit=10&offset=10');
      expect(Object.keys(body.norms[0])).toEqual(NORM_KEYS);
      expect(Object.keys(body.norms[0]._links)).toEqual(['self', 'curies', 'svc:field']);

      const last = await ok('/v2/weather/fields/north/norms/06-01,06-30?offset=25');
      expect(last.headers['content-range']).toBe('25-29/30 fields');
      expect(Object.keys(last.json()._links)).toEqual(['self', 'prev', 'curies', 'svc:field']);
      expect((await ok('/v2/weather/fields/north/norms/06-01,06-30?limit=30', enterpriseAuth)).json().norms).toHaveLength(30);
      expect(expectErrorBody(await get('/v2/weather/fields/north/norms/06-01,06-30?limit=11'), 400).detailedMessage).toContain(
        'The maximum value for the limit parameter is 10',
      );
      expectErrorBody(await get('/v2/weather/fields/north/norms/06-01,06-30?offset=30'), 416);
    });

    it('answers every day on latitude/longitude paths, with only self links', async () => {
      const response = await ok('/v2/weather/locations/41.5,-93.5/norms/06-01,06-30?limit=5');
      const body = response.json();
      expect(body.norms).toHaveLength(30);
      expect(response.headers['content-range']).toBe('norms 0-29/30');
      expect(body._links).toEqual({ self: { href: '/v2/weather/locations/41.5,-93.5/norms/06-01,06-30?limit=5' } });
      expect(body.norms[0].location).toEqual(IOWA);
      expect(body.norms[0]._links).toEqual({ self: { href: '/v2/weather/locations/41.5,-93.5/norms/06-01' } });
      const withYears = (await ok('/v2/weather/locations/41.5,-93.5/norms/06-01,06-02/years/2015,2017')).json();
      expect(withYears.norms[1]._links.self.href).toBe('/v2/weather/locations/41.5,-93.5/norms/06-02/years/2015,2017');
    });

    it('sorts by day (also spelled date), ascending or descending in the order of the range', async () => {
      const days = async (sort: string) =>
        ((await ok(`/v2/weather/locations/41.5,-93.5/norms/12-30,01-02/years/2015,2017?sort=${sort}`)).json().norms as Norm[]).map((n) => n.day);
      expect(await days('day')).toEqual(['12-30', '12-31', '01-01', '01-02']);
      expect(await days('-day')).toEqual(['01-02', '01-01', '12-31', '12-30']);
      expect(await days('-date')).toEqual(['01-02', '01-01', '12-31', '12-30']);
      expect(await days('date')).toEqual(['12-30', '12-31', '01-01', '01-02']);
      const paged = (await ok('/v2/weather/fields/north/norms/06-01,06-30?sort=-day&limit=2')).json();
      expect(paged.norms.map((n: Norm) => n.day)).toEqual(['06-30', '06-29']);
      expectErrorBody(await get('/v2/weather/fields/north/norms/06-01,06-30?sort=maxTemp'), 400);
    });

    it('keeps only the chosen properties; averageWind, which the spec does not list as a choice, always stays', async () => {
      const norm = (await ok('/v2/weather/fields/north/norms/06-01?properties=meanTemp,LOCATION')).json();
      expect(Object.keys(norm)).toEqual(['day', 'location', 'meanTemp', 'averageWind', '_links']);
      const error = expectErrorBody(await get('/v2/weather/fields/north/norms/06-01?properties=averageWind'), 400);
      const allowed = /Allowed values: (.*)\./.exec(error.detailedMessage)![1]!.split(', ');
      expect(allowed.sort()).toEqual(['dailyMaxWind', 'location', 'maxHumidity', 'maxTemp', 'meanTemp', 'minHumidity', 'minTemp', 'precipitation', 'solar']);
    });
  });

  describe('bad input and availability', () => {
    it.each([
      ['/v2/weather/fields/north/norms/02-30', 'month-day'],
      ['/v2/weather/fields/north/norms/13-01', 'month-day'],
      ['/v2/weather/fields/north/norms/2024-06-01', 'month-day'],
      ['/v2/weather/fields/north/norms/06-01,06-31', 'endDay'],
      ['/v2/weather/fields/north/norms/6-1,06-30', 'startDay'],
      ['/v2/weather/fields/north/norms/06-01/years/2019,2015', 'endYear'],
      ['/v2/weather/fields/north/norms/06-01/years/15,2019', 'startYear'],
      ['/v2/weather/fields/north/norms/06-01/years/2015', 'startYear'],
      ['/v2/weather/fields/north/norms/06-01?excludeYears=16', 'excludeYears'],
      ['/v2/weather/fields/north/norms/06-01?units=si', 'units'],
      ['/v2/weather/locations/95,10/norms/06-01', 'latitude'],
      ['/v2/weather/locations/10,-200/norms/06-01', 'longitude'],
      ['/v2/weather/locations/ten,10/norms/06-01', 'latitude'],
    ])('refuses %s naming %s', async (url, name) => {
      expect(expectErrorBody(await get(url), 400).simpleMessage).toContain(`'${name}'`);
    });

    it('refuses more than 50 years naming startYear, and averages exactly 50', async () => {
      for (const url of ['/v2/weather/fields/north/norms/06-01/years/1973,2023', '/v2/weather/locations/41.5,-93.5/norms/01-01,12-31/years/1900,2023']) {
        const error = expectErrorBody(await get(url), 400);
        expect(error.simpleMessage).toContain("'startYear'");
        expect(error.detailedMessage).toContain('at most 50 years');
      }
      expect(weather.dailyCalls).toHaveLength(0);
      const norm = (await ok('/v2/weather/fields/north/norms/06-01/years/1974,2023')).json() as Norm;
      const tmax = range(1974, 2023).map((y) => 20 + (y - 2010) + 0.01);
      expect(norm.maxTemp.average).toBeCloseTo(mean(tmax), SERVED);
      expect(weather.dailyCalls).toHaveLength(50);
    });

    it('refuses years before the first year the source holds, naming startYear and that year', async () => {
      weather.heldFrom = 2012;
      const error = expectErrorBody(await get('/v2/weather/locations/41.5,-93.5/norms/06-01,06-02/years/2011,2015'), 400);
      expect(error.simpleMessage).toContain("'startYear'");
      expect(error.detailedMessage).toContain('begins in 2012');
      expect(weather.dailyCalls).toHaveLength(0);
      await ok('/v2/weather/locations/41.5,-93.5/norms/06-01,06-02/years/2012,2015');
      // The default period is not checked against it (the 10 latest seasons are always asked for).
      weather.heldFrom = 1981;
      await ok('/v2/weather/fields/north/norms/06-01');
    });

    it("answers 404 for an unknown field and another account's field", async () => {
      expectErrorBody(await get('/v2/weather/fields/nope/norms/06-01'), 404);
      expectErrorBody(await get('/v2/weather/fields/private/norms/06-01,06-02/years/2015,2017'), 404);
    });

    it('names every source used, once each, in X-Data-Source', async () => {
      weather.sourceOf = (r) => (Number(r.start.slice(0, 4)) % 2 === 0 ? 'import:knmi-260' : 'nasa-power');
      try {
        const response = await ok('/v2/weather/locations/52.1,5.18/norms/06-01/years/2014,2017');
        expect(response.headers['x-data-source']).toBe('import:knmi-260,nasa-power');
      } finally {
        weather.sourceOf = () => 'fake';
      }
    });

    it('answers 503 with Retry-After when the source is unreachable, 404 when it lacks the years', async () => {
      weather.unavailable = true;
      const response = await get('/v2/weather/fields/north/norms/06-01');
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('120');
      weather.unavailable = false;
      weather.missing = true;
      expectErrorBody(await get('/v2/weather/fields/north/norms/06-01'), 404);
    });

    it('answers 503 when the service runs without a weather source', async () => {
      const bare = await createTestApp(kind);
      try {
        const token = (await bare.login('acme')).auth;
        expectErrorBody(await bare.app.inject({ method: 'GET', url: '/v2/weather/locations/1,1/norms/06-01', headers: token }), 503);
      } finally {
        await bare.close();
      }
    });
  });

  describe('speed', () => {
    it('answers a whole year over 10 years from 10 daily requests, quickly', async () => {
      const url = '/v2/weather/locations/41.5,-93.5/norms/01-01,12-31';
      const first = await ok(url);
      expect(first.json().norms).toHaveLength(366);
      expect(weather.dailyCalls).toHaveLength(10);
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        await get(url);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      // Generous bound for shared test machines; the benchmark measures the real figure.
      expect(times[7]!).toBeLessThan(150);
    });
  });
});

describe('weather norms from the synthetic source', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    const { createSyntheticSource } = await import('../../src/weather/synthetic/synthetic-source.js');
    t = await createTestApp('sqlite', {}, createSyntheticSource());
    auth = (await t.login('acme')).auth;
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  it('refuses the years 1000 to 2023 at once, naming startYear, without generating them', async () => {
    const started = performance.now();
    const response = await get('/v2/weather/locations/42.03,-93.62/norms/01-01,12-31/years/1000,2023');
    const elapsed = performance.now() - started;
    expect(expectErrorBody(response, 400).simpleMessage).toContain("'startYear'");
    expect(elapsed).toBeLessThan(250);
    // A year not over yet is refused first (the clock stands in 2024).
    expect(expectErrorBody(await get('/v2/weather/locations/42.03,-93.62/norms/06-01/years/1000,2025'), 400).simpleMessage).toContain("'endYear'");
  });

  it('holds the years from 1900: earlier ones are refused, 50 years from 1900 are averaged', async () => {
    const error = expectErrorBody(await get('/v2/weather/locations/42.03,-93.62/norms/06-01/years/1899,1910'), 400);
    expect(error.simpleMessage).toContain("'startYear'");
    expect(error.detailedMessage).toContain('begins in 1900');
    const response = await get('/v2/weather/locations/42.03,-93.62/norms/06-01,06-30/years/1900,1949');
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().norms as Norm[])[0]!.maxTemp.stdDev).toBeGreaterThan(0);
  });

  it('answers a season across the year end with spreads across years, and says it is synthetic', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/weather/locations/42.03,-93.62/norms/12-01,02-29', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-data-source']).toBe('synthetic');
    const norms = response.json().norms as Norm[];
    expect(norms).toHaveLength(31 + 31 + 29);
    for (const n of norms) {
      expect(n.maxTemp.average).toBeGreaterThan(n.minTemp.average);
      expect(n.maxTemp.average).toBeLessThan(20);
      expect(n.maxTemp.stdDev).toBeGreaterThan(0);
      expect(n.precipitation.average).toBeGreaterThanOrEqual(0);
    }
  });
});
