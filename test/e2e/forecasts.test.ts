import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fastJson from 'fast-json-stringify';
import { ForecastDatedSchema, ForecastListSchema } from '../../src/api/weather/forecasts.js';
import { databaseKinds } from '../support/databases.js';
import { createFakeWeatherSource, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { createField, createTestApp, expectErrorBody, TEST_NOW, type TestApp } from '../support/test-app.js';

/**
 * Served numbers are rounded to their quantity's decimals (src/agronomy/quantities.ts): mostly
 * 0.01, and 0.001 for inches and ratios. They are judged within half of 0.01 (and a little float
 * noise) of the value computed here at full precision.
 */
const SERVED = 1.99;
/** Percentages (humidity, chances, cloud cover) are served to 0.1. */
const SERVED_PERCENT = 0.99;

// The clock stands at 2024-06-15T12:00Z: 07:00 CDT on 15 June at the Iowa field, so the forecast
// runs from 2024-06-15 to 2024-06-22. The fake's hourly values depend on the UTC hour h:
// temperature 10+h, rain 3 mm in hours 12-14, cloud 10 % before noon and 95 % after, sun
// 100 Wh/m² from 06 to 17, humidity 60+h, wind 2 m/s with gusts 4+h/10, soil 15+h/10 °C at the top.
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];
const DEPTHS = ['0-0.1 m below ground', '0.1-0.4 m below ground', '0.4-1 m below ground', '1-2 m below ground'];
const BLOCK_KEYS = [
  'startTime',
  'endTime',
  'conditionsCode',
  'conditionsText',
  'temperatures',
  'precipitation',
  'sky',
  'solar',
  'relativeHumidity',
  'wind',
  'dewPoint',
  'soilTemperatures',
  'soilMoisture',
];

interface Block {
  startTime: string;
  endTime: string;
  conditionsCode: string;
  conditionsText: string;
  temperatures: { value?: number; max: number; min: number; units: string };
  [key: string]: unknown;
}

