/**
 * The agronomic-values scenario of the HTTP bench (a field planted 2024-02-16, clock at
 * 2024-06-15T12:00Z: 120 observed days and the forecast day, synthetic weather, no answers kept)
 * answered by two apps over one store in the same run, requests interleaved:
 *
 * - baseline: PET as computed before elevations and the standardized equation — FAO-56 with the
 *   simple clear-sky form (`referenceEt: { method: 'fao56' }`) at 0 m for every place; the same
 *   numbers as before, computed with today's per-place preparation (pressure once, Ra once per day
 *   of year), so if anything faster than the code it replaced: the ratio is conservative;
 * - shipped: the ASCE-EWRI standardized ETos with the full clear-sky model at the place's
 *   elevation (the elevation grid, loaded before timing starts).
 *
 * Measured as CPU time of this process over paired blocks of requests (baseline block, shipped
 * block, the order alternating), which a busy machine disturbs far less than wall time. Prints
 * the CPU time per request of each, and the ratio shipped / baseline overall and as the median
 * of the paired blocks (target: below 1.05); the same for the norms scenario (10 seasons of the
 * same 120 days). Then the changed science alone (the series of the scenario's days, both ways)
 * as a share of a shipped request: the end-to-end ratio of a few per cent sits within the noise
 * of a busy machine, this part does not.
 *
 *   npx tsx bench/agronomic-values.ts [blocks]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dailyAgronomicSeries, fillDailyAgronomicSeries, placeReferenceEt } from '../src/agronomy/agronomic-series.js';
import { celsiusDailyGdd, resolveGddParameters } from '../src/agronomy/gdd.js';
import type { DailyReferenceEt } from '../src/agronomy/pet.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { fixedClock } from '../src/core/clock.js';
import { createKeyService } from '../src/services/key-service.js';
import { openStore } from '../src/store/store.js';
import { loadElevationGrid } from '../src/weather/elevation/elevation-grid.js';
import { cellAt } from '../src/weather/grid.js';
import { createSyntheticSource } from '../src/weather/synthetic/synthetic-source.js';

const blocks = Number(process.argv[2] ?? 60);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-agro-bench-'));
const store = await openStore(`sqlite:${path.join(dir, 'bench.sqlite')}`);
const config = loadConfig({ LOG_LEVEL: 'silent', AGWX_ANSWER_CACHE_MB: '0', AGWX_RATE_PER_MINUTE: '10000000' });
const clock = fixedClock(Date.parse('2024-06-15T12:00:00Z'));
const weather = createSyntheticSource({ cacheSize: 4096 });
const baseline = await buildApp({ config, store, clock, weather, logger: false, referenceEt: { method: 'fao56' }, elevation: { elevationAt: () => 0 } });
const shipped = await buildApp({ config, store, clock, weather, logger: false, elevation: loadElevationGrid() });
try {
  const key = await createKeyService(store, clock).createKey('bench', {});
  const token = await shipped.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: `Basic ${Buffer.from(`${key.key}:${key.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  const headers = { authorization: `Bearer ${token.json().access_token as string}` };
  const post = async (url: string, body: unknown) => {
    const response = await shipped.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  await post('/v2/fields', { id: 'bench', name: 'Bench', farmId: 'farm', acres: 10, centerPoint: { latitude: 41.5, longitude: -93.5 } });
  await post('/v2/agronomics/fields/bench/plantings', { crop: 'corn', plantingDate: '2024-02-16' });

  /** CPU time (user + system, ms) of the process while `run` goes: less disturbed by other processes than wall time. */
  async function cpuMs(run: () => Promise<void>): Promise<number> {
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  }

  async function compare(label: string, url: string, blocks: number, perBlock: number): Promise<number> {
    const bodies = { baseline: '', shipped: '' };
    const block = (which: 'baseline' | 'shipped') => async () => {
      const app = which === 'baseline' ? baseline : shipped;
      for (let i = 0; i < perBlock; i++) {
        const response = await app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== 200) throw new Error(`${which} ${url}: ${response.statusCode} ${response.body}`);
        bodies[which] = response.body;
      }
    };
    for (let i = 0; i < 3; i++) {
      await block('baseline')();
      await block('shipped')();
    }
    const ratios: number[] = [];
    const totals = { baseline: 0, shipped: 0 };
    for (let i = 0; i < blocks; i++) {
      // alternate which goes first, so neither always runs on a warmer cache
      const first = i % 2 === 0 ? 'baseline' : 'shipped';
      const a = await cpuMs(block(first));
      const b = await cpuMs(block(first === 'baseline' ? 'shipped' : 'baseline'));
      const [base, ship] = first === 'baseline' ? [a, b] : [b, a];
      totals.baseline += base;
      totals.shipped += ship;
      ratios.push(ship / base);
    }
    if (bodies.baseline === bodies.shipped) throw new Error(`${label}: both apps answered the same numbers`);
    ratios.sort((x, y) => x - y);
    const requests = blocks * perBlock;
    console.log(label);
    console.log(`  baseline (FAO-56 simple Rso, 0 m)             ${(totals.baseline / requests).toFixed(3)} ms CPU per request`);
    console.log(`  shipped (ASCE ETos full Rso, grid elevation)  ${(totals.shipped / requests).toFixed(3)} ms CPU per request`);
    console.log(
      `  ratio shipped / baseline: ${(totals.shipped / totals.baseline).toFixed(3)} overall, median of ${blocks} paired blocks ` +
        `${ratios[Math.floor(blocks / 2)]!.toFixed(3)} (quartiles ${ratios[Math.floor(blocks / 4)]!.toFixed(3)}–${ratios[Math.floor((3 * blocks) / 4)]!.toFixed(3)}); ${requests} requests each`,
    );
    return totals.shipped / requests;
  }

  const valuesCpu = await compare('field agronomic values, 120-day season', '/v2/agronomics/fields/bench/agronomicvalues', blocks, 20);
  const normsCpu = await compare('field agronomic norms, season over 10 years', '/v2/agronomics/fields/bench/agronomicnorms', blocks, 5);

  // The changed science alone, on the same days the scenario computes (121 days; 10 × 120 for
  // norms, prepared once per place), as CPU time: the part of each request that differs.
  const days = (await weather.daily(cellAt(41.5, -93.5), { start: '2014-02-16', end: '2024-06-15' }))!.days;
  const gdd = celsiusDailyGdd(resolveGddParameters('standard', 'metric'));
  const scienceCpu = async (count: number, prepare: () => DailyReferenceEt) => {
    const series = dailyAgronomicSeries(count);
    const fill = () => fillDailyAgronomicSeries(days.slice(days.length - count), prepare(), gdd, series, 0);
    for (let i = 0; i < 300; i++) fill();
    return (await cpuMs(async () => {
      for (let i = 0; i < 2000; i++) fill();
    })) / 2000;
  };
  const place = { latitude: cellAt(41.5, -93.5).latitude, windHeightM: 10 };
  const grid = loadElevationGrid();
  for (const [label, count, perRequest] of [['values', 121, valuesCpu], ['norms', 1200, normsCpu]] as const) {
    const before = await scienceCpu(count, () => placeReferenceEt({ ...place, elevationM: 0 }, { method: 'fao56' }));
    const after = await scienceCpu(count, () => placeReferenceEt({ ...place, elevationM: grid.elevationAt(place.latitude, -93.5) }));
    console.log(
      `${label}: PET and GDD of ${count} days ${before.toFixed(3)} → ${after.toFixed(3)} ms CPU; ` +
        `+${((after - before) * 1000).toFixed(0)} µs = ${(((after - before) / perRequest) * 100).toFixed(1)} % of a shipped request`,
    );
  }
} finally {
  await baseline.close();
  await shipped.close();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
