/**
 * The water balance through the HTTP API, against pyfao56. pyfao56's cotton 2013 weather
 * (Maricopa, Arizona: 361 m, wind at 3 m) is imported as a station file, the planting is given
 * pyfao56's parameters and each treatment's irrigations, and the answer is checked three ways:
 * the reference ET the service computes from that weather is pyfao56's ETref; the balance it
 * serves is the FAO-56 balance of the inputs it serves (at their served precision); and so the
 * days follow pyfao56's printed Kcb, Ke, Ks, ETa and Dr to within what the small differences of
 * reference ET carry. Also: CSV, the advice's shape, `current`, units and errors.
 */
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waterBalance } from '../../src/agronomy/water-balance.js';
import { windSpeedAt2m } from '../../src/agronomy/wind-profile.js';
import { createDatabaseWeatherCache } from '../../src/weather/database-weather-cache.js';
import { importStationFile } from '../../src/weather/import/import-station-file.js';
import { isoDate, readParameters, readTable } from '../support/pyfao56-fixtures.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { fixedClock } from '../../src/core/clock.js';
import { createKeyService } from '../../src/services/key-service.js';
import type { Store } from '../../src/store/store.js';
import { createWeatherSources } from '../../src/weather/weather-sources.js';
import { databaseKinds, openTestStore } from '../support/databases.js';
import { basic, expectErrorBody } from '../support/test-app.js';

const MARICOPA = { latitude: 33.069, longitude: -111.972 };
const FIRST = '2013-04-23';
const LAST = '2013-11-08';
const RANGE = `${FIRST},${LAST}`;

/**
 * pyfao56's weather table as a station CSV: its own columns, in its own units. Without the dew
 * point: pyfao56's ETref took the vapour pressure from RHmax and RHmin, and so does the service then.
 */
function stationCsv(): string {
  const lines = ['date,srad,tmax,tmin,rhmax,rhmin,wind,rain'];
  for (const row of readTable('cotton2013.wth')) {
    lines.push([isoDate(row['Year-DOY']!), row['Srad'], row['Tmax'], row['Tmin'], row['RHmax'], row['RHmin'], row['Wndsp'], row['Rain']].join(','));
  }
  return lines.join('\n');
}

type Amount = { amount: number; units: string };
interface Day {
  date: string;
  referenceEt: Amount;
  basalCropCoefficient: number;
  evaporationCoefficient: number;
  cropCoefficient: number;
  waterStressCoefficient: number;
  cropEt: Amount;
  actualEt: Amount;
  transpiration: Amount;
  evaporation: Amount;
  rootDepth: Amount;
  totalAvailableWater: Amount;
  readilyAvailableWater: Amount;
  depletion: Amount;
  precipitation: Amount;
  irrigation: Amount;
  runoff: Amount;
  deepPercolation: Amount;
  source: string;
}

