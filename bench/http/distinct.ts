/**
 * Distinct-request benchmark (`npm run bench -- --distinct`): real users ask about many fields,
 * places and date windows, so no URL is ever requested twice in a run. 300 fields near 46 cities
 * worldwide (coordinates jittered), random date windows over the last 30 months, every scenario's
 * URL list used at most once (a scenario with few possible URLs ends early: see `URLs used`).
 * Single fields and forecasts are asked of a second account with 100,000 fields (one account's list
 * stays at 300 fields): real users have many fields, and a forecast is computed for a field's
 * cell and issue date the first time it is asked, then kept for the day.
 *
 * While each scenario's load runs, `/health` is asked every 20 ms on a connection of its own: its
 * p99 and max tell how long a cheap request waits behind that load.
 *
 * Last, the mixed workload (every scenario's kind of request, interleaved) runs twice against
 * fresh service processes on the same data: single-threaded (`AGWX_COMPUTE_THREADS=0`, all work
 * on the event loop) and with the compute pool (one worker thread per core), the same URLs both times.
 *
 * `BENCH_SOURCE=synthetic` (or `imported`) runs one of the two.
 *
 * `BENCH_SERVICE_ENV` (a JSON object, e.g. '{"AGWX_COMPUTE_THREADS":"1"}') adds settings to every
 * service process the run starts, for an experiment; `BENCH_SERVICE_NODE_ARGS` (processes.ts)
 * profiles them. Each scenario's row gives the service's CPU time per request beside the
 * throughput: on a shared machine it moves less than requests/s.
 *
 * Run twice, each with its own database and service process:
 * - synthetic: the store is empty, the synthetic source answers;
 * - imported: a station CSV per field cell (11 years of daily weather) is imported first, with
 *   the same code as `agwx import`, and `AGWX_WEATHER=store,synthetic` puts the store first.
 * The answer cache is off (`AGWX_ANSWER_CACHE_MB=0`) unless `--answer-cache` is given.
 *
 * Load comes from wrk (C, one thread: the load generator never sets the pace; processes.ts). Per
 * scenario, the baseline (bare node:http, small JSON) right before the service, each with its CPU
 * time per request read from /proc/<pid>/stat (all threads) over the recorded requests; once per
 * run, before the scenarios, the framework floor (framework-floor-server.ts, a bare Fastify route)
 * alternated with the baseline. Efficiency is the baseline's CPU per request ÷ the service's (and
 * the floor's ÷ the service's), against the target of each scenario (`TARGETS`). The service's
 * event-loop delay over the load comes from an opt-in IPC hook (event-loop-report.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, addMonths, daysBetween, monthDayOf, toEpochDay } from '../../src/core/dates.js';
import { openStore } from '../../src/store/store.js';
import { cellAt } from '../../src/weather/grid.js';
import { importStationFile } from '../../src/weather/import/import-station-file.js';
import { createDatabaseWeatherCache } from '../../src/weather/database-weather-cache.js';
import { describeMixedCeiling, type MixedRunCost } from './mixed-ceiling.js';
import { bearerHeaders, cli, eventLoopDelay, type EventLoopDelay, load, loadClientName, type LoadResult, startBareServer, startBaseline, startService, type Started, waitUntilIdle } from './processes.js';

export interface DistinctOptions {
  seconds: number;
  connections: number;
  answerCache: boolean;
  only?: string[];
}

/** 46 cities in farming regions on every inhabited continent: [name, latitude, longitude]. */
const CITIES: [string, number, number][] = [
  ['Des Moines', 41.59, -93.62], ['Lincoln', 40.81, -96.7], ['Fresno', 36.74, -119.79], ['Saskatoon', 52.13, -106.67],
  ['Winnipeg', 49.9, -97.14], ['Lubbock', 33.58, -101.86], ['Memphis', 35.15, -90.05], ['Columbus', 39.96, -83.0],
  ['Guadalajara', 20.67, -103.35], ['Culiacán', 24.8, -107.39], ['Rosario', -32.95, -60.66], ['Córdoba', -31.42, -64.18],
  ['Cuiabá', -15.6, -56.1], ['Londrina', -23.31, -51.16], ['Temuco', -38.74, -72.6], ['Cali', 3.45, -76.53],
  ['Toulouse', 43.6, 1.44], ['Orléans', 47.9, 1.9], ['Hanover', 52.37, 9.73], ['Wageningen', 51.97, 5.67],
  ['Bologna', 44.49, 11.34], ['Seville', 37.39, -5.98], ['Poznań', 52.41, 16.93], ['Debrecen', 47.53, 21.63],
  ['Kharkiv', 49.99, 36.23], ['Krasnodar', 45.04, 38.98], ['Konya', 37.87, 32.48], ['Uppsala', 59.86, 17.64],
  ['Nakuru', -0.3, 36.07], ['Kano', 12.0, 8.52], ['Bloemfontein', -29.12, 26.21], ['Meknes', 33.9, -5.55],
  ['Tamale', 9.4, -0.85], ['Ludhiana', 30.9, 75.85], ['Nagpur', 21.15, 79.09], ['Faisalabad', 31.42, 73.08],
  ['Zhengzhou', 34.75, 113.62], ['Harbin', 45.8, 126.53], ['Khon Kaen', 16.43, 102.83], ['Can Tho', 10.03, 105.78],
  ['Obihiro', 42.92, 143.2], ['Wagga Wagga', -35.12, 147.37], ['Toowoomba', -27.56, 151.95], ['Geraldton', -28.77, 114.61],
  ['Palmerston North', -40.35, 175.61], ['Almaty', 43.24, 76.89],
];
const FIELD_COUNT = 300;
/** Fields of the second account (single-field reads and forecasts). */
const MANY_FIELD_COUNT = 100_000;
const MANY_FIELDS = `${MANY_FIELD_COUNT.toLocaleString('en')} fields`;
const HEALTH_PROBE_MS = 20;

