import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createWeatherTestBed } from '../support/weather-test-bed.js';
import { fakeDay, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { createTestApp, expectErrorBody, TEST_NOW, type TestApp } from '../support/test-app.js';

/**
 * Served numbers are rounded to their quantity's decimals (src/agronomy/quantities.ts): mostly
 * 0.01, and 0.001 for inches and ratios. They are judged within half of 0.01 (and a little float
 * noise) of the value computed here at full precision.
 */
const SERVED = 1.99;

// The clock stands at 2024-06-15T12:00Z: 07:00 on 15 June in Iowa, so yesterday there is 2024-06-14.
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];

function expectedObservation(date: string, place: { fieldId?: string; base: string }) {
  const d = fakeDay(date);
  const links: Record<string, unknown> = { self: { href: `${place.base}/observations/${date}` }, curies: CURIES };
  if (place.fieldId) links['svc:field'] = { href: `/v2/fields/${place.fieldId}` };
  return {
    date,
    location: place.fieldId ? { ...IOWA, fieldId: place.fieldId } : { ...IOWA },
    temperatures: { max: d.tmax, min: d.tmin, units: 'C' },
    precipitation: { amount: d.precipitation, units: 'mm' },
    solar: { amount: d.solar, units: 'Wh/m^2' },
    relativeHumidity: { max: d.rhMax, min: d.rhMin },
    wind: { morningMax: d.windMorningMax, dayMax: d.windDayMax, average: d.windAverage, units: 'm/sec' },
    _links: links,
  };
}

const FIELD = { fieldId: 'north', base: '/v2/weather/fields/north' };
const LOCATION = { base: '/v2/weather/locations/41.5,-93.5' };

