import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/core/clock.js';
import { cellAt } from '../../../src/weather/grid.js';
import { createHttpClient } from '../../../src/weather/providers/http-client.js';
import { parseOpenMeteoDaily, parseOpenMeteoHourly } from '../../../src/weather/providers/open-meteo/open-meteo-parser.js';
import { openMeteoDailyUrl } from '../../../src/weather/providers/open-meteo/open-meteo-request.js';
import { createOpenMeteoSource } from '../../../src/weather/providers/open-meteo/open-meteo-source.js';
import { ProviderResponseError } from '../../../src/weather/providers/provider-response-error.js';
import { SourceUnavailableError } from '../../../src/weather/weather-source.js';
import { countingCache } from './counting-cache.js';
import { dailyBody, hourlyBody } from './open-meteo-bodies.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

const FIXTURES = 'test/fixtures/providers/open-meteo/';
const fixture = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const MJ_TO_WH = 1e6 / 3600;
const HOUR = 3_600_000;

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function setup(options: { now?: string; zone?: string; timeoutMs?: number; retries?: number } = {}) {
  const clock = manualClock(Date.parse(options.now ?? '2024-06-15T12:00:00Z'));
  const cache = countingCache();
  const sleeps: number[] = [];
  const http = createHttpClient({ sleep: async (ms) => void sleeps.push(ms), retries: options.retries ?? 2, timeoutMs: options.timeoutMs ?? 2000 });
  const source = createOpenMeteoSource({
    cache,
    clock,
    http,
    endpoints: { forecastUrl: `${server.baseUrl}/v1/forecast`, archiveUrl: `${server.baseUrl}/v1/archive` },
    timeZoneAt: () => options.zone ?? 'UTC',
  });
  return { clock, cache, source, sleeps };
}

const CELL = cellAt(52.1, 5.18);