/** A small seeded generator (mulberry32): the same run asks for the same URLs. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchField {
  id: string;
  latitude: number;
  longitude: number;
}

function benchFields(count: number, seed: number, prefix: string): BenchField[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const [, lat, lon] = CITIES[i % CITIES.length]!;
    return { id: `${prefix}-${i}`, latitude: round4(lat + (next() - 0.5) * 0.6), longitude: round4(lon + (next() - 0.5) * 0.6) };
  });
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

interface DistinctScenario {
  name: string;
  /** Distinct paths, in the order they are requested. */
  paths: string[];
  /** Asked as the account with MANY_FIELD_COUNT fields. */
  manyFields?: boolean;
  /** Share of the mixed workload (requests in 100); 0 or absent: not in it. */
  mixedShare?: number;
  connections?: number;
  /** Seconds of unrecorded load first (default `WARMUP_SECONDS`); 0 where the distinct URLs are few. */
  warmupSeconds?: number;
  /**
   * Requested once each before the run, unrecorded, none of them among `paths`: they put in place
   * what the scenario's name says is kept, so its figure measures that and not its first requests.
   */
  preparePaths?: string[];
}

/**
 * Unrecorded load before each scenario's recorded requests: V8 is still compiling the scenario's
 * code in its first seconds (measured with perf over a week's observations: a fifth of the
 * service's CPU in the second second of load, 5–7 % in the third and fourth, under 2 % by the
 * fifth), which a long-running service does once.
 */
const WARMUP_SECONDS = 3;

/**
 * Starts the service's event-loop histogram afresh when the load's recorded phase starts: the
 * loop figures are those of the recorded requests, as the other figures are (a fresh process's
 * first requests of each kind, in the warm-up, compile schemas and fill caches).
 */
const restartLoopDelay = (service: Started, warmUp?: (delay: EventLoopDelay) => void) => () =>
  void eventLoopDelay(service)
    .then((delay) => warmUp?.(delay))
    .catch(() => undefined);

