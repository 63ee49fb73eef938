/**
 * Stored weather read: ten years of daily data of one cell from the embedded SQLite store, through
 * the `store` weather source, against the same handle answering a one-row primary-key lookup
 * (the baseline) in the same run.
 *
 *   tsx bench/store-read.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, datesInRange } from '../src/core/dates.js';
import { openStore } from '../src/store/store.js';
import { cellAt } from '../src/weather/grid.js';
import { createDatabaseWeatherCache } from '../src/weather/store/database-weather-cache.js';
import { createStoreSource } from '../src/weather/store/store-source.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-store-bench-'));
const store = await openStore(`sqlite:${path.join(dir, 'bench.sqlite')}`);
try {
  const cell = cellAt(52.1, 5.18);
  const days = datesInRange('2010-01-01', '2019-12-31').map((date, i) => ({
    date,
    tmax: 10 + (i % 17),
    tmin: 2 + (i % 7),
    precipitation: i % 5,
    solar: 3000 + (i % 300),
    rhMax: 90,
    rhMin: 50,
    windDayMax: 8,
    windMorningMax: 6,
    windAverage: 4,
  }));
  await createDatabaseWeatherCache(store.weather).writeDaily(cell.id, 'import:bench', days, true, 0);
  const account = await store.accounts.create('bench', false, 0);
  await store.fields.insert(account.id, { id: 'f', name: null, farmId: 'x', acres: null, latitude: 0, longitude: 0 }, 0);
  const source = createStoreSource(store.weather);
  const range = { start: '2010-01-01', end: addDays('2020-01-01', -1) };
  const answer = await source.daily(cell, range);
  if (answer?.days.length !== days.length) throw new Error('the store did not answer the whole range');

  async function time(label: string, run: () => Promise<unknown>, rounds: number): Promise<number> {
    for (let i = 0; i < 20; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const p50 = samples[Math.floor(samples.length / 2)]!;
    console.log(`${label.padEnd(52)} p50 ${p50.toFixed(3)} ms   p99 ${samples[Math.floor(samples.length * 0.99)]!.toFixed(3)} ms`);
    return p50;
  }
  const baseline = await time('baseline: one-row primary-key lookup (fields)', () => store.fields.get(account.id, 'f'), 2000);
  const read = await time('10 years of daily data, one cell (store source)', () => source.daily(cell, range), 300);
  console.log(`ratio to baseline: ${(read / baseline).toFixed(1)}×; ${days.length} days per read`);
} finally {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
