import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { datesInRange } from '../../src/core/dates.js';
import { dssatFormat } from '../../src/weather/import/dssat.js';
import { databaseKinds } from '../support/databases.js';
import { fakeDay, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { expectErrorBody, TEST_NOW, type TestApp } from '../support/test-app.js';
import { createWeatherTestBed } from '../support/weather-test-bed.js';

// The clock stands at 2024-06-15T12:00Z: yesterday in Iowa is 2024-06-14; weather files reach back to 1900-01-01.
const IOWA = { latitude: 41.5, longitude: -93.5 };
const MJ_TO_WH = 1 / 0.0036;

/** The fake's 2023 monthly mean temperatures: (tmax + tmin)/2 = (20 + 13 + d/100 + 10 + 6.5)/2, d the day of the month. */
function fake2023Tav(): number {
  const meanDay = (days: number) => (days + 1) / 2;
  const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return monthDays.reduce((sum, n) => sum + (49.5 + meanDay(n) / 100) / 2, 0) / 12; // 24.8285…
}

describe.each(databaseKinds())('crop-model weather files on %s', (kind) => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ({ t, weather, auth } = await createWeatherTestBed(kind, IOWA));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    weather.reset();
    t.clock.set(TEST_NOW);
  });

  const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url, headers });

  it('answers a DSSAT file of a location that the DSSAT importer reads back to the served weather', async () => {
    const response = await get('/v2/weather/locations/41.5,-93.5/exports/dssat/2023-01-01,2023-12-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="AGWX2301.WTH"');
    expect(response.headers['x-data-source']).toBe('fake');
    expect(response.body).toContain('source: fake');
    const parsed = dssatFormat.parse(response.body);
    expect(parsed.station).toMatchObject({ id: 'AGWX', latitude: 41.5, longitude: -93.5 });
    expect(parsed.days.map((d) => d.date)).toEqual(datesInRange('2023-01-01', '2023-12-31'));
    for (const day of parsed.days) {
      const served = fakeDay(day.date);
      expect(day.tmax).toBeCloseTo(served.tmax!, 1);
      expect(day.tmin).toBeCloseTo(served.tmin!, 1);
      expect(day.precipitation).toBeCloseTo(served.precipitation!, 1);
      expect(Math.abs(day.solar! - served.solar!)).toBeLessThanOrEqual(0.05 * MJ_TO_WH);
      expect(day.windAverage).toBeCloseTo(served.windAverage!, 3);
      expect(day.rhMean).toBeCloseTo((served.rhMax! + served.rhMin!) / 2, 1);
    }
    const station = response.body.split('\n')[response.body.split('\n').findIndex((l) => l.startsWith('@ INSI')) + 1]!;
    const [, , , elev, tav, amp, refht, wndht] = station.trim().split(/\s+/);
    expect(Number(elev)).toBeGreaterThan(100); // the elevation grid's in central Iowa (the fake names none)
    expect(tav).toBe(fake2023Tav().toFixed(1));
    expect(amp).toBe('0.0'); // monthly means differ by less than 0.01 °C
    expect([refht, wndht]).toEqual(['2.0', '10.0']);
  });

  it('writes the elevation the weather source names', async () => {
    weather.elevation = 321;
    const response = await get('/v2/weather/locations/41.5,-93.5/exports/wth/2024-06-01,2024-06-14?dateFormat=yyyyddd');
    expect(response.statusCode).toBe(200);
    expect(dssatFormat.parse(response.body).station.elevation).toBe(321);
    expect(response.body).toContain('\n@  DATE  SRAD');
    expect(response.body).toContain('\n2024153 ');
  });

  it('names the station and the file by the INSI asked for', async () => {
    const response = await get('/v2/weather/fields/north/exports/dssat/2023-06-01,2024-05-31?insi=iaam');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="IAAM2302.WTH"');
    expect(dssatFormat.parse(response.body).station.id).toBe('IAAM');
  });

  it('answers an APSIM file of a field; TAV and AMP of a season come from the last whole year', async () => {
    weather.sourceOf = (range) => (range.start.startsWith('2023') ? 'fake-archive' : 'fake');
    const response = await get('/v2/weather/fields/north/exports/met/2024-03-01,2024-05-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="agwx-field-north-2024-03-01-2024-05-31.met"');
    expect(response.headers['x-data-source']).toBe('fake,fake-archive');
    expect(weather.dailyCalls.map((c) => c.range)).toEqual([
      { start: '2024-03-01', end: '2024-05-31' },
      { start: '2023-01-01', end: '2023-12-31' },
    ]);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('[weather.met.weather]');
    expect(lines).toContain('latitude = 41.5 (DECIMAL DEGREES)');
    expect(lines.find((l) => l.startsWith('tav = '))).toContain(`tav = ${fake2023Tav().toFixed(2)} (oC)`);
    const rows = lines.filter((l) => /^\d{4}\s/.test(l)).map((l) => l.trim().split(/\s+/));
    expect(rows).toHaveLength(92);
    const march1 = fakeDay('2024-03-01');
    expect(rows[0]).toEqual(['2024', '61', (march1.solar! * 0.0036).toFixed(1), march1.tmax!.toFixed(1), march1.tmin!.toFixed(1), march1.precipitation!.toFixed(1), expect.any(String)]);
  });

  it('refuses bad formats, dates and options with 400, other accounts’ fields with 404, and needs a token', async () => {
    const bad = async (url: string, status: number, text: string) => {
      const body = expectErrorBody(await get(url), status);
      expect(`${body.simpleMessage} ${body.detailedMessage}`).toContain(text);
    };
    await bad('/v2/weather/locations/41.5,-93.5/exports/csv/2024-01-01,2024-01-31', 400, 'dssat, wth, apsim, met');
    await bad('/v2/weather/locations/41.5,-93.5/exports/dssat/2024-02-01,2024-01-01', 400, 'endDate');
    await bad('/v2/weather/locations/41.5,-93.5/exports/dssat/1899-01-01,1899-12-31', 400, 'from 1900-01-01 on');
    await bad('/v2/weather/locations/41.5,-93.5/exports/dssat/2024-06-01,2024-06-15', 400, 'endDate');
    await bad('/v2/weather/locations/41.5,-93.5/exports/dssat/2024-13-01,2024-06-01', 400, 'startDate');
    await bad('/v2/weather/locations/41.5,-93.5/exports/dssat/2024-01-01,2024-01-31?dateFormat=ddmmyy', 400, 'yyddd or yyyyddd');
    await bad('/v2/weather/locations/41.5,-93.5/exports/dssat/2024-01-01,2024-01-31?insi=AMES1', 400, 'insi');
    await bad('/v2/weather/locations/95,-93.5/exports/dssat/2024-01-01,2024-01-31', 400, 'latitude');
    await bad('/v2/weather/fields/private/exports/dssat/2024-01-01,2024-01-31', 404, 'private');
    expectErrorBody(await get('/v2/weather/locations/41.5,-93.5/exports/dssat/2024-01-01,2024-01-31', {}), 401);
    expect(weather.dailyCalls).toHaveLength(0);
  });

  it('says 404 when no source holds the weather', async () => {
    weather.missing = true;
    expectErrorBody(await get('/v2/weather/locations/41.5,-93.5/exports/apsim/2024-01-01,2024-01-31'), 404);
  });

  it('is in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ url: '/openapi.json' })).json().paths;
    for (const path of ['/v2/weather/fields/{fieldId}/exports/{format}/{dates}', '/v2/weather/locations/{coordinates}/exports/{format}/{dates}']) {
      expect(paths[path].get.responses['200'].content['text/plain']).toBeDefined();
      expect(paths[path].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['format', 'dates', 'dateFormat']));
    }
  });
});