/** GETs every path once, a few at a time; any answer but 200 stops the run. */
async function requestEach(baseUrl: string, paths: readonly string[], headers: Record<string, string>, parallel = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++]!;
      const r = await fetch(`${baseUrl}${p}`, { headers });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`preparing: ${p} answered ${r.status}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Up to `count` distinct values of `make`, stopping after many repeats (a small space). */
function distinct(count: number, make: () => string): string[] {
  const seen = new Set<string>();
  let misses = 0;
  while (seen.size < count && misses < count * 5) {
    const value = make();
    if (seen.has(value)) misses++;
    else seen.add(value);
  }
  return [...seen];
}

function scenarios(fields: BenchField[], manyFields: BenchField[], today: string, count: number, seed = 2024): DistinctScenario[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const yesterday = addDays(today, -1);
  // A day after the limit: east of UTC the local date is already tomorrow, which moves the earliest allowed date too.
  const earliest = addDays(addMonths(today, -30), 1);
  const span = daysBetween(earliest, yesterday);
  /** A window of `days` days ending yesterday at the latest and starting 30 months back at the earliest, at every place. */
  const window = (days: number) => {
    const start = addDays(earliest, Math.floor(next() * (span - days + 2)));
    return `${start},${addDays(start, days - 1)}`;
  };
  const dayWindow = (days: number) => {
    const start = addDays('2023-01-01', Math.floor(next() * 365));
    return `${monthDayOf(start)},${monthDayOf(addDays(start, days - 1))}`;
  };
  /** A new place in the grid cell of a field (so imported data covers it too). */
  const newPlace = () => {
    const f = pick(fields);
    const cell = cellAt(f.latitude, f.longitude);
    const half = 1 / 24;
    return `${round4(cell.latitude + (next() - 0.5) * 1.6 * half)},${round4(cell.longitude + (next() - 0.5) * 1.6 * half)}`;
  };
  const sorts = ['name', 'farmid', 'acres', 'latitude', 'longitude'];
  const sortTerm = () => `${next() < 0.5 ? '-' : ''}${pick(sorts)}`;
  // Days 1…6 ahead: at every field's local time (12:00 UTC is already tomorrow east of +12 h) within the 7 days.
  const forecastDays = Array.from({ length: 6 }, (_, i) => addDays(today, i + 1));
  // Over the 300 fields, half the requests name a new place in a field's cell (the location form):
  // the fields' URLs alone are too few for a run.
  const forecast = (blockSize: number, among: BenchField[], places: boolean) =>
    distinct(count, () => {
      const query = `${pick(forecastDays)}?blockSize=${blockSize}&units=${pick(['metric', 'usa'])}`;
      return places && next() < 0.5 ? `/v2/weather/locations/${newPlace()}/forecasts/${query}` : `/v2/weather/fields/${pick(among).id}/forecasts/${query}`;
    });
  const keptWindows = fields.map((f) => `/v2/weather/fields/${f.id}/forecasts`);
  return [
    // One URL per field: few enough that the run may end when they are used up.
    { name: 'GET /v2/fields/{fieldId}', manyFields: true, mixedShare: 15, paths: distinct(count, () => `/v2/fields/${pick(manyFields).id}`) },
    {
      name: 'GET /v2/fields?limit=50 (offsets, sorts)',
      mixedShare: 10,
      paths: distinct(count, () => {
        const second = sortTerm();
        const sort = next() < 0.5 ? sortTerm() : `${sortTerm()},${second}`;
        return `/v2/fields?limit=50&offset=${Math.floor(next() * (FIELD_COUNT - 49))}&sort=${sort}`;
      }),
    },
    { name: 'field observations, 7 days', mixedShare: 25, paths: distinct(count, () => `/v2/weather/fields/${pick(fields).id}/observations/${window(7)}`) },
    // A field's forecast window (its cell, today's issue) is computed by its first request and kept:
    // over the 300 fields' cells nearly every request reads a kept window (cache-helped); over 100,000 fields
    // nearly every request computes one (what the first requests of the day cost).
    // The windows are put in place first by each field's default forecast (8 days, never a measured URL).
    { name: 'field forecast, one day, blockSize 1 (cells of the 300 fields: windows kept)', mixedShare: 5, paths: forecast(1, fields, true), preparePaths: keptWindows },
    { name: 'field forecast, one day, blockSize 6 (cells of the 300 fields: windows kept)', mixedShare: 5, paths: forecast(6, fields, true), preparePaths: keptWindows },
    { name: 'field forecast, one day, blockSize 24 (cells of the 300 fields: windows kept)', mixedShare: 5, paths: forecast(24, fields, true), preparePaths: keptWindows },
    { name: `field forecast, one day, blockSize 1 (${MANY_FIELDS}: a new window nearly every request)`, manyFields: true, mixedShare: 5, paths: forecast(1, manyFields, false) },
    { name: 'location weather norms, 30 days × 10 years', mixedShare: 5, paths: distinct(count, () => `/v2/weather/locations/${newPlace()}/norms/${dayWindow(30)}`) },
    {
      name: 'location weather norms, 30 days × 10 years (1 connection)',
      connections: 1,
      paths: distinct(count, () => `/v2/weather/locations/${newPlace()}/norms/${dayWindow(30)}`),
    },
    // The heaviest requests allowed: 50 norm years, a whole year of days.
    { name: 'heaviest: location weather norms, 30 days × 50 years', paths: distinct(count, () => `/v2/weather/locations/${newPlace()}/norms/${dayWindow(30)}/years/1974,2023`) },
    { name: 'heaviest: location weather norms, 365 days × 10 years', paths: distinct(count, () => `/v2/weather/locations/${newPlace()}/norms/${dayWindow(365)}`) },
    { name: 'heaviest: field agronomic values, 365 days', paths: distinct(count, () => `/v2/agronomics/fields/${pick(fields).id}/agronomicvalues/${window(365)}`) },
    {
      name: 'field agronomic values, 120 days',
      mixedShare: 10,
      paths: distinct(count, () => `/v2/agronomics/fields/${pick(fields).id}/agronomicvalues/${window(120)}?limit=120`),
    },
    // A season's water balance: from the planting date (90 to 150 days back) through the forecast, with the advice.
    {
      name: "field water balance, the season so far and the forecast",
      // Only 900 distinct URLs (300 plantings × 3 unit choices): a 3 s warm-up can use them all up.
      warmupSeconds: 1,
      paths: distinct(count, () => `/v2/agronomics/fields/${pick(fields).id}/plantings/current/waterbalance${next() < 0.5 ? '' : `?units=${pick(['metric', 'usa'])}`}`),
    },
    {
      name: 'field agronomic norms, 120 days × 10 years',
      mixedShare: 5,
      paths: distinct(count, () => `/v2/agronomics/fields/${pick(fields).id}/agronomicnorms/${dayWindow(120)}?limit=120`),
    },
    {
      name: 'map tiles, zoom 6',
      mixedShare: 10,
      paths: distinct(count, () => {
        const layers = pick(['base,states,temperatures', 'temperatures', 'base,precipitation', 'precipitation,states']);
        return `/v2/imagery/weathermaps/${layers}/tiles/${Math.floor(next() * 64)},${Math.floor(next() * 64)},6`;
      }),
    },
  ];
}

/** A station CSV of 11 years of plausible daily weather for a cell (seasonal curves plus noise). */
function stationCsv(latitude: number, seed: number, first: string, last: string): string {
  const next = random(seed);
  const lines = ['date,tmax,tmin,precipitation,solar,rhMax,rhMin,windAverage'];
  const south = latitude < 0 ? Math.PI : 0;
  const amplitude = Math.min(16, Math.abs(latitude) * 0.3);
  const mean = 27 - Math.abs(latitude) * 0.35;
  for (let day = toEpochDay(first as never); day <= toEpochDay(last as never); day++) {
    const date = addDays(first as never, day - toEpochDay(first as never));
    const season = Math.cos(((day - 196) / 365.25) * 2 * Math.PI + south);
    const t = mean + amplitude * season + (next() - 0.5) * 6;
    const range = 8 + next() * 6;
    const rain = next() < 0.3 ? Math.round(next() * 250) / 10 : 0;
    const solar = Math.round(3500 + 2500 * season * Math.sign(Math.abs(latitude)) + next() * 800);
    const rhMax = Math.round(80 + next() * 20);
    lines.push(
      `${date},${(t + range / 2).toFixed(1)},${(t - range / 2).toFixed(1)},${rain},${Math.max(300, solar)},${rhMax},${Math.round(rhMax - 30 - next() * 25)},${(1 + next() * 5).toFixed(1)}`,
    );
  }
  return lines.join('\n');
}

/**
 * The second account's fields, written to the database in a few transactions (100,000 POSTs would
 * take minutes of commits); the service reads them as it reads any field.
 */
async function insertFields(databaseUrl: string, account: string, list: BenchField[]): Promise<void> {
  const store = await openStore(databaseUrl);
  try {
    const owner = await store.accounts.findByName(account);
    if (!owner) throw new Error(`no account ${account}`);
    const now = Date.now();
    for (let i = 0; i < list.length; i += 500) {
      const rows = list.slice(i, i + 500).map((f, k) => ({
        account_id: owner.id,
        id: f.id,
        name: `Many_${i + k}`,
        farm_id: `farm-${(i + k) % 97}`,
        acres: 10 + ((i + k) % 300),
        latitude: f.latitude,
        longitude: f.longitude,
        created_at: now,
      }));
      await store.handle.db.insertInto('fields').values(rows).execute();
    }
  } finally {
    await store.close();
  }
}

async function importStations(databaseUrl: string, fields: BenchField[], today: string): Promise<number> {
  const store = await openStore(databaseUrl);
  try {
    const cache = createDatabaseWeatherCache(store.weather);
    const cells = new Map<number, BenchField>();
    for (const f of fields) cells.set(cellAt(f.latitude, f.longitude).id, f);
    const first = `${Number(today.slice(0, 4)) - 11}-01-01`;
    const last = addDays(today as never, -1);
    for (const [id, f] of cells) {
      const cell = cellAt(f.latitude, f.longitude);
      await importStationFile(
        { text: stationCsv(cell.latitude, id, first, last), fileName: `bench-${id}.csv`, format: 'csv', latitude: cell.latitude, longitude: cell.longitude, elevation: 200, dataset: `bench-${id}` },
        cache,
      );
    }
    return cells.size;
  } finally {
    await store.close();
  }
}

interface Row {
  name: string;
  urls: number;
  result: LoadResult;
  baseline: LoadResult;
  loop: EventLoopDelay;
}

const f0 = (x: number) => x.toFixed(0);
const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);
/** After a run's req/s or name: whether its distinct URLs were used up before its time was over. */
const ranOut = (result: LoadResult) => (result.exhausted ? ' (ran out of URLs)' : '');
/** A server's CPU time per request it answered (all its threads; the /health probe's requests counted), µs. */
const cpuUsPerRequest = (result: LoadResult) => ((result.serverCpuMs ?? NaN) * 1000) / (result.requests + (result.probe?.count ?? 0));
/** The service's CPU time per recorded request, ms (all its threads), from its own report. */
const cpuMsPerRequest = (result: LoadResult, loop: EventLoopDelay) => loop.cpuMs / ((result.rps * loop.elapsedMs) / 1000);
/** The event loop's busy time per request (ms): the one thread every request goes through. */
const loopMsPerRequest = (result: LoadResult, loop: EventLoopDelay) => loop.loopBusyMs / ((result.rps * loop.elapsedMs) / 1000);

/**
 * Efficiency targets (the bare node:http server's CPU per request ÷ the service's), by the start of
 * a scenario's name.
 */
const TARGETS: [string, number][] = [
  ['GET /v2/fields/{fieldId}', 0.35],
  ['GET /v2/fields?limit=50', 0.15],
  ['field observations', 0.25],
  ['field forecast', 0.1],
  ['location weather norms', 0.05],
  ['field agronomic values', 0.08],
  ['field agronomic norms', 0.03],
  ['map tiles', 0.01],
];
const targetOf = (name: string) => TARGETS.find(([start]) => name.startsWith(start))?.[1];

function table(rows: Row[], floorUs: number): string {
  const lines = [
    '| scenario | URLs used | req/s | p50 ms | p99 ms | errors | service CPU µs per request | cores | baseline CPU µs per request | efficiency (target) | efficiency against Fastify | /health p99 ms | loop p99 ms |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    const used = `${r.result.requests}${r.result.exhausted ? ` (ran out of ${r.urls})` : ''}`;
    if (r.result.requests === 0) {
      lines.push(`| ${r.name} | ${used}: none left to record after the warm-up | – | – | – | ${r.result.errors} | – | – | – | – | – | – | – |`);
      continue;
    }
    const service = cpuUsPerRequest(r.result);
    const base = cpuUsPerRequest(r.baseline);
    const target = targetOf(r.name);
    const efficiency = base / service;
    const verdict = target === undefined ? '' : ` (${target}${efficiency >= target ? ', met' : ''})`;
    const cores = (r.result.serverCpuMs ?? 0) / ((r.result.requests / r.result.rps) * 1000);
    lines.push(
      `| ${r.name} | ${used} | ${f0(r.result.rps)} | ${f2(r.result.p50)} | ${f2(r.result.p99)} | ${r.result.errors} | ${f0(service)} | ${f2(cores)} | ${f0(base)} | ${f3(efficiency)}${verdict} | ${f3(floorUs / service)} | ${r.result.probe ? f2(r.result.probe.p99) : '–'} | ${f2(r.loop.p99)} |`,
    );
  }
  return lines.join('\n');
}

/** The mixed workload: each scenario's URLs in proportion to its share, interleaved. */
function mixedPaths(list: DistinctScenario[]): { path: string; manyFields: boolean }[] {
  const members = list.filter((scenario) => (scenario.mixedShare ?? 0) > 0);
  const taken = members.map(() => 0);
  const out: { path: string; manyFields: boolean }[] = [];
  for (;;) {
    for (const [k, scenario] of members.entries()) {
      for (let n = 0; n < scenario.mixedShare!; n++) {
        const path = scenario.paths[taken[k]!++];
        if (path === undefined) return out;
        out.push({ path, manyFields: scenario.manyFields ?? false });
      }
    }
  }
}

async function runSource(source: 'synthetic' | 'imported', options: DistinctOptions, baseline: Started, floor: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `agwx-bench-distinct-${source}-`));
  const today = (process.env.BENCH_NOW ?? '2024-06-15T12:00:00Z').slice(0, 10);
  const databaseUrl = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    AGWX_NOW: process.env.BENCH_NOW ?? '2024-06-15T12:00:00Z',
    AGWX_WEATHER: 'store,synthetic',
    LOG_LEVEL: 'warn',
    AGWX_RATE_PER_MINUTE: '10000000',
    AGWX_ENTERPRISE_RATE_PER_MINUTE: '10000000',
    ...(options.answerCache ? {} : { AGWX_ANSWER_CACHE_MB: '0' }),
    // Extra service settings for an experiment, e.g. BENCH_SERVICE_ENV='{"AGWX_METRICS":"off"}'.
    ...(process.env.BENCH_SERVICE_ENV ? (JSON.parse(process.env.BENCH_SERVICE_ENV) as Record<string, string>) : {}),
  };
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const baseUrl = `http://127.0.0.1:${port}`;
  let service: Started | undefined;
  const fields = benchFields(FIELD_COUNT, 46, 'd');
  const manyFields = benchFields(MANY_FIELD_COUNT, 4600, 'm');
  try {
    const first = JSON.parse(await cli(['keys', 'create', '--account', 'bench', '--enterprise', '--json'], env)) as { key: string; secret: string };
    const second = JSON.parse(await cli(['keys', 'create', '--account', 'bench-many', '--enterprise', '--json'], env)) as { key: string; secret: string };
    let note = 'the store is empty: the synthetic source answers';
    if (source === 'imported') {
      const started = Date.now();
      const cells = await importStations(databaseUrl, fields, today);
      note = `a station CSV imported into each of the ${cells} field cells (11 years of daily weather, ${((Date.now() - started) / 1000).toFixed(0)} s to import); forecasts and map tiles still come from the synthetic source`;
    }
    await insertFields(databaseUrl, 'bench-many', manyFields);
    service = await startService(port, env, { ipc: true });
    const headers = await bearerHeaders(baseUrl, first.key, first.secret);
    const manyHeaders = await bearerHeaders(baseUrl, second.key, second.secret);
    const post = async (p: string, body: unknown, as = headers) => {
      const r = await fetch(`${baseUrl}${p}`, { method: 'POST', headers: { ...as, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok && r.status !== 409) throw new Error(`setup POST ${p}: ${r.status} ${await r.text()}`);
    };
    for (const [i, f] of fields.entries()) {
      await post('/v2/fields', { id: f.id, name: `Field_${i}`, farmId: `farm-${i % 17}`, acres: 5 + ((i * 37) % 400), centerPoint: { latitude: f.latitude, longitude: f.longitude } });
      await post(`/v2/agronomics/fields/${f.id}/plantings`, { crop: 'corn', plantingDate: addDays(today as never, -150 + (i % 60)) });
    }
    const rows: Row[] = [];
    const count = Math.max(2000, Math.ceil(20_000 * (options.seconds + WARMUP_SECONDS)));
    const probe = { url: `${baseUrl}/health`, intervalMs: HEALTH_PROBE_MS };
    for (const scenario of scenarios(fields, manyFields, today, count)) {
      if (options.only && !options.only.some((part) => scenario.name.includes(part))) continue;
      const connections = scenario.connections ?? options.connections;
      const as = scenario.manyFields ? manyHeaders : headers;
      const urls = scenario.paths.map((p) => `${baseUrl}${p}`);
      const first = await fetch(urls[0]!, { headers: as });
      if (!first.ok) throw new Error(`${scenario.name}: ${urls[0]} answered ${first.status} ${(await first.text()).slice(0, 300)}`);
      await first.arrayBuffer();
      await requestEach(baseUrl, scenario.preparePaths ?? [], as);
      const base = await load({ url: `http://127.0.0.1:${baseline.port}/`, connections, seconds: options.seconds, serverPid: baseline.pid });
      const result = await load({ url: urls[1]!, urls: urls.slice(1), headers: as, connections, seconds: options.seconds, distinct: true, warmupSeconds: scenario.warmupSeconds ?? WARMUP_SECONDS, probe, serverPid: service.pid, onRecording: restartLoopDelay(service) });
      const loop = await eventLoopDelay(service);
      const row = { name: scenario.name, urls: urls.length, result, baseline: base, loop };
      rows.push(row);
      process.stderr.write(`  ${source}: ${scenario.name}: ${f0(result.rps)} req/s, p50 ${f2(result.p50)} ms, ${result.errors} errors, service CPU ${f0(cpuUsPerRequest(result))} µs a request (baseline ${f0(cpuUsPerRequest(base))} µs)\n`);
    }
    await service.stop();
    service = undefined;

    // The mixed workload runs in a full run, or when `--only` names `mixed`.
    const mixed = !options.only || options.only.includes('mixed') ? await runMixed(port, env, fields, manyFields, today, count, first, second, options, source) : '';
    return [
      `### ${source === 'synthetic' ? 'Synthetic weather' : 'Imported station data'}`,
      '',
      `${note}. Answer cache: ${options.answerCache ? 'ON (--answer-cache; answers are still distinct, so it mostly stores)' : 'OFF (AGWX_ANSWER_CACHE_MB=0)'}.`,
      '',
      table(rows, floor),
      '',
      mixed,
    ].join('\n');
  } finally {
    await service?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The mixed workload against fresh service processes on the same database: single-threaded
 * (AGWX_COMPUTE_THREADS=0) and with the compute pool (the default), the same URLs every time, in
 * `MIXED_ROUNDS` pairs, the second pair in the other order: on a shared machine one pair's ratio
 * moves with whatever else ran meanwhile (1.22× to 1.52× for the same code on one machine within
 * two hours), and the pairs' spread shows how far.
 */
async function runMixed(
  port: number,
  env: Record<string, string>,
  fields: BenchField[],
  manyFields: BenchField[],
  today: string,
  count: number,
  first: { key: string; secret: string },
  second: { key: string; secret: string },
  options: DistinctOptions,
  source: string,
): Promise<string> {
  // A URL list of its own (another seed): nothing of it was asked in the scenarios above.
  const paths = mixedPaths(scenarios(fields, manyFields, today, count, 7));
  const baseUrl = `http://127.0.0.1:${port}`;
  const results: { name: string; pooled: boolean; round: number; result: LoadResult; loop: EventLoopDelay; warmUpLoop: EventLoopDelay | undefined }[] = [];
  const runs = [
    ['single-threaded (AGWX_COMPUTE_THREADS=0)', '0'],
    [`compute pool (${env.AGWX_COMPUTE_THREADS ?? os.availableParallelism()} worker threads)`, undefined],
  ] as const;
  const order = Array.from({ length: MIXED_ROUNDS }, (_, r) => (r % 2 === 0 ? runs : [...runs].reverse()).map((run) => ({ run, round: r + 1 }))).flat();
  for (const {
    run: [name, threads],
    round,
  } of order) {
    const service = await startService(port, { ...env, ...(threads === undefined ? {} : { AGWX_COMPUTE_THREADS: threads }) }, { ipc: true });
    try {
      const headers = await bearerHeaders(baseUrl, first.key, first.secret);
      const manyHeaders = await bearerHeaders(baseUrl, second.key, second.secret);
      // One list per account (each request needs its account's token), run at the same time.
      const own = paths.filter((p) => !p.manyFields).map((p) => `${baseUrl}${p.path}`);
      const many = paths.filter((p) => p.manyFields).map((p) => `${baseUrl}${p.path}`);
      const share = many.length / paths.length;
      const manyConnections = Math.max(1, Math.round(options.connections * share));
      let warmUpLoop: EventLoopDelay | undefined;
      // Start-up first (the threads read their data), then the same first URLs before recording.
      await waitUntilIdle(service);
      const ownWarmUp = Math.round(MIXED_WARMUP_REQUESTS * (1 - share));
      await eventLoopDelay(service); // the warm-up's histogram starts with the load, not with the process
      const [a, b] = await Promise.all([
        load({
          url: own[0]!,
          urls: own,
          headers,
          connections: options.connections - manyConnections,
          seconds: options.seconds,
          distinct: true,
          warmupRequests: ownWarmUp,
          probe: { url: `${baseUrl}/health`, intervalMs: HEALTH_PROBE_MS },
          onRecording: restartLoopDelay(service, (delay) => (warmUpLoop = delay)),
        }),
        load({ url: many[0]!, urls: many, headers: manyHeaders, connections: manyConnections, seconds: options.seconds, distinct: true, warmupRequests: MIXED_WARMUP_REQUESTS - ownWarmUp }),
      ]);
      const loop = await eventLoopDelay(service);
      const requests = a.requests + b.requests;
      const result: LoadResult = {
        requests,
        rps: a.rps + b.rps,
        p50: a.p50,
        p99: Math.max(a.p99, b.p99),
        errors: a.errors + b.errors,
        exhausted: a.exhausted || b.exhausted,
        generatorCores: a.generatorCores + b.generatorCores,
        ...(a.probe ? { probe: a.probe } : {}),
      };
      results.push({ name: `${name}, pair ${round}`, pooled: threads === undefined, round, result, loop, warmUpLoop });
      process.stderr.write(`  ${source}: mixed, pair ${round}, ${name}: ${f0(result.rps)} req/s\n`);
    } finally {
      await service.stop();
    }
  }
  const pairs = Array.from({ length: MIXED_ROUNDS }, (_, r) => {
    const of = (pooled: boolean) => results.find((run) => run.round === r + 1 && run.pooled === pooled)!;
    return { single: of(false), pooled: of(true) };
  });
  const ratios = pairs.map(({ single, pooled }) => pooled.result.rps / single.result.rps);
  const lines = [
    `Mixed workload (${Object.entries(MIXED_DESCRIPTION).map(([k, v]) => `${v} % ${k}`).join(', ')}), the same distinct URLs against each, measured after the same ${MIXED_WARMUP_REQUESTS} unrecorded requests (the first of the list) against each, once its start-up work was done:`,
    '',
    '| run | req/s | p99 ms | errors | loop max ms | loop p99 ms | /health p99 ms | /health max ms | warm-up loop max ms | service CPU, cores | load generator CPU, cores | CPU ms per request | event loop ms per request |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      ({ name, result, loop, warmUpLoop }) =>
        `| ${name}${ranOut(result)} | ${f0(result.rps)} | ${f2(result.p99)} | ${result.errors} | ${f2(loop.max)} | ${f2(loop.p99)} | ${result.probe ? f2(result.probe.p99) : '–'} | ${result.probe ? f2(result.probe.max) : '–'} | ${warmUpLoop ? f2(warmUpLoop.max) : '–'} | ${f2(loop.cpuMs / loop.elapsedMs)} | ${f2(result.generatorCores)} | ${f2(cpuMsPerRequest(result, loop))} | ${f3(loopMsPerRequest(result, loop))} |`,
    ),
    '',
    `Loop and /health figures are those of the recorded requests; the warm-up column is the loop max over a fresh process's first seconds of load (schemas compiled and caches filled on first use).`,
    `Service CPU is that of all the service's threads over the recorded requests (a "single-threaded" process also runs V8's garbage-collection and libuv's helper threads); the load generator runs on the same cores, and its own CPU is the column beside it (service and generator together near the machine's ${os.cpus().length} cores mean the run was bounded by the machine, not by the service alone). Event loop ms per request is the time the event loop ran code, per request: every request goes through that one thread, so it bounds the throughput (at most 1000 ÷ it requests/s).`,
    '',
    `Compute pool ÷ single-threaded, pair by pair (target ${MIXED_POOL_TARGET}×): ${ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ')}.`,
    '',
    ...pairs.map(({ single, pooled }, r) => `Pair ${r + 1}. ${describeMixedCeiling(os.cpus().length, runCost(single), runCost(pooled), MIXED_POOL_TARGET)}`),
    '',
  ];
  return lines.join('\n');
}

/** Pairs of mixed runs (single-threaded and pooled) per data source. */
const MIXED_ROUNDS = 2;

/** What one process with its compute pool should serve of the mixed workload, as a multiple of a single-threaded run. */
const MIXED_POOL_TARGET = 1.6;

const runCost = ({ result, loop }: { result: LoadResult; loop: EventLoopDelay }): MixedRunCost => ({
  rps: result.rps,
  cpuMsPerRequest: cpuMsPerRequest(result, loop),
  generatorCores: result.generatorCores,
});

/**
 * Unrecorded requests before each mixed run is measured, after the service's start-up work (each
 * compute thread reads the map geodata as it starts, `AGWX_MAPS_AT_START`: about 1.2 s of CPU a
 * thread) is done: a fresh process fills its caches (synthetic years, forecast windows). Both runs
 * warm up with the same first URLs of the list, so they record from the same point of it and the
 * same kept state. With a warm-up of 8 s instead, each run recorded from wherever its speed had
 * taken it, and pool ÷ single-threaded swung from 0.89 to 1.83 on one machine in one day.
 */
const MIXED_WARMUP_REQUESTS = 4000;

/** What the mixed workload is made of, for the report (shares as in scenarios()). */
const MIXED_DESCRIPTION: Record<string, number> = {
  'single fields': 15,
  'field lists': 10,
  'observations': 25,
  'forecasts': 20,
  'weather norms': 5,
  'agronomic values': 10,
  'agronomic norms': 5,
  'map tiles': 10,
};

/** Rounds of the framework floor against the baseline, alternated. */
const FLOOR_ROUNDS = 2;
/** Distinct URLs for each floor run: more than the fastest bare server answers in its seconds. */
const FLOOR_URLS = 600_000;

/**
 * The framework floor (framework-floor-server.ts) against the baseline, alternated: the report's
 * paragraph on it, and the floor's CPU per request (µs, the mean of its rounds).
 */
async function frameworkFloor(baseline: Started, options: DistinctOptions): Promise<{ text: string; floorUs: number }> {
  const floor = await startBareServer('bench/http/framework-floor-server.ts');
  try {
    const urls = Array.from({ length: FLOOR_URLS }, (_, i) => `http://127.0.0.1:${floor.port}/v2/fields/field-${i}`);
    const pairs: { base: LoadResult; bare: LoadResult }[] = [];
    for (let round = 0; round < FLOOR_ROUNDS; round++) {
      const base = await load({ url: `http://127.0.0.1:${baseline.port}/`, connections: options.connections, seconds: options.seconds, serverPid: baseline.pid });
      const bare = await load({ url: urls[0]!, urls, connections: options.connections, seconds: options.seconds, distinct: true, serverPid: floor.pid });
      process.stderr.write(`  framework floor, round ${round + 1}: ${f0(cpuUsPerRequest(bare))} µs a request against the baseline's ${f0(cpuUsPerRequest(base))}\n`);
      pairs.push({ base, bare });
    }
    const measured = pairs
      .map(({ base, bare }) => `${f0(cpuUsPerRequest(bare))} µs of CPU a request (${f0(bare.rps)} req/s${ranOut(bare)}) against the baseline's ${f0(cpuUsPerRequest(base))} µs (${f0(base.rps)} req/s)`)
      .join(', then ');
    const floorUs = pairs.reduce((sum, { bare }) => sum + cpuUsPerRequest(bare), 0) / pairs.length;
    return {
      text: `Framework floor: a bare Fastify route (no hooks, logger or schemas; \`framework-floor-server.ts\`) answering the baseline's small JSON at distinct URLs \`/v2/fields/{id}\`, alternated with the baseline: ${measured}.\n`,
      floorUs,
    };
  } finally {
    await floor.stop();
  }
}

export async function runDistinct(options: DistinctOptions): Promise<void> {
  const baseline = await startBaseline();
  try {
    console.log(`## agwx distinct-request benchmark\n`);
    console.log(
      `${options.connections} keep-alive connections (1 where named), ${options.seconds} s per scenario, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); ` +
        `no URL requested twice; CPU per request from /proc/<pid>/stat (all threads) over the recorded requests; answer cache ${options.answerCache ? 'ON: figures helped by it' : 'OFF'}; load client: ${loadClientName()}.\n`,
    );
    const { text, floorUs } = await frameworkFloor(baseline, options);
    console.log(text);
    const sources = (['synthetic', 'imported'] as const).filter((source) => !process.env.BENCH_SOURCE || process.env.BENCH_SOURCE === source);
    for (const source of sources) console.log(await runSource(source, options, baseline, floorUs));
  } finally {
    await baseline.stop();
  }
}