describe.each(databaseKinds())('the water balance over HTTP on %s, against pyfao56 (cotton 2013, Maricopa)', (kind) => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let auth: Record<string, string>;
  const plantingIds: Record<string, number> = {};
  const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    app.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    store = await openTestStore(kind);
    const clock = fixedClock(Date.parse('2024-06-15T12:00:00Z'));
    const config = loadConfig({ LOG_LEVEL: 'silent', AGWX_WEATHER: 'store,synthetic' });
    app = await buildApp({ config, store, clock, weather: createWeatherSources(config, store, clock), logger: false });
    await importStationFile(
      { text: stationCsv(), fileName: 'cotton2013.csv', format: 'csv', ...MARICOPA, elevation: 361, dataset: 'maricopa', columns: 'date=date,solar=srad:MJ/m2,tmax=tmax,tmin=tmin,rhMax=rhmax,rhMin=rhmin,windAverage=wind:m/s@3,precipitation=rain' },
      createDatabaseWeatherCache(store.weather),
    );
    const key = await createKeyService(store, clock).createKey('acme', { enterprise: true });
    const token = await app.inject({ method: 'POST', url: '/oauth/token', headers: { authorization: basic(key.key, key.secret), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials' });
    auth = { authorization: `Bearer ${token.json().access_token as string}` };
    const parameters = readParameters();
    for (const run of ['cottonwet2013', 'cottondry2013']) {
      const field = await send('POST', '/v2/fields', { id: run, farmId: 'maricopa', centerPoint: MARICOPA });
      expect(field.statusCode, field.body).toBe(201);
      const created = await send('POST', `/v2/agronomics/fields/${run}/plantings`, { crop: 'cotton-2600-gdd', plantingDate: FIRST });
      expect(created.statusCode, created.body).toBe(201);
      plantingIds[run] = (created.json() as { id: number }).id;
      const put = await send('PUT', `/v2/agronomics/fields/${run}/plantings/current/waterbalance/parameters`, parameters);
      expect(put.statusCode, put.body).toBe(200);
      for (const event of readTable(`${run}.irr`)) {
        const posted = await send('POST', `/v2/agronomics/fields/${run}/plantings/current/irrigations`, { date: isoDate(event['Year-DOY']!), amount: Number(event['Depth']), wettedFraction: Number(event['fw']) });
        expect(posted.statusCode, posted.body).toBe(201);
      }
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.close();
  });

  describe.each(['cottonwet2013', 'cottondry2013'])('%s', (run) => {
    let days: Day[];
    beforeAll(async () => {
      const answer = await get(`/v2/agronomics/fields/${run}/plantings/${plantingIds[run]}/waterbalance/${RANGE}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['x-data-source']).toBe('import:maricopa');
      days = (answer.json() as { dailyWaterBalance: Day[] }).dailyWaterBalance;
    });

    it('computes reference ET from the imported weather as pyfao56 did, but for the clear-sky radiation', () => {
      const expected = readTable('cotton2013.wth').filter((row) => isoDate(row['Year-DOY']!) >= FIRST && isoDate(row['Year-DOY']!) <= LAST);
      expect(days.map((d) => d.date)).toEqual(expected.map((row) => isoDate(row['Year-DOY']!)));
      const differences = days.map((d, i) => d.referenceEt.amount - Number(expected[i]!['ETref']));
      // Both are the ASCE-EWRI standardized ETos; the service takes Rso by ASCE's full clear-sky
      // equation (as REF-ET does), pyfao56 by eq. 19's (0.75 + 2e-5 z) Ra: up to 0.14 mm on a day
      // (measured with the same code on pyfao56's own inputs), little over a season.
      expect(Math.max(...differences.map(Math.abs))).toBeLessThan(0.15);
      expect(Math.abs(differences.reduce((sum, d) => sum + d, 0) / differences.length)).toBeLessThan(0.05);
    });

    it('serves the FAO-56 balance of the inputs it serves', () => {
      const wind = new Map(readTable('cotton2013.wth').map((row) => [isoDate(row['Year-DOY']!), row]));
      const balance = waterBalance(
        readParameters(),
        days.map((d) => ({
          date: d.date,
          referenceEt: d.referenceEt.amount,
          precipitation: d.precipitation.amount,
          rhMin: Number(wind.get(d.date)!['RHmin']),
          windSpeed2m: windSpeedAt2m(Number(wind.get(d.date)!['Wndsp']), 3),
          irrigation: d.irrigation.amount,
          irrigationWettedFraction: null,
        })).map((input, i) => ({ ...input, irrigationWettedFraction: days[i]!.irrigation.amount > 0 ? Number(readTable(`${run}.irr`).find((e) => isoDate(e['Year-DOY']!) === input.date)?.['fw'] ?? 1) : null })),
      );
      const differences: string[] = [];
      balance.days.forEach((want, i) => {
        const got = days[i]!;
        const pairs: Array<[string, number, number, number]> = [
          // The served inputs are rounded (0.01 mm): the recomputed balance carries that, a little a day.
          ['Kcb', got.basalCropCoefficient, want.kcb, 0.0006],
          ['Ke', got.evaporationCoefficient, want.ke, 0.002],
          ['Ks', got.waterStressCoefficient, want.ks, 0.002],
          ['ETa', got.actualEt.amount, want.eta, 0.02],
          ['Dr', got.depletion.amount, want.rootZoneDepletion, 0.1],
          ['TAW', got.totalAvailableWater.amount, want.taw, 0.006],
        ];
        for (const [name, a, b, tolerance] of pairs) if (!(Math.abs(a - b) <= tolerance)) differences.push(`${want.date} ${name}: ${a} vs ${b}`);
      });
      expect(differences).toEqual([]);
    });

    it('follows pyfao56’s printed days', () => {
      const printed = readTable(`${run}.out`);
      const byDate = new Map(printed.map((row) => [isoDate(row['Year-DOY']!), row]));
      const worst = { Kcb: 0, Ke: 0, Ks: 0, ETa: 0, Dr: 0 };
      for (const d of days) {
        const row = byDate.get(d.date)!;
        worst.Kcb = Math.max(worst.Kcb, Math.abs(d.basalCropCoefficient - Number(row['Kcb'])));
        worst.Ke = Math.max(worst.Ke, Math.abs(d.evaporationCoefficient - Number(row['Ke'])));
        worst.Ks = Math.max(worst.Ks, Math.abs(d.waterStressCoefficient - Number(row['Ks'])));
        worst.ETa = Math.max(worst.ETa, Math.abs(d.actualEt.amount - Number(row['ETa'])));
        worst.Dr = Math.max(worst.Dr, Math.abs(d.depletion.amount - Number(row['Dr'])));
      }
      // Kcb depends on the days alone. The rest carry the reference ET's differences (the clear-sky
      // radiation, up to 0.14 mm a day), which the root zone accumulates between refills: measured,
      // Ke 0.018, Ks 0.083, ETa 0.17 mm, Dr 3.6 mm at most on a day of the wet run (TAW up to 212 mm).
      expect(worst.Kcb).toBeLessThanOrEqual(0.0011);
      expect(worst.Ke).toBeLessThan(0.025);
      expect(worst.Ks).toBeLessThan(0.1);
      expect(worst.ETa).toBeLessThan(0.25);
      expect(worst.Dr).toBeLessThan(5);
      // Over the season, the crop's water use agrees to 1 %.
      const served = days.reduce((sum, d) => sum + d.actualEt.amount, 0);
      const theirs = printed.reduce((sum, row) => sum + Number(row['ETa']), 0);
      expect(Math.abs(served - theirs) / theirs).toBeLessThan(0.01);
    });
  });

  it('answers CSV: one row a day, the same numbers', async () => {
    const url = `/v2/agronomics/fields/cottondry2013/plantings/current/waterbalance/2013-07-01,2013-07-10`;
    const json = (await get(url)).json() as { dailyWaterBalance: Day[] };
    const csv = await get(url, { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => Number(row['depletion.amount (mm)']))).toEqual(json.dailyWaterBalance.map((d) => d.depletion.amount));
    expect(rows[0]!.source).toBe('observed');
  });

  it('converts depths to inches and the root depth to feet with units=usa', async () => {
    const url = `/v2/agronomics/fields/cottondry2013/plantings/current/waterbalance/2013-08-01`;
    const metric = ((await get(url)).json() as { dailyWaterBalance: Day[] }).dailyWaterBalance[0]!;
    const usa = ((await get(`${url}?units=usa`)).json() as { dailyWaterBalance: Day[] }).dailyWaterBalance[0]!;
    expect(usa.depletion.units).toBe('in');
    expect(usa.depletion.amount).toBeCloseTo(metric.depletion.amount / 25.4, 3);
    expect(usa.rootDepth.units).toBe('ft');
    expect(usa.rootDepth.amount).toBeCloseTo(metric.rootDepth.amount / 0.3048, 2);
    expect(usa.basalCropCoefficient).toBe(metric.basalCropCoefficient);
  });

  it('gives a season long past no advice, and links the planting and its parameters', async () => {
    const body = (await get(`/v2/agronomics/fields/cottonwet2013/plantings/current/waterbalance/${RANGE}`)).json() as {
      irrigationAdvice: unknown;
      totals: { irrigation: Amount };
      _links: Record<string, { href: string }>;
    };
    expect(body.irrigationAdvice).toEqual({ date: null, depth: { amount: null, units: 'mm' }, basis: null });
    expect(body.totals.irrigation.amount).toBeGreaterThan(0);
    expect(body._links['svc:planting']!.href).toBe(`/v2/agronomics/fields/cottonwet2013/plantings/${plantingIds.cottonwet2013}`);
    expect(body._links['svc:waterBalanceParameters']!.href).toMatch(/\/waterbalance\/parameters$/);
  });

  it('refuses what it cannot answer with the error body', async () => {
    expectErrorBody(await get('/v2/agronomics/fields/cottonwet2013/plantings/current/waterbalance/2013-04-01,2013-05-01'), 400);
    expectErrorBody(await get('/v2/agronomics/fields/cottonwet2013/plantings/current/waterbalance'), 400);
    expectErrorBody(await get('/v2/agronomics/fields/cottonwet2013/plantings/abc/waterbalance'), 400);
    expectErrorBody(await get('/v2/agronomics/fields/cottonwet2013/plantings/999999/waterbalance'), 404);
    expectErrorBody(await get('/v2/agronomics/fields/nowhere/plantings/current/waterbalance'), 404);
    expectErrorBody(await app.inject({ method: 'GET', url: '/v2/agronomics/fields/cottonwet2013/plantings/current/waterbalance' }), 401);
  });
});
