/**
 * Stored weather reads through the `store` weather source, from the embedded SQLite store, as
 * requests make them: a week of one cell (observations), ten 30-day seasons of one cell asked in
 * the same turn (weather norms), and ten whole years of one cell. Every read names a cell and
 * dates drawn at random among 60 cells of 11 imported years each, so no two reads are the same.
 * Each figure is a ratio to the same handle answering a one-row primary-key lookup (the baseline),
 * measured in the same run.
 *
 *   tsx bench/store-read.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, datesInRange, type IsoDate } from '../src/core/dates.js';
import { openStore } from '../src/store/store.js';
import { cellAt } from '../src/weather/grid.js';
import { createDatabaseWeatherCache } from '../src/weather/database-weather-cache.js';
import { createStoreSource } from '../src/weather/store-source.js';

const CELLS = 60;
const FIRST_YEAR = 2010;
const LAST_YEAR = 2020;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-store-bench-'));
const store = await openStore(`sqlite:${path.join(dir, 'bench.sqlite')}`);
try {
  const cells = Array.from({ length: CELLS }, (_, i) => cellAt(-50 + i * 1.7, -120 + i * 3.9));
  const dates = datesInRange(`${FIRST_YEAR}-01-01`, `${LAST_YEAR}-12-31`);
  const cache = createDatabaseWeatherCache(store.weather);
  for (const [k, cell] of cells.entries()) {
    const days = dates.map((date, i) => ({
      date,
      tmax: 10 + ((i + k) % 17),
      tmin: 2 + (i % 7),
      precipitation: i % 5,
      solar: 3000 + (i % 300),
      rhMax: 90,
      rhMin: 50,
      windDayMax: 8,
      windMorningMax: 6,
      windAverage: 4,
    }));
    await cache.writeDaily(cell.id, 'import:bench', days, true, 0);
  }
  const account = await store.accounts.create('bench', false, 0);
  await store.fields.insert(account.id, { id: 'f', name: null, farmId: 'x', acres: null, latitude: 0, longitude: 0 }, 0);
  const source = createStoreSource(store.weather);

  let seed = 7;
  const next = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const week = async () => {
    const start = pick(dates.slice(0, -7));
    const answer = await source.daily(pick(cells), { start, end: addDays(start, 6) });
    if (answer?.days.length !== 7) throw new Error('the store did not answer the week');
  };
  const seasons = async () => {
    const cell = pick(cells);
    const start = pick(dates.slice(0, 330)).slice(4); // -MM-DD of a season within its year
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const first = `${FIRST_YEAR + i}${start}` as IsoDate;
        return source.dailySeries!(cell, { start: first, end: addDays(first, 29) });
      }),
    );
    if (answers.some((a) => a?.length !== 30)) throw new Error('the store did not answer every season');
  };
  const tenYears = async () => {
    const first = FIRST_YEAR + Math.floor(next() * 2);
    const answer = await source.daily(pick(cells), { start: `${first}-01-01`, end: `${first + 9}-12-31` });
    if (!answer || answer.days.length < 3650) throw new Error('the store did not answer ten years');
  };

  async function time(label: string, run: () => Promise<unknown>, rounds: number): Promise<number> {
    for (let i = 0; i < 50; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const p50 = samples[Math.floor(samples.length / 2)]!;
    console.log(`${label.padEnd(58)} p50 ${(p50 * 1000).toFixed(1).padStart(7)} µs   p99 ${(samples[Math.floor(samples.length * 0.99)]! * 1000).toFixed(1).padStart(7)} µs`);
    return p50;
  }
  const baseline = await time('baseline: one-row primary-key lookup (fields)', () => store.fields.get(account.id, 'f'), 4000);
  for (const [label, run, rounds] of [
    ['a week of one cell (observations)', week, 4000],
    ['ten 30-day seasons of one cell, one turn (weather norms)', seasons, 2000],
    ['ten whole years of one cell', tenYears, 300],
  ] as const) {
    const p50 = await time(label, run, rounds);
    console.log(`${''.padEnd(58)} ratio to baseline ${(p50 / baseline).toFixed(1)}×`);
  }
} finally {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