describe.each(databaseKinds())('forecasts on %s', (kind) => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;

  beforeAll(async () => {
    weather = createFakeWeatherSource();
    t = await createTestApp(kind, {}, weather);
    auth = (await t.login('acme')).auth;
    const otherAuth = (await t.login('other')).auth;
    await createField(t, auth, 'north', IOWA);
    await createField(t, otherAuth, 'private', IOWA);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    weather.reset();
  });

  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const day = async (query = '', date = '2024-06-16') => {
    const response = await get(`/v2/weather/fields/north/forecasts/${date}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { date: string; forecast: Block[] };
  };

  describe('days and pages', () => {
    it('answers today plus 7 days in hourly blocks', async () => {
      const response = await get('/v2/weather/fields/north/forecasts');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBe('0-7/8 fields');
      expect(response.headers['x-data-source']).toBe('fake-forecast');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['forecasts', '_links']);
      expect(body.forecasts.map((d: { date: string }) => d.date)).toEqual([
        '2024-06-15',
        '2024-06-16',
        '2024-06-17',
        '2024-06-18',
        '2024-06-19',
        '2024-06-20',
        '2024-06-21',
        '2024-06-22',
      ]);
      for (const d of body.forecasts) expect(d.forecast).toHaveLength(24);
      expect(JSON.stringify(body._links)).toBe(
        JSON.stringify({ self: { href: '/v2/weather/fields/north/forecasts' }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
      // One hourly request for the whole page, issued at the clock's now.
      expect(weather.hourlyCalls).toHaveLength(1);
      expect(weather.hourlyCalls[0]!.request).toEqual({ start: Date.parse('2024-06-15T00:00:00Z'), hours: 8 * 24, issuedAt: TEST_NOW });
    });

    it('answers one date with exactly date, location, forecast and _links', async () => {
      const response = await get('/v2/weather/fields/north/forecasts/2024-06-16');
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.headers['x-data-source']).toBe('fake-forecast');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['date', 'location', 'forecast', '_links']);
      expect(body.date).toBe('2024-06-16');
      expect(body.location).toEqual({ ...IOWA, fieldId: 'north' });
      expect(JSON.stringify(body._links)).toBe(
        JSON.stringify({ self: { href: '/v2/weather/fields/north/forecasts/2024-06-16' }, curies: CURIES, 'svc:field': { href: '/v2/fields/north' } }),
      );
    });

    it('answers a range with both ends included', async () => {
      const response = await get('/v2/weather/fields/north/forecasts/2024-06-20,2024-06-22');
      expect(response.headers['content-range']).toBe('0-2/3 fields');
      expect(response.json().forecasts.map((d: { date: string }) => d.date)).toEqual(['2024-06-20', '2024-06-21', '2024-06-22']);
    });

    it('pages with limit (up to 7) and offset, and sorts by date', async () => {
      const page = await get('/v2/weather/fields/north/forecasts?limit=3&offset=6');
      expect(page.headers['content-range']).toBe('6-7/8 fields');
      const body = page.json();
      expect(body.forecasts.map((d: { date: string }) => d.date)).toEqual(['2024-06-21', '2024-06-22']);
      expect(Object.keys(body._links)).toEqual(['self', 'prev', 'curies', 'svc:field']);
      expect(body._links.prev.href).toBe('/v2/weather/fields/north/forecasts?limit=3&offset=3');
      expect(weather.hourlyCalls.at(-1)!.request.start).toBe(Date.parse('2024-06-21T00:00:00Z'));
      expect(weather.hourlyCalls.at(-1)!.request.hours).toBe(48);

      const descending = await get('/v2/weather/fields/north/forecasts?sort=-date&limit=2');
      expect(descending.json().forecasts.map((d: { date: string }) => d.date)).toEqual(['2024-06-22', '2024-06-21']);
      expect(descending.json()._links.next.href).toBe('/v2/weather/fields/north/forecasts?sort=-date&limit=2&offset=2');

      expect((await get('/v2/weather/fields/north/forecasts?limit=7')).json().forecasts).toHaveLength(7);
      expect(expectErrorBody(await get('/v2/weather/fields/north/forecasts?limit=8'), 400).detailedMessage).toContain(
        'The maximum value for the limit parameter is 7',
      );
      expectErrorBody(await get('/v2/weather/fields/north/forecasts?offset=8'), 416);
      expectErrorBody(await get('/v2/weather/fields/north/forecasts?sort=temperature'), 400);
    });
  });

  describe('blocks', () => {
    it('gives hourly blocks in the key order of the published responses, min/max null where the spec says', async () => {
      const { forecast } = await day();
      const first = forecast[0]!;
      expect(Object.keys(first)).toEqual(BLOCK_KEYS);
      expect(Object.keys(first.temperatures)).toEqual(['value', 'max', 'min', 'units']);
      expect(first).toEqual({
        startTime: '2024-06-16T00:00:00+00:00',
        endTime: '2024-06-16T00:59:59+00:00',
        conditionsCode: '111',
        conditionsText: 'Sunny Day, No Rain, Light Wind/Calm',
        temperatures: { value: 10, max: 10, min: 10, units: 'C' },
        precipitation: { chance: expect.closeTo(20, SERVED), amount: 0, units: 'mm' },
        sky: { cloudCover: 10, sunshine: 90 },
        solar: { amount: 0, units: 'Wh/m^2' },
        relativeHumidity: { average: 60, max: null, min: null },
        wind: { average: 2, max: null, min: null, units: 'm/sec' },
        dewPoint: { amount: 5, units: 'C' },
        soilTemperatures: [15, 14, 13, 12].map((average, i) => ({ depth: DEPTHS[i], average, max: null, min: null, units: 'C' })),
        soilMoisture: [30, 31, 32, 33].map((average, i) => ({ depth: DEPTHS[i], average, max: null, min: null })),
      });
      const keysOf = (o: unknown) => Object.keys(o as object);
      expect(keysOf(first.precipitation)).toEqual(['chance', 'amount', 'units']);
      expect(keysOf(first.sky)).toEqual(['cloudCover', 'sunshine']);
      expect(keysOf(first.relativeHumidity)).toEqual(['average', 'max', 'min']);
      expect(keysOf(first.wind)).toEqual(['average', 'max', 'min', 'units']);
      expect(keysOf((first.soilTemperatures as unknown[])[0])).toEqual(['depth', 'average', 'max', 'min', 'units']);
      expect(keysOf((first.soilMoisture as unknown[])[0])).toEqual(['depth', 'average', 'max', 'min']);
      expect(forecast[23]!.startTime).toBe('2024-06-16T23:00:00+00:00');
      expect(forecast[23]!.endTime).toBe('2024-06-16T23:59:59+00:00');
      expect(forecast[23]!.temperatures.value).toBe(33);
    });

    it('aggregates blocks of 6 hours: sums, means, extremes, only min and max temperatures', async () => {
      const { forecast } = await day('?blockSize=6');
      expect(forecast.map((b) => [b.startTime, b.endTime])).toEqual([
        ['2024-06-16T00:00:00+00:00', '2024-06-16T05:59:59+00:00'],
        ['2024-06-16T06:00:00+00:00', '2024-06-16T11:59:59+00:00'],
        ['2024-06-16T12:00:00+00:00', '2024-06-16T17:59:59+00:00'],
        ['2024-06-16T18:00:00+00:00', '2024-06-16T23:59:59+00:00'],
      ]);
      const second = forecast[1]!;
      expect(Object.keys(second)).toEqual(BLOCK_KEYS);
      // Larger blocks give exactly max, min, units: no `value` key at all (not even null).
      for (const block of forecast) expect(Object.keys(block.temperatures)).toEqual(['max', 'min', 'units']);
      expect(second).toMatchObject({
        temperatures: { max: 21, min: 16, units: 'C' },
        precipitation: { amount: 0, units: 'mm' },
        sky: { cloudCover: 10, sunshine: 90 },
        solar: { amount: 600, units: 'Wh/m^2' },
        relativeHumidity: { average: 68.5, max: 71, min: 66 },
        wind: { average: 2, max: 5.1, min: 2, units: 'm/sec' },
        dewPoint: { amount: 5, units: 'C' },
        soilMoisture: [30, 31, 32, 33].map((v, i) => ({ depth: DEPTHS[i], average: v, max: v, min: v })),
      });
      expect((second.precipitation as { chance: number }).chance).toBeCloseTo(100 * (1 - 0.8 ** 6), SERVED_PERCENT);
      const soil = (second.soilTemperatures as { average: number; max: number; min: number }[])[0]!;
      expect(soil.average).toBeCloseTo(15.85, SERVED);
      expect(soil.max).toBeCloseTo(16.1, SERVED);
      expect(soil.min).toBeCloseTo(15.6, SERVED);
      // 12-17 UTC is 07:00-13:00 CDT, all daylight: 95 % cloud, 9 mm over 6 h = 1.5 mm/h.
      expect(forecast[2]!.conditionsCode).toBe('521');
      expect(forecast[2]!.conditionsText).toBe('Cloudy Day, Light Rain, Light Wind/Calm');
      expect((forecast[2]!.precipitation as { amount: number }).amount).toBe(9);
      // 06-12 UTC spans the sunrise: a day-and-night code.
      expect(second.conditionsCode).toBe('B11');
    });

    it.each([
      [1, 24],
      [2, 12],
      [3, 8],
      [4, 6],
      [6, 4],
      [8, 3],
      [12, 2],
      [24, 1],
    ])('cuts a day into blocks of %i hours (%i blocks)', async (size, count) => {
      const { forecast } = await day(`?blockSize=${size}`);
      expect(forecast).toHaveLength(count);
      expect(forecast.at(-1)!.endTime).toBe('2024-06-16T23:59:59+00:00');
    });

    it('gives one 24-hour block a day-and-night conditions code', async () => {
      const [block] = (await day('?blockSize=24')).forecast;
      expect(block!.conditionsCode).toBe('D21');
      expect(block!.conditionsText).toBe('Partly Cloudy, Light Rain, Light Wind/Calm');
      expect(JSON.stringify(block!.temperatures)).toBe(JSON.stringify({ max: 33, min: 10, units: 'C' }));
    });

    it.each(['5', '0', '48', 'six', '1.5', '-1'])('refuses blockSize=%s naming the allowed sizes', async (size) => {
      const error = expectErrorBody(await get(`/v2/weather/fields/north/forecasts?blockSize=${size}`), 400);
      expect(error.simpleMessage).toContain("'blockSize'");
      expect(error.detailedMessage).toContain('1, 2, 3, 4, 6, 8, 12, 24');
    });
  });

  describe('conditions', () => {
    it('tells day from night by the sun at the field (standard type is the default)', async () => {
      const { forecast } = await day();
      // 08 UTC is 03:00 CDT: night, clear, dry.
      expect([forecast[8]!.conditionsCode, forecast[8]!.conditionsText]).toEqual(['611', 'Clear Night, No Rain, Light Wind/Calm']);
      // 13 UTC is 08:00 CDT: day, cloudy, 3 mm in the hour.
      expect([forecast[13]!.conditionsCode, forecast[13]!.conditionsText]).toEqual(['531', 'Cloudy Day, Moderate Rain, Light Wind/Calm']);
      const standard = await day('?conditionsType=standard');
      expect(standard.forecast[8]!.conditionsCode).toBe('611');
    });

    it('uses the basic cloud classes with conditionsType=basic', async () => {
      const { forecast } = await day('?conditionsType=BASIC');
      expect([forecast[8]!.conditionsCode, forecast[8]!.conditionsText]).toEqual(['111', 'Clear, No Rain, Light Wind/Calm']);
      expect([forecast[13]!.conditionsCode, forecast[13]!.conditionsText]).toEqual(['331', 'Cloudy, Moderate Rain, Light Wind/Calm']);
    });

    it('refuses an unknown conditionsType', async () => {
      const error = expectErrorBody(await get('/v2/weather/fields/north/forecasts?conditionsType=fancy'), 400);
      expect(error.detailedMessage).toContain('basic, standard');
    });
  });

  describe('time frames', () => {
    it('shifts block times and the day by utcOffset', async () => {
      const { forecast } = await day('?utcOffset=-05:00');
      expect(forecast).toHaveLength(24);
      expect(forecast[0]!.startTime).toBe('2024-06-16T00:00:00-05:00');
      expect(forecast[0]!.endTime).toBe('2024-06-16T00:59:59-05:00');
      expect(forecast[0]!.temperatures.value).toBe(15);
      expect(forecast[23]!.endTime).toBe('2024-06-16T23:59:59-05:00');
      expect(weather.hourlyCalls[0]!.request.start).toBe(Date.parse('2024-06-16T05:00:00Z'));
    });

    it('takes half-hour offsets, with the values of the UTC hour beginning 30 minutes earlier', async () => {
      const { forecast } = await day('?utcOffset=%2B05:30');
      expect(forecast[0]!.startTime).toBe('2024-06-16T00:00:00+05:30');
      expect(forecast[0]!.temperatures.value).toBe(28);
      expect(forecast[23]!.endTime).toBe('2024-06-16T23:59:59+05:30');
      // An unencoded + arrives as a space and still means +.
      const plain = await day('?utcOffset=+05:30&blockSize=12');
      expect(plain.forecast.map((b) => b.startTime)).toEqual(['2024-06-16T00:00:00+05:30', '2024-06-16T12:00:00+05:30']);
    });

    it("uses the field's time zone with useLocalTime=true and ignores utcOffset then", async () => {
      const { forecast } = await day('?useLocalTime=true&utcOffset=%2B03:00');
      expect(forecast).toHaveLength(24);
      expect(forecast[0]!.startTime).toBe('2024-06-16T00:00:00-05:00');
      expect(forecast[0]!.temperatures.value).toBe(15);
      const utc = await day('?useLocalTime=false');
      expect(utc.forecast[0]!.startTime).toBe('2024-06-16T00:00:00+00:00');
    });

    it.each(['+15:00', '-14:30', '5', '+5:00', '+05:75', 'EST'])('refuses utcOffset=%s', async (offset) => {
      const error = expectErrorBody(await get(`/v2/weather/fields/north/forecasts?utcOffset=${encodeURIComponent(offset)}`), 400);
      expect(error.simpleMessage).toContain("'utcOffset'");
      expect(error.detailedMessage).toContain('-14:00 to +14:00');
    });

    it('refuses useLocalTime other than true or false', async () => {
      expect(expectErrorBody(await get('/v2/weather/fields/north/forecasts?useLocalTime=yes'), 400).simpleMessage).toContain('useLocalTime');
    });
  });

  describe('daylight-saving days in local time', () => {
    let dstAuth: Record<string, string>;
    afterAll(() => t.clock.set(TEST_NOW));
    const local = async (date: string, query: string) => {
      const response = await get(`/v2/weather/fields/north/forecasts/${date}?useLocalTime=true${query}`, dstAuth);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().forecast as Block[];
    };

    it('gives the autumn day 25 hourly blocks, the repeated hour with both offsets', async () => {
      t.clock.set(Date.parse('2024-11-02T12:00:00Z'));
      dstAuth = (await t.login('acme')).auth;
      const blocks = await local('2024-11-03', '');
      expect(blocks).toHaveLength(25);
      expect(blocks.slice(0, 4).map((b) => b.startTime)).toEqual([
        '2024-11-03T00:00:00-05:00',
        '2024-11-03T01:00:00-05:00',
        '2024-11-03T01:00:00-06:00',
        '2024-11-03T02:00:00-06:00',
      ]);
      expect(blocks[24]!.endTime).toBe('2024-11-03T23:59:59-06:00');
      const sixes = await local('2024-11-03', '&blockSize=6');
      expect(sixes.map((b) => [b.startTime, b.endTime])).toEqual([
        ['2024-11-03T00:00:00-05:00', '2024-11-03T05:59:59-06:00'],
        ['2024-11-03T06:00:00-06:00', '2024-11-03T11:59:59-06:00'],
        ['2024-11-03T12:00:00-06:00', '2024-11-03T17:59:59-06:00'],
        ['2024-11-03T18:00:00-06:00', '2024-11-03T23:59:59-06:00'],
      ]);
      // The day and the next ones are fetched in one request of 25 + 24 hours from local midnight.
      await get('/v2/weather/fields/north/forecasts/2024-11-03,2024-11-04?useLocalTime=true', dstAuth);
      expect(weather.hourlyCalls.at(-1)!.request).toMatchObject({ start: Date.parse('2024-11-03T05:00:00Z'), hours: 49 });
    });

    it('gives the spring day 23 hourly blocks', async () => {
      t.clock.set(Date.parse('2024-03-09T12:00:00Z'));
      dstAuth = (await t.login('acme')).auth;
      const blocks = await local('2024-03-10', '');
      expect(blocks).toHaveLength(23);
      expect(blocks.slice(1, 3).map((b) => b.startTime)).toEqual(['2024-03-10T01:00:00-06:00', '2024-03-10T03:00:00-05:00']);
      const whole = await local('2024-03-10', '&blockSize=24');
      expect(whole.map((b) => [b.startTime, b.endTime])).toEqual([['2024-03-10T00:00:00-06:00', '2024-03-10T23:59:59-05:00']]);
      const sixes = await local('2024-03-10', '&blockSize=6');
      expect(sixes.map((b) => b.startTime)).toEqual([
        '2024-03-10T00:00:00-06:00',
        '2024-03-10T06:00:00-05:00',
        '2024-03-10T12:00:00-05:00',
        '2024-03-10T18:00:00-05:00',
      ]);
    });
  });

  describe('units and properties', () => {
    it('converts to °F, inches and mph with units=usa', async () => {
      const { forecast } = await day('?units=usa&blockSize=6');
      const block = forecast[2]! as Block & Record<string, any>;
      expect(Object.keys(block.temperatures)).toEqual(['max', 'min', 'units']);
      expect(block.temperatures).toEqual({ max: expect.closeTo(27 * 1.8 + 32, SERVED), min: expect.closeTo(22 * 1.8 + 32, SERVED), units: 'F' });
      expect(block.precipitation.amount).toBeCloseTo(9 / 25.4, SERVED);
      expect(block.precipitation.units).toBe('in');
      expect(block.wind).toEqual({
        average: expect.closeTo(2 / 0.44704, SERVED),
        max: expect.closeTo(5.7 / 0.44704, SERVED),
        min: expect.closeTo(2 / 0.44704, SERVED),
        units: 'mph',
      });
      expect(block.dewPoint).toEqual({ amount: expect.closeTo(41, SERVED), units: 'F' });
      expect(block.soilTemperatures[1]).toEqual({ depth: DEPTHS[1], average: expect.closeTo(57.2, SERVED), max: expect.closeTo(57.2, SERVED), min: expect.closeTo(57.2, SERVED), units: 'F' });
      expect(block.solar).toEqual({ amount: 600, units: 'Wh/m^2' });
    });

    it('keeps only the chosen block properties plus times, dew point and soil', async () => {
      const { forecast } = await day('?properties=temperatures,CONDITIONSCODE');
      expect(Object.keys(forecast[0]!)).toEqual(['startTime', 'endTime', 'conditionsCode', 'temperatures', 'dewPoint', 'soilTemperatures', 'soilMoisture']);
      const response = await get('/v2/weather/fields/north/forecasts/2024-06-16?properties=location');
      expect(expectErrorBody(response, 400).detailedMessage).toContain('conditionsCode, conditionsText, temperatures, precipitation, sky, solar, relativeHumidity, wind');
    });
  });

  describe('dates and errors', () => {
    it.each([
      ['2024-06-14', 'singleDate'],
      ['2024-06-23', 'singleDate'],
      ['2024-06-14,2024-06-16', 'startDate'],
      ['2024-06-20,2024-06-23', 'endDate'],
      ['2024-06-18,2024-06-16', 'endDate'],
      ['2023-02-29', 'singleDate'],
      ['tomorrow', 'singleDate'],
    ])('refuses %s naming %s', async (segment, name) => {
      const error = expectErrorBody(await get(`/v2/weather/fields/north/forecasts/${segment}`), 400);
      expect(error.simpleMessage).toContain(`'${name}'`);
    });

    it('accepts today and 7 days ahead', async () => {
      expect((await get('/v2/weather/fields/north/forecasts/2024-06-15')).statusCode).toBe(200);
      expect((await get('/v2/weather/fields/north/forecasts/2024-06-22')).statusCode).toBe(200);
    });

    it("answers 404 for an unknown field and another account's field", async () => {
      expectErrorBody(await get('/v2/weather/fields/nope/forecasts'), 404);
      expectErrorBody(await get('/v2/weather/fields/private/forecasts/2024-06-16'), 404);
    });

    it('answers 503 with Retry-After when the source is unreachable, 404 when it has no forecast', async () => {
      weather.unavailable = true;
      const response = await get('/v2/weather/fields/north/forecasts');
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('120');
      weather.unavailable = false;
      weather.missing = true;
      expectErrorBody(await get('/v2/weather/fields/north/forecasts/2024-06-16'), 404);
    });
  });

  describe('at a latitude/longitude', () => {
    const LOCATION = '/v2/weather/locations/41.5,-93.5';
    const FIELD = '/v2/weather/fields/north';

    /** The field answer as the location answers it: no fieldId, no svc:field, location paths. */
    function asAtLocation(value: unknown): unknown {
      if (Array.isArray(value)) return value.map(asAtLocation);
      if (value && typeof value === 'object') {
        const out: Record<string, unknown> = {};
        for (const [key, member] of Object.entries(value)) {
          if (key === 'fieldId' || key === 'svc:field') continue;
          out[key] = asAtLocation(member);
        }
        return out;
      }
      return typeof value === 'string' && value.startsWith(FIELD) ? LOCATION + value.slice(FIELD.length) : value;
    }

    // Every parameter of the field forms, on every path form (no dates, one date, a range, an open range).
    const queries = [
      '',
      '?blockSize=6',
      '?blockSize=24&units=usa',
      '?limit=3&offset=2',
      '?limit=2&sort=-date',
      '?properties=temperatures,conditionsCode',
      '?conditionsType=basic&blockSize=3',
      '?utcOffset=-05:00&blockSize=4',
      '?useLocalTime=true&blockSize=8',
      '?useLocalTime=false&utcOffset=%2B05:30&blockSize=12',
      '?blockSize=2&conditionsType=standard&properties=sky,wind&units=metric',
    ];
    const paths = ['/forecasts', '/forecasts/2024-06-16', '/forecasts/2024-06-16,2024-06-19', '/forecasts/2024-06-17,'];

    // Paging and sorting apply to lists only: they are left out for the single-date forms.
    const cases = paths.flatMap((path) => queries.map((query) => [path, query] as const));
    const listed = cases.filter(([path, query]) => path === '/forecasts' || path.includes(',2024') || !/limit|offset|sort/.test(query));

    it.each(listed)(
      'answers %s%s with the body of the field form, without fieldId and svc:field',
      async (path, query) => {
        const atField = await get(`${FIELD}${path}${query}`);
        const atLocation = await get(`${LOCATION}${path}${query}`);
        expect(atField.statusCode, atField.body).toBe(200);
        expect(atLocation.statusCode, atLocation.body).toBe(200);
        expect(atLocation.body).toBe(JSON.stringify(asAtLocation(atField.json())));
        expect(atLocation.headers['x-data-source']).toBe('fake-forecast');
        const fieldRange = atField.headers['content-range'] as string | undefined;
        expect(atLocation.headers['content-range']).toBe(fieldRange === undefined ? undefined : `forecasts ${fieldRange.replace(/ fields$/, '')}`);
      },
    );

    it('answers one date with exactly date, location (latitude, longitude), forecast and _links', async () => {
      const body = (await get(`${LOCATION}/forecasts/2024-06-16`)).json();
      expect(Object.keys(body)).toEqual(['date', 'location', 'forecast', '_links']);
      expect(JSON.stringify(body.location)).toBe(JSON.stringify(IOWA));
      expect(JSON.stringify(body._links)).toBe(JSON.stringify({ self: { href: `${LOCATION}/forecasts/2024-06-16` }, curies: CURIES }));
      expect(body.forecast).toHaveLength(24);
    });

    it('pages with next and prev links at the location', async () => {
      const body = (await get(`${LOCATION}/forecasts?limit=3&offset=3`)).json();
      expect(body._links).toEqual({
        self: { href: `${LOCATION}/forecasts?limit=3&offset=3` },
        next: { href: `${LOCATION}/forecasts?limit=3&offset=6` },
        prev: { href: `${LOCATION}/forecasts?limit=3&offset=0` },
        curies: CURIES,
      });
    });

    it.each([
      ['/forecasts/2024-06-14', 'singleDate'],
      ['/forecasts/2024-06-20,2024-06-23', 'endDate'],
      ['/forecasts?blockSize=5', 'blockSize'],
      ['/forecasts?utcOffset=5', 'utcOffset'],
      ['/forecasts?useLocalTime=maybe', 'useLocalTime'],
      ['/forecasts?conditionsType=fancy', 'conditionsType'],
      ['/forecasts?limit=8', 'limit'],
      ['/forecasts?properties=location', 'properties'],
    ])('refuses %s naming %s', async (path, name) => {
      const error = expectErrorBody(await get(`${LOCATION}${path}`), 400);
      expect(error.simpleMessage).toContain(`'${name}'`);
    });

    it('says the window is at the location, and refuses coordinates out of range', async () => {
      const error = expectErrorBody(await get(`${LOCATION}/forecasts/2024-06-23`), 400);
      expect(error.detailedMessage).toContain('today or later at the location');
      expect(expectErrorBody(await get('/v2/weather/locations/91,-93.5/forecasts'), 400).simpleMessage).toContain("'latitude'");
      expect(expectErrorBody(await get('/v2/weather/locations/41.5,east/forecasts/2024-06-16'), 400).simpleMessage).toContain("'longitude'");
      expectErrorBody(await get('/v2/weather/locations/41.5/forecasts'), 400);
    });

    it('gives 416 past the end and 503 when the source is unreachable', async () => {
      expectErrorBody(await get(`${LOCATION}/forecasts?offset=8`), 416);
      weather.unavailable = true;
      expectErrorBody(await get(`${LOCATION}/forecasts`), 503);
    });

    it('is documented in the OpenAPI document with the parameters of the field forms', async () => {
      const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
        paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
      };
      const namesOf = (path: string) => (doc.paths[path]?.get?.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
      for (const [location, field] of [
        ['/v2/weather/locations/{coordinates}/forecasts', '/v2/weather/fields/{fieldId}/forecasts'],
        ['/v2/weather/locations/{coordinates}/forecasts/{dates}', '/v2/weather/fields/{fieldId}/forecasts/{dates}'],
      ] as const) {
        const names = namesOf(location);
        expect(names).toEqual(namesOf(field).map((name) => (name === 'path:fieldId' ? 'path:coordinates' : name)).sort());
        expect(names).toEqual(expect.arrayContaining(['query:blockSize', 'query:utcOffset', 'query:useLocalTime', 'query:conditionsType', 'query:limit', 'query:properties', 'query:units']));
      }
    });

    it('needs a token like every other path', async () => {
      expectErrorBody(await t.app.inject({ method: 'GET', url: `${LOCATION}/forecasts` }), 401);
    });
  });
});

describe('forecasts from the synthetic source', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    const { createSyntheticSource } = await import('../../src/weather/synthetic/synthetic-source.js');
    t = await createTestApp('sqlite', {}, createSyntheticSource());
    auth = (await t.login('acme')).auth;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'ames', farmId: 'farm', centerPoint: { latitude: 42.03, longitude: -93.62 } }),
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  it('answers 8 days of blocks with valid codes and says they are synthetic', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/weather/fields/ames/forecasts?blockSize=3&useLocalTime=true', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-data-source']).toBe('synthetic');
    const days = response.json().forecasts as { date: string; forecast: (Block & Record<string, any>)[] }[];
    expect(days).toHaveLength(8);
    for (const d of days) {
      expect(d.forecast).toHaveLength(8);
      expect(d.forecast[0]!.startTime).toBe(`${d.date}T00:00:00-05:00`);
      for (const block of d.forecast) {
        expect(block.conditionsCode).toMatch(/^[1-9A-F][1-4][1-6]$/);
        expect(block.temperatures.max).toBeGreaterThanOrEqual(block.temperatures.min);
        expect(block.precipitation.amount).toBeGreaterThanOrEqual(0);
        expect(block.sky.cloudCover + block.sky.sunshine).toBeCloseTo(100, 6);
        expect(block.soilTemperatures).toHaveLength(4);
      }
    }
  });

  // Forecast answers are written by JSON.stringify (place-routes.ts, `serializer: 'native'`): the
  // bytes must be exactly what the response schema's compiled serializer writes of the same answer
  // (its properties, in its order, nothing more).
  it.each([
    ['one day, 1-hour blocks', '/v2/weather/fields/ames/forecasts/2024-06-16?blockSize=1', ForecastDatedSchema],
    ['one day, 6-hour blocks, usa units', '/v2/weather/fields/ames/forecasts/2024-06-17?blockSize=6&units=usa', ForecastDatedSchema],
    ['a range, 24-hour blocks, local time', '/v2/weather/fields/ames/forecasts/2024-06-16,2024-06-19?blockSize=24&useLocalTime=true', ForecastDatedSchema],
    ['8 days, some properties', '/v2/weather/fields/ames/forecasts?blockSize=3&properties=temperatures,wind', ForecastListSchema],
    ['a location', '/v2/weather/locations/-33.9,18.4/forecasts/2024-06-16?blockSize=2', ForecastDatedSchema],
  ])('writes %s exactly as the response schema would', async (_name, url, schema) => {
    const response = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(fastJson(schema as object)(response.json()));
  });
});