describe('Open-Meteo daily', () => {
  it('asks the archive for older days and the forecast API for recent ones, with the right parameters', async () => {
    const { source, cache } = setup();
    server.handle((url) => ({ body: dailyBody(url) }));
    const result = await source.daily(CELL, { start: '2024-06-01', end: '2024-06-10' });
    expect(result!.source).toBe('open-meteo');
    expect(result!.days.map((d) => d.date)).toHaveLength(10);
    expect(server.requests.map((u) => [u.pathname, u.searchParams.get('start_date'), u.searchParams.get('end_date')])).toEqual([
      ['/v1/archive', '2024-06-01', '2024-06-07'],
      ['/v1/forecast', '2024-06-08', '2024-06-10'],
    ]);
    const query = server.requests[0]!.searchParams;
    expect(query.get('daily')).toBe('temperature_2m_max,temperature_2m_min,precipitation_sum,shortwave_radiation_sum');
    expect(query.get('hourly')).toBe('relative_humidity_2m,wind_speed_10m');
    expect(query.get('timezone')).toBe('UTC');
    expect(query.get('wind_speed_unit')).toBe('ms');
    expect(query.get('temperature_unit')).toBe('celsius');
    expect(query.get('precipitation_unit')).toBe('mm');
    expect(Number(query.get('latitude'))).toBeCloseTo(CELL.latitude, 4);
    expect(Number(query.get('longitude'))).toBeCloseTo(CELL.longitude, 4);

    const first = result!.days[0]!;
    expect(first).toEqual({
      date: '2024-06-01',
      tmax: 20,
      tmin: 10,
      precipitation: 0,
      solar: 18 * MJ_TO_WH,
      rhMax: 73,
      rhMin: 50,
      windDayMax: 11.5,
      windMorningMax: 6, // instantaneous values at 06:00 … 12:00
      windAverage: 5.75,
    });
    expect(cache.completeDaysWritten).toHaveLength(10);
  });

  it('never fetches a complete day twice, and fetches only the missing run', async () => {
    const { source } = setup();
    server.handle((url) => ({ body: dailyBody(url) }));
    await source.daily(CELL, { start: '2024-05-01', end: '2024-05-10' });
    expect(server.requests).toHaveLength(1);
    const again = await source.daily(CELL, { start: '2024-05-01', end: '2024-05-10' });
    expect(server.requests).toHaveLength(1);
    expect(again!.days[9]!.tmax).toBe(29);
    await source.daily(CELL, { start: '2024-05-05', end: '2024-05-14' });
    expect(server.requests).toHaveLength(2);
    expect([server.requests[1]!.searchParams.get('start_date'), server.requests[1]!.searchParams.get('end_date')]).toEqual(['2024-05-11', '2024-05-14']);
  });

  it('serves today and future days from the cache only while fresh', async () => {
    const { source, clock, cache } = setup();
    server.handle((url) => ({ body: dailyBody(url) }));
    await source.daily(CELL, { start: '2024-06-13', end: '2024-06-17' });
    expect(cache.completeDaysWritten).toEqual(['2024-06-13', '2024-06-14']);
    await source.daily(CELL, { start: '2024-06-13', end: '2024-06-17' });
    expect(server.requests).toHaveLength(1);
    clock.advance(2 * HOUR);
    await source.daily(CELL, { start: '2024-06-13', end: '2024-06-17' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.searchParams.get('start_date')).toBe('2024-06-15');
  });

  it('keeps nulls as nulls and does not treat such a day as complete', async () => {
    const { source, cache, clock } = setup();
    server.handle((url) => ({ body: dailyBody(url, { tmax: (date, i) => (date === '2024-05-02' ? null : 20 + i) }) }));
    const result = await source.daily(CELL, { start: '2024-05-01', end: '2024-05-03' });
    expect(result!.days.map((d) => d.tmax)).toEqual([20, null, 22]);
    expect(cache.completeDaysWritten).toEqual(['2024-05-01', '2024-05-03']);
    clock.advance(2 * HOUR);
    await source.daily(CELL, { start: '2024-05-01', end: '2024-05-03' });
    expect(server.requests.map((u) => u.searchParams.get('start_date'))).toEqual(['2024-05-01', '2024-05-02']);
  });

  it('replays a recorded answer (older variable names, km/h, Europe/Brussels)', async () => {
    const body = fixture('hourly_daily_legacy_names_51.2N_3.2E_2023-07-29.json');
    const recorded = JSON.parse(body);
    const { source, cache } = setup({ now: '2023-08-20T10:00:00Z', zone: 'Europe/Brussels' });
    server.replies({ body });
    const result = await source.daily(cellAt(51.2, 3.2), { start: '2023-07-29', end: '2023-07-29' });
    expect(server.requests[0]!.pathname).toBe('/v1/archive');
    expect(server.requests[0]!.searchParams.get('timezone')).toBe('Europe/Brussels');
    const rh: number[] = recorded.hourly.relativehumidity_2m;
    const wind: number[] = recorded.hourly.windspeed_10m;
    const day = result!.days[0]!;
    expect([day.tmax, day.tmin, day.precipitation]).toEqual([21.3, 16.1, 1.3]);
    expect(day.solar).toBeCloseTo(16.77 * MJ_TO_WH, 8);
    expect([day.rhMax, day.rhMin]).toEqual([Math.max(...rh), Math.min(...rh)]);
    expect(day.windDayMax).toBeCloseTo(Math.max(...wind) / 3.6, 10);
    expect(day.windMorningMax).toBeCloseTo(Math.max(...wind.slice(6, 13)) / 3.6, 10);
    expect(day.windAverage).toBeCloseTo(wind.reduce((a, b) => a + b, 0) / 24 / 3.6, 10);
    expect(cache.completeDaysWritten).toEqual(['2023-07-29']);
    expect(result!.elevation).toBe(recorded.elevation); // 10 m: the model cell's
    const again = await source.daily(cellAt(51.2, 3.2), { start: '2023-07-29', end: '2023-07-29' });
    expect(server.requests).toHaveLength(1);
    expect(again!.elevation).toBe(10);
  });

  it('replays a recorded archive answer that has only tmax: the rest is null, nothing complete', async () => {
    const { source, cache } = setup({ now: '2023-03-01T12:00:00Z', zone: 'America/Sao_Paulo' });
    server.replies({ body: fixture('archive-api.open-meteo.com_v1_archive-466132.json') });
    const result = await source.daily(cellAt(-15.8, -47.9), { start: '2022-12-29', end: '2023-01-08' });
    expect(result!.days.map((d) => d.tmax)).toEqual([26.4, 25.5, 25.8, 26.2, 27.0, 26.3, 25.2, 25.0, 22.8, 25.7, 23.5]);
    expect(result!.days.every((d) => d.tmin === null && d.windAverage === null)).toBe(true);
    expect(cache.completeDaysWritten).toEqual([]);
    expect(cache.dayWrites).toBe(11);
  });

  it('does not hold ranges before 1940 or beyond the forecast horizon', async () => {
    const { source } = setup();
    expect(await source.daily(CELL, { start: '1939-12-31', end: '1940-01-05' })).toBeNull();
    expect(await source.firstYear!(CELL)).toBe(1940);
    expect(await source.daily(CELL, { start: '2024-06-20', end: '2024-07-01' })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});

describe('Open-Meteo failures', () => {
  const range = { start: '2024-05-01', end: '2024-05-03' };

  it('retries a 500 and then answers', async () => {
    const { source } = setup();
    let calls = 0;
    server.handle((url) => (calls++ === 0 ? { status: 500, body: 'error' } : { body: dailyBody(url) }));
    const result = await source.daily(CELL, range);
    expect(result!.days).toHaveLength(3);
    expect(server.requests).toHaveLength(2);
  });

  async function expectUnavailable(promise: Promise<unknown>): Promise<SourceUnavailableError> {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as SourceUnavailableError).source).toBe('open-meteo');
    return error as SourceUnavailableError;
  }

  it('rejects with SourceUnavailableError after persistent 500s, caching nothing', async () => {
    const { source, cache, sleeps } = setup();
    server.replies({ status: 500, body: 'error' });
    const error = await expectUnavailable(source.daily(CELL, range));
    expect(error.retryAfterSeconds).toBe(60);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(cache.dayWrites).toBe(0);
  });

  it('passes on a long Retry-After of a 503', async () => {
    const { source } = setup();
    server.replies({ status: 503, headers: { 'retry-after': '300' } });
    const error = await expectUnavailable(source.daily(CELL, range));
    expect(error.retryAfterSeconds).toBe(300);
    expect(server.requests).toHaveLength(1);
  });

  it('times out', async () => {
    const { source, cache } = setup({ timeoutMs: 100, retries: 1 });
    server.handle((url) => ({ delayMs: 300, body: dailyBody(url) }));
    await expectUnavailable(source.daily(CELL, range));
    expect(server.requests).toHaveLength(2);
    expect(cache.dayWrites).toBe(0);
  });

  it('rejects a body cut off mid-transfer', async () => {
    const { source, cache } = setup({ retries: 0 });
    server.handle((url) => ({ body: dailyBody(url), cutAfterBytes: 200 }));
    await expectUnavailable(source.daily(CELL, range));
    expect(cache.dayWrites).toBe(0);
  });

  it('rejects a truncated JSON body without retrying, caching nothing', async () => {
    const { source, cache } = setup();
    server.handle((url) => ({ body: dailyBody(url).slice(0, 400) }));
    const error = await expectUnavailable(source.daily(CELL, range));
    expect(error.message).toMatch(/not JSON/);
    expect(server.requests).toHaveLength(1);
    expect(cache.dayWrites).toBe(0);
  });

  it('rejects malformed JSON and arrays of unequal length', async () => {
    const { source, cache } = setup();
    server.replies({ body: '{"daily": {"time": ["2024-05-01"], "temperature_2m_max": [1,}}' });
    await expectUnavailable(source.daily(CELL, range));
    server.handle((url) => {
      const body = JSON.parse(dailyBody(url));
      body.daily.temperature_2m_min.pop();
      return { body: JSON.stringify(body) };
    });
    const error = await expectUnavailable(source.daily(CELL, range));
    expect(error.message).toMatch(/temperature_2m_min has 2 values for 3 times/);
    server.handle((url) => {
      const body = JSON.parse(dailyBody(url));
      body.daily.time.pop();
      for (const key of Object.keys(body.daily)) body.daily[key] = body.daily[key].slice(0, 2);
      return { body: JSON.stringify(body) };
    });
    expect((await expectUnavailable(source.daily(CELL, range))).message).toMatch(/do not cover 2024-05-03/);
    expect(cache.dayWrites).toBe(0);
  });

  it('does not retry a 400 and reports its reason', async () => {
    const { source, cache } = setup();
    server.replies({ status: 400, body: '{"error":true,"reason":"Parameter \'start_date\' is out of allowed range"}' });
    const error = await expectUnavailable(source.daily(CELL, range));
    expect(error.message).toContain('out of allowed range');
    expect(server.requests).toHaveLength(1);
    expect(cache.dayWrites).toBe(0);
  });
});

describe('Open-Meteo hourly forecast', () => {
  const issuedAt = Date.parse('2024-06-15T12:00:00Z');
  const start = Date.parse('2024-06-15T13:00:00Z');

  it('maps the variables, soil layers and the preceding-hour values', async () => {
    const { source, cache } = setup();
    server.handle((url) => ({ body: hourlyBody(url) }));
    const result = await source.hourly(CELL, { start, hours: 48, issuedAt });
    expect(result!.source).toBe('open-meteo');
    expect(result!.hours).toHaveLength(48);
    const query = server.requests[0]!.searchParams;
    expect(server.requests[0]!.pathname).toBe('/v1/forecast');
    expect([query.get('start_date'), query.get('end_date'), query.get('timezone'), query.get('timeformat')]).toEqual(['2024-06-15', '2024-06-17', 'GMT', 'unixtime']);
    expect(query.get('hourly')!.split(',')).toContain('soil_moisture_100_to_200cm');
    const first = result!.hours[0]!;
    // index 13 of the answer is 13:00 UTC; "preceding hour" values come from index 14
    expect(first).toEqual({
      time: start,
      temperature: 13,
      precipitation: 1.4,
      precipitationChance: 14,
      cloudCover: 50,
      solar: 140,
      relativeHumidity: 80,
      windAverage: 3,
      windGust: 7,
      dewPoint: 5,
      soilTemperature: [12, 11, 10, 9],
      soilMoisture: [30, 25, 20, 15],
    });
    expect(result!.hours[47]!.time).toBe(start + 47 * HOUR);
    expect(cache.hourWrites).toBe(48);
    await source.hourly(CELL, { start, hours: 48, issuedAt: issuedAt + 10 * 60_000 });
    expect(server.requests).toHaveLength(1);
  });

  it('answers null (next source) when an hour has a null, and caches nothing', async () => {
    const { source, cache } = setup();
    server.handle((url) => ({ body: hourlyBody(url, { nullSoilAt: 20 }) }));
    expect(await source.hourly(CELL, { start, hours: 24, issuedAt })).toBeNull();
    expect(cache.hourWrites).toBe(0);
  });

  it('does not ask beyond the forecast horizon', async () => {
    const { source } = setup();
    expect(await source.hourly(CELL, { start: issuedAt + 15 * 24 * HOUR, hours: 24, issuedAt })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a truncated hourly answer', async () => {
    const { source, cache } = setup();
    server.handle((url) => ({ body: hourlyBody(url).slice(0, 1000) }));
    await expect(source.hourly(CELL, { start, hours: 24, issuedAt })).rejects.toBeInstanceOf(SourceUnavailableError);
    expect(cache.hourWrites).toBe(0);
  });
});

describe('Open-Meteo parser on recorded answers', () => {
  it('converts °F and mp/h by the stated units', () => {
    const [day] = parseOpenMeteoDaily(fixture('forecast_daily_agro_imperial_47.69N_116.78W_2025-07-28.json'), { start: '2025-07-28', end: '2025-07-28' });
    expect(day!.tmax).toBeCloseTo(((91.1 - 32) * 5) / 9, 10);
    expect(day!.tmin).toBeCloseTo(((56.1 - 32) * 5) / 9, 10);
    expect(day!.solar).toBeCloseTo(27.96 * MJ_TO_WH, 8);
    expect([day!.rhMax, day!.rhMin]).toEqual([56, 20]);
    expect(day!.windDayMax).toBeCloseTo(7.9 * 0.44704, 10);
    expect(day!.windAverage).toBeCloseTo(3.7 * 0.44704, 10);
    expect(day!.windMorningMax).toBeNull();
  });

  it('keeps an all-null series as nulls', () => {
    const days = parseOpenMeteoDaily(fixture('api.open-meteo.com_v1_forecast-073b9d.json'), { start: '2022-12-29', end: '2023-01-08' });
    expect(days).toHaveLength(11);
    expect(days.every((d) => d.tmax === null)).toBe(true);
  });

  it('finds recorded hourly times and reports missing variables as unusable hours', () => {
    const start = Date.parse('2023-10-25T03:00:00Z'); // 00:00 local at UTC-3
    expect(parseOpenMeteoHourly(fixture('api.open-meteo.com_v1_forecast-4418bd.json'), start, 5)).toBeNull();
    expect(() => parseOpenMeteoHourly(fixture('api.open-meteo.com_v1_forecast-4418bd.json'), Date.parse('2030-01-01T00:00:00Z'), 1)).toThrowError(ProviderResponseError);
  });

  it('builds URLs with the API parameter names', () => {
    const url = new URL(openMeteoDailyUrl('https://archive-api.open-meteo.com/v1/archive', 52.123456, 5.1, { start: '2020-01-01', end: '2020-01-31' }, 'Europe/Amsterdam', 'KEY'));
    expect(url.origin + url.pathname).toBe('https://archive-api.open-meteo.com/v1/archive');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ latitude: '52.1235', longitude: '5.1', start_date: '2020-01-01', end_date: '2020-01-31', timezone: 'Europe/Amsterdam', apikey: 'KEY' });
  });
});
