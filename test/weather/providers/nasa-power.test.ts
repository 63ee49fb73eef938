import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/core/clock.js';
import { cellAt } from '../../../src/weather/grid.js';
import { createHttpClient } from '../../../src/weather/providers/http-client.js';
import { parseNasaPowerDaily } from '../../../src/weather/providers/nasa-power/nasa-power-parser.js';
import { createNasaPowerSource } from '../../../src/weather/providers/nasa-power/nasa-power-source.js';
import { ProviderResponseError } from '../../../src/weather/providers/provider-response-error.js';
import { SourceUnavailableError } from '../../../src/weather/weather-source.js';
import { countingCache } from './counting-cache.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

const ATHENS = readFileSync('test/fixtures/providers/nasa-power/daily_point_athens_20220101_20220201_LST.json', 'utf8');
const MJ_TO_WH = 1e6 / 3600;
/** FAO-56 eq. 47 from 2 m to 10 m: 1 / (4.87 / ln(67.8·10 − 5.42)), so that reference ET takes a 2 m speed back to itself. */
const FROM_2M_TO_10M = Math.log(672.58) / 4.87;
const CELL = cellAt(37.9838, 23.7275);

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function setup(now = '2022-06-01T12:00:00Z') {
  const clock = manualClock(Date.parse(now));
  const cache = countingCache();
  const http = createHttpClient({ sleep: async () => {}, retries: 2, timeoutMs: 2000 });
  const source = createNasaPowerSource({ cache, clock, http, endpoints: { dailyPointUrl: `${server.baseUrl}/api/temporal/daily/point` }, timeZoneAt: () => 'Europe/Athens' });
  return { source, cache, clock };
}

describe('NASA POWER daily source', () => {
  it('asks for the daily point with the right parameters and converts the answer', async () => {
    const { source, cache } = setup();
    server.replies({ body: ATHENS });
    const result = await source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' });
    expect(result!.source).toBe('nasa-power');
    const query = server.requests[0]!.searchParams;
    expect(server.requests[0]!.pathname).toBe('/api/temporal/daily/point');
    expect(Object.fromEntries(query)).toMatchObject({
      parameters: 'T2M_MAX,T2M_MIN,PRECTOTCORR,ALLSKY_SFC_SW_DWN,RH2M,T2MDEW,WS10M,WS10M_MAX',
      community: 'AG',
      start: '20220105',
      end: '20220110',
      format: 'JSON',
      'time-standard': 'LST',
    });
    expect(Number(query.get('latitude'))).toBeCloseTo(CELL.latitude, 4);
    // 2022-01-08: ALLSKY 5.74, T2M_MIN 9.79, T2M_MAX 13.09, WS2M 1.97, PRECTOTCORR 20.37
    const day = result!.days[3]!;
    expect(day.date).toBe('2022-01-08');
    expect([day.tmax, day.tmin, day.precipitation]).toEqual([13.09, 9.79, 20.37]);
    expect(day.solar).toBeCloseTo(5.74 * MJ_TO_WH, 8);
    expect(day.windAverage).toBeCloseTo(1.97 * FROM_2M_TO_10M, 8);
    expect(cache.completeDaysWritten).toHaveLength(6);
    // the answer's geometry [23.7275, 37.9838, 140.03]: the elevation of POWER's cell, kept for cached answers
    expect(result!.elevation).toBe(140.03);
    const again = await source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' });
    expect(server.requests).toHaveLength(1);
    expect(again!.elevation).toBe(140.03);
  });

  it('never fetches a complete day twice', async () => {
    const { source } = setup();
    server.replies({ body: ATHENS });
    await source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' });
    await source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' });
    expect(server.requests).toHaveLength(1);
    await source.daily(CELL, { start: '2022-01-01', end: '2022-01-12' });
    expect(server.requests.slice(1).map((u) => [u.searchParams.get('start'), u.searchParams.get('end')])).toEqual([
      ['20220101', '20220104'],
      ['20220111', '20220112'],
    ]);
    await source.daily(CELL, { start: '2022-01-01', end: '2022-01-12' });
    expect(server.requests).toHaveLength(3);
  });

  it('turns fill values into nulls and fetches such days again later', async () => {
    const { source, cache, clock } = setup();
    const withFill = JSON.parse(ATHENS);
    withFill.properties.parameter.T2M_MAX['20220106'] = -999.0;
    server.replies({ body: JSON.stringify(withFill) });
    const result = await source.daily(CELL, { start: '2022-01-05', end: '2022-01-07' });
    expect(result!.days.map((d) => d.tmax)).toEqual([16.4, null, 16.19]);
    expect(cache.completeDaysWritten).toEqual(['2022-01-05', '2022-01-07']);
    clock.advance(7 * 3_600_000);
    await source.daily(CELL, { start: '2022-01-05', end: '2022-01-07' });
    expect(server.requests[1]!.searchParams.get('start')).toBe('20220106');
    expect(server.requests[1]!.searchParams.get('end')).toBe('20220106');
  });

  it('does not hold days before 1981 or after today, nor hourly forecasts', async () => {
    const { source } = setup();
    expect(await source.daily(CELL, { start: '1980-12-31', end: '1981-01-02' })).toBeNull();
    expect(await source.firstYear!(CELL)).toBe(1981);
    expect(await source.daily(CELL, { start: '2022-05-30', end: '2022-06-02' })).toBeNull();
    expect(await source.hourly(CELL, { start: 0, hours: 1, issuedAt: 0 })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a truncated or malformed answer and an unreachable provider, caching nothing', async () => {
    const { source, cache } = setup();
    server.replies({ body: ATHENS.slice(0, 2000) });
    await expect(source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' })).rejects.toBeInstanceOf(SourceUnavailableError);
    const missingDay = JSON.parse(ATHENS);
    delete missingDay.properties.parameter.T2M_MIN['20220107'];
    server.replies({ body: JSON.stringify(missingDay) });
    await expect(source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' })).rejects.toThrowError(/T2M_MIN has no value for 2022-01-07/);
    server.requests.length = 0;
    server.replies({ status: 502 });
    const error = await source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as SourceUnavailableError).source).toBe('nasa-power');
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    server.replies({ status: 422, body: '{"messages":["bad parameter"]}' });
    await expect(source.daily(CELL, { start: '2022-01-05', end: '2022-01-10' })).rejects.toThrowError(/HTTP 422/);
    expect(server.requests).toHaveLength(1);
    expect(cache.dayWrites).toBe(0);
  });
});

describe('NASA POWER parser', () => {
  it('reads the recorded v2 answer (T2M only) as nulls for the variables it lacks', () => {
    const body = readFileSync('test/fixtures/providers/nasa-power/daily_point_bangalore_202401_T2M_v2.json', 'utf8');
    const days = parseNasaPowerDaily(body, { start: '2024-01-01', end: '2024-01-30' });
    expect(days).toHaveLength(30);
    expect(days.every((d) => d.tmax === null && d.solar === null)).toBe(true);
  });

  it('rejects answers without parameters', () => {
    expect(() => parseNasaPowerDaily('{"messages":["Alert"]}', { start: '2024-01-01', end: '2024-01-01' })).toThrowError(ProviderResponseError);
  });
});