describe.each(databaseKinds())('observations on %s', (kind) => {
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
    t.clock.set(TEST_NOW);
  });

  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const dates = (response: { json(): { observations: { date: string }[] } }) => response.json().observations.map((o) => o.date);

  describe('field paths', () => {
    it('answers the last 7 days (yesterday and the 6 before) in the documented shape', async () => {
      const response = await get('/v2/weather/fields/north/observations');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBe('0-6/7 fields');
      expect(response.headers['x-data-source']).toBe('fake');
      expect(dates(response)).toEqual(['2024-06-08', '2024-06-09', '2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13', '2024-06-14']);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['observations', '_links']);
      expect(JSON.stringify(body.observations[0])).toBe(JSON.stringify(expectedObservation('2024-06-08', FIELD)));
      expect(JSON.stringify(body._links)).toBe(
        JSON.stringify({ self: { href: '/v2/weather/fields/north/observations' }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      expect(weather.dailyCalls).toHaveLength(1);
      expect(weather.dailyCalls[0]!.range).toEqual({ start: '2024-06-08', end: '2024-06-14' });
    });

    it('answers one date with the observation itself, keys in the order of the published responses', async () => {
      const response = await get('/v2/weather/fields/north/observations/2024-06-01');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.headers['x-data-source']).toBe('fake');
      expect(response.body).toBe(JSON.stringify(expectedObservation('2024-06-01', FIELD)));
      const body = response.json();
      expect(Object.keys(body)).toEqual(['date', 'location', 'temperatures', 'precipitation', 'solar', 'relativeHumidity', 'wind', '_links']);
      expect(Object.keys(body.wind)).toEqual(['morningMax', 'dayMax', 'average', 'units']);
      expect(Object.keys(body._links)).toEqual(['self', 'curies', 'svc:field']);
    });

    it('answers a range with both ends included', async () => {
      const response = await get('/v2/weather/fields/north/observations/2024-05-30,2024-06-02');
      expect(response.statusCode).toBe(200);
      expect(dates(response)).toEqual(['2024-05-30', '2024-05-31', '2024-06-01', '2024-06-02']);
      expect(response.headers['content-range']).toBe('0-3/4 fields');
      expect(JSON.stringify(response.json().observations[3])).toBe(JSON.stringify(expectedObservation('2024-06-02', FIELD)));
    });

    it('answers a range of one day as a list', async () => {
      const response = await get('/v2/weather/fields/north/observations/2024-06-01,2024-06-01');
      expect(response.statusCode).toBe(200);
      expect(dates(response)).toEqual(['2024-06-01']);
      expect(response.headers['content-range']).toBe('0-0/1 fields');
    });

    it('pages with limit and offset, fetching only the page, with next and prev links', async () => {
      const response = await get('/v2/weather/fields/north/observations/2024-06-01,2024-06-10?limit=3&offset=3');
      expect(response.statusCode).toBe(200);
      expect(dates(response)).toEqual(['2024-06-04', '2024-06-05', '2024-06-06']);
      expect(response.headers['content-range']).toBe('3-5/10 fields');
      const links = response.json()._links;
      expect(Object.keys(links)).toEqual(['self', 'next', 'prev', 'curies', 'svc:field']);
      expect(links.self.href).toBe('/v2/weather/fields/north/observations/2024-06-01,2024-06-10?limit=3&offset=3');
      expect(links.next.href).toBe('/v2/weather/fields/north/observations/2024-06-01,2024-06-10?limit=3&offset=6');
      expect(links.prev.href).toBe('/v2/weather/fields/north/observations/2024-06-01,2024-06-10?limit=3&offset=0');
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2024-06-04', end: '2024-06-06' }]);
      const last = await get('/v2/weather/fields/north/observations/2024-06-01,2024-06-10?limit=3&offset=9');
      expect(dates(last)).toEqual(['2024-06-10']);
      expect(last.headers['content-range']).toBe('9-9/10 fields');
      expect(last.json()._links.next).toBeUndefined();
    });

    it('limits pages to 10 days, 120 for enterprise accounts', async () => {
      const range = '/v2/weather/fields/north/observations/2024-01-01,2024-06-14';
      const first = await get(range);
      expect(first.json().observations).toHaveLength(10);
      expect(first.headers['content-range']).toBe('0-9/166 fields');
      expect(expectErrorBody(await get(`${range}?limit=11`), 400).detailedMessage).toContain('The maximum value for the limit parameter is 10');
      const enterprise = await get(`${range}?limit=120`, enterpriseAuth);
      expect(enterprise.statusCode).toBe(200);
      expect(enterprise.json().observations).toHaveLength(120);
      expect(expectErrorBody(await get(`${range}?limit=121`, enterpriseAuth), 400).detailedMessage).toContain(
        'The maximum value for the limit parameter is 120',
      );
      expectErrorBody(await get(`${range}?limit=0`), 400);
      expectErrorBody(await get(`${range}?offset=-1`), 400);
    });

    it('answers 416 for an offset past the end', async () => {
      expectErrorBody(await get('/v2/weather/fields/north/observations?offset=7'), 416);
      expectErrorBody(await get('/v2/weather/fields/north/observations/2024-06-01,2024-06-02?offset=5'), 416);
      expect((await get('/v2/weather/fields/north/observations?offset=6')).statusCode).toBe(200);
    });

    it('sorts by date, ascending or descending', async () => {
      const descending = await get('/v2/weather/fields/north/observations/2024-06-01,2024-06-05?sort=-date&limit=2&offset=1');
      expect(dates(descending)).toEqual(['2024-06-04', '2024-06-03']);
      expect(dates(await get('/v2/weather/fields/north/observations/2024-06-01,2024-06-03?sort=date'))).toEqual([
        '2024-06-01',
        '2024-06-02',
        '2024-06-03',
      ]);
      const error = expectErrorBody(await get('/v2/weather/fields/north/observations?sort=temperature'), 400);
      expect(error.detailedMessage).toContain('date');
    });

    it('converts to °F, inches and mph with units=usa and says so', async () => {
      const body = (await get('/v2/weather/fields/north/observations/2024-06-01?units=usa')).json();
      const d = fakeDay('2024-06-01');
      expect(body.temperatures.units).toBe('F');
      expect(body.temperatures.max).toBeCloseTo((d.tmax! * 9) / 5 + 32, SERVED);
      expect(body.temperatures.min).toBeCloseTo((d.tmin! * 9) / 5 + 32, SERVED);
      expect(body.precipitation).toEqual({ amount: expect.closeTo(d.precipitation! / 25.4, SERVED), units: 'in' });
      expect(body.solar).toEqual({ amount: d.solar, units: 'Wh/m^2' });
      expect(body.relativeHumidity).toEqual({ max: d.rhMax, min: d.rhMin });
      expect(body.wind.units).toBe('mph');
      expect(body.wind.dayMax).toBeCloseTo(d.windDayMax! / 0.44704, SERVED);
      expect(body.wind.morningMax).toBeCloseTo(d.windMorningMax! / 0.44704, SERVED);
      expect(body.wind.average).toBeCloseTo(d.windAverage! / 0.44704, SERVED);
      expect((await get('/v2/weather/fields/north/observations/2024-06-01?units=METRIC')).json().temperatures.units).toBe('C');
      expect(expectErrorBody(await get('/v2/weather/fields/north/observations?units=imperial'), 400).detailedMessage).toContain('metric, usa');
    });

    it('keeps only the chosen properties (any case) plus date and _links', async () => {
      const one = (await get('/v2/weather/fields/north/observations/2024-06-01?properties=WIND,temperatures')).json();
      expect(Object.keys(one)).toEqual(['date', 'temperatures', 'wind', '_links']);
      const list = (await get('/v2/weather/fields/north/observations?properties=solar')).json();
      expect(Object.keys(list.observations[0])).toEqual(['date', 'solar', '_links']);
      const error = expectErrorBody(await get('/v2/weather/fields/north/observations?properties=dewPoint'), 400);
      expect(error.detailedMessage).toContain('location, temperatures, precipitation, solar, relativeHumidity, wind');
    });

    it("answers 404 for an unknown field and for another account's field", async () => {
      expect(expectErrorBody(await get('/v2/weather/fields/nope/observations'), 404).detailedMessage).toContain("'nope'");
      expectErrorBody(await get('/v2/weather/fields/private/observations/2024-06-01'), 404);
      expect(weather.dailyCalls).toHaveLength(0);
    });
  });

  describe('latitude/longitude paths', () => {
    it('answers the last 7 days with observations Content-Range and no field', async () => {
      const response = await get('/v2/weather/locations/41.5,-93.5/observations');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBe('observations 0-6/7');
      expect(response.headers['x-data-source']).toBe('fake');
      const body = response.json();
      expect(JSON.stringify(body.observations[6])).toBe(JSON.stringify(expectedObservation('2024-06-14', LOCATION)));
      expect(Object.keys(body._links)).toEqual(['self', 'curies']);
    });

    it('answers one date and a range', async () => {
      const one = await get('/v2/weather/locations/41.5,-93.5/observations/2024-06-01');
      expect(one.body).toBe(JSON.stringify(expectedObservation('2024-06-01', LOCATION)));
      const range = await get('/v2/weather/locations/41.5,-93.5/observations/2024-06-01,2024-06-12?limit=5&offset=5');
      expect(range.headers['content-range']).toBe('observations 5-9/12');
      expect(dates(range)).toEqual(['2024-06-06', '2024-06-07', '2024-06-08', '2024-06-09', '2024-06-10']);
    });

    it('asks the weather source for the grid cell of the location', async () => {
      await get('/v2/weather/locations/-33.9,18.4/observations/2024-06-01');
      const cell = weather.dailyCalls[0]!.cell;
      expect(Math.abs(cell.latitude - -33.9)).toBeLessThan(1 / 12);
      expect(Math.abs(cell.longitude - 18.4)).toBeLessThan(1 / 12);
    });

    it.each([
      ['91,0', 'latitude'],
      ['-90.5,0', 'latitude'],
      ['0,180.01', 'longitude'],
      ['north,0', 'latitude'],
      ['0,east', 'longitude'],
      ['41.5', 'latitude'],
    ])('refuses the location %s naming %s', async (coordinates, name) => {
      const error = expectErrorBody(await get(`/v2/weather/locations/${coordinates}/observations`), 400);
      expect(error.simpleMessage).toContain(name);
    });
  });

  describe('dates', () => {
    it.each([
      ['2023-02-29', 'singleDate'],
      ['2024-06-31', 'singleDate'],
      ['20240601', 'singleDate'],
      ['2024-06-05,2024-06-01', 'endDate'],
      ['2024-06-15', 'singleDate'],
      ['2024-06-10,2024-06-15', 'endDate'],
      ['2021-12-14', 'singleDate'],
      ['2021-12-14,2021-12-20', 'startDate'],
    ])('refuses %s naming %s', async (segment, name) => {
      const error = expectErrorBody(await get(`/v2/weather/fields/north/observations/${segment}`), 400);
      expect(error.simpleMessage).toContain(`'${name}'`);
    });

    it('accepts yesterday and exactly 30 months back', async () => {
      expect((await get('/v2/weather/fields/north/observations/2024-06-14')).statusCode).toBe(200);
      expect((await get('/v2/weather/fields/north/observations/2021-12-15')).statusCode).toBe(200);
    });

    it('says which dates are allowed', async () => {
      const error = expectErrorBody(await get('/v2/weather/fields/north/observations/2024-06-20'), 400);
      expect(error.detailedMessage).toContain('from 2021-12-15 to 2024-06-14');
    });

    it("takes yesterday from the location's own calendar", async () => {
      // 12:00 UTC is already 02:00 on 16 June at Kiritimati (UTC+14), so 15 June is over there.
      expect((await get('/v2/weather/locations/1.87,-157.4/observations/2024-06-15')).statusCode).toBe(200);
      expectErrorBody(await get('/v2/weather/locations/41.5,-93.5/observations/2024-06-15'), 400);
      const kiritimati = await get('/v2/weather/locations/1.87,-157.4/observations');
      expect(dates(kiritimati).at(-1)).toBe('2024-06-15');
      // Moving the clock moves the window.
      t.clock.set(Date.parse('2024-06-16T06:00:00Z'));
      const later = (await t.login('acme')).auth;
      expect((await get('/v2/weather/locations/41.5,-93.5/observations/2024-06-15', later)).statusCode).toBe(200);
    });
  });

  describe('provenance and availability', () => {
    it('names the source of the numbers in X-Data-Source', async () => {
      weather.sourceOf = () => 'import:knmi-260';
      try {
        const response = await get('/v2/weather/locations/52.1,5.18/observations/2024-06-01');
        expect(response.headers['x-data-source']).toBe('import:knmi-260');
      } finally {
        weather.sourceOf = () => 'fake';
      }
    });

    it('answers 503 with Retry-After when the source is unreachable', async () => {
      weather.unavailable = true;
      const response = await get('/v2/weather/fields/north/observations');
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('120');
    });

    it('answers 404 when no source holds the dates', async () => {
      weather.missing = true;
      expect(expectErrorBody(await get('/v2/weather/fields/north/observations/2024-06-01'), 404).simpleMessage).toContain('Weather data');
    });

    it('answers 503 when the service runs without a weather source', async () => {
      const bare = await createTestApp(kind);
      try {
        const token = (await bare.login('acme')).auth;
        const response = await bare.app.inject({ method: 'GET', url: '/v2/weather/locations/41.5,-93.5/observations', headers: token });
        expectErrorBody(response, 503);
        expect(response.headers['retry-after']).toBeDefined();
      } finally {
        await bare.close();
      }
    });

    it('requires a token', async () => {
      expectErrorBody(await t.app.inject({ method: 'GET', url: '/v2/weather/fields/north/observations' }), 401);
    });
  });
});

describe('observations from the synthetic source', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    const { createSyntheticSource } = await import('../../src/weather/synthetic/synthetic-source.js');
    t = await createTestApp('sqlite', {}, createSyntheticSource());
    auth = (await t.login('acme')).auth;
  });
  afterAll(async () => t.close());

  it('answers plausible, reproducible days and says they are synthetic', async () => {
    const url = '/v2/weather/locations/41.59,-93.62/observations/2024-06-01,2024-06-07';
    const response = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-data-source']).toBe('synthetic');
    const observations = response.json().observations as Record<string, Record<string, number>>[];
    expect(observations).toHaveLength(7);
    for (const o of observations) {
      expect(o.temperatures!.max).toBeGreaterThanOrEqual(o.temperatures!.min!);
      expect(o.temperatures!.max).toBeGreaterThan(5);
      expect(o.temperatures!.max).toBeLessThan(45);
      expect(o.precipitation!.amount).toBeGreaterThanOrEqual(0);
      expect(o.solar!.amount).toBeGreaterThan(0);
      expect(o.relativeHumidity!.max).toBeLessThanOrEqual(100);
      expect(o.wind!.dayMax).toBeGreaterThanOrEqual(o.wind!.average!);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).body).toBe(response.body);
  });
});
