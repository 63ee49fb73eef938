/**
 * Synthetic days are made of fixed blocks: a day has the same values whichever window asks for
 * it, in whatever order, on whichever source instance, and blocks join without a jump.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, toEpochDay, type IsoDate } from '../../src/core/dates.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { BLOCK_DAYS } from '../../src/weather/synthetic/weather-generator.js';
import type { DailyWeather } from '../../src/weather/weather-source.js';
import { mean, PLACES } from './synthetic-fixture.js';

const CELLS = Object.values(PLACES);
const FIRST = toEpochDay('1950-01-01');
const LAST = toEpochDay('2060-12-31');

/** The day `date` out of days asked for as one window. */
function dayIn(days: readonly DailyWeather[], date: IsoDate): DailyWeather {
  const day = days.find((d) => d.date === date);
  if (!day) throw new Error(`${date} not in the window`);
  return day;
}

describe('generated day windows', () => {
  it('give a day the same values alone, its block run only as far as the day, in a week, a season, across a year end, in a norm, and from a fresh source', async () => {
    const shared = createSyntheticSource({ cacheSize: 256 });
    const climatology = shared.climatology;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: CELLS.length - 1 }), fc.integer({ min: FIRST, max: LAST }), fc.integer({ min: 0, max: 119 }), async (c, epochDay, offset) => {
        const cell = CELLS[c]!;
        const date = fromEpochDay(epochDay);
        // A "restart": a new source with nothing kept, asked for the day alone first.
        const fresh = createSyntheticSource({ climatology, cacheSize: 0 });
        const alone = fresh.dailyDays(cell, { start: date, end: date })[0]!;
        // Its block generated only as far as the day, as a map's hour has it made.
        expect(createSyntheticSource({ climatology, cacheSize: 0 }).dailyDays(cell, { start: date, end: date }, false)[0]).toEqual(alone);
        const week = (await shared.daily(cell, { start: addDays(date, -(offset % 7)), end: addDays(date, 6 - (offset % 7)) }))!.days;
        const season = (await shared.daily(cell, { start: addDays(date, -offset), end: addDays(date, 119 - offset) }))!.days;
        const year = Number(date.slice(0, 4));
        const yearEnd = (await fresh.daily(cell, { start: `${year - 1}-12-01`, end: `${year + 1}-01-31` }))!.days;
        // A norm asks for the same window in each of its years, all at once.
        const norm = await Promise.all([year - 2, year - 1, year].map((y) => shared.dailySeries(cell, { start: `${y}${date.slice(4)}`.replace(/-02-29$/, '-02-28'), end: addDays(`${y}${date.slice(4)}`.replace(/-02-29$/, '-02-28') as IsoDate, 29) })));
        for (const days of [week, season, yearEnd]) expect(dayIn(days, date)).toEqual(alone);
        if (!date.endsWith('-02-29')) {
          const series = norm[2]!;
          for (const [name, value] of Object.entries(alone)) if (typeof value === 'number') expect(series.values[name as keyof typeof series.values][0], name).toBe(value);
        }
      }),
      { numRuns: 100, seed: 20240611 },
    );
  });

  it('is what the generator makes of the same days, whatever range it is asked for', () => {
    const source = createSyntheticSource({ cacheSize: 0 });
    const cell = PLACES.ames!;
    const climate = source.cellClimate(cell);
    const year = source.generator.generateCellYear(climate, cell.id, 2024);
    for (const [start, count] of [[0, 1], [30, 5], [31, 40], [200, 166]] as const) {
      const window = source.generator.generateDays(climate, cell.id, year.firstEpochDay + start, count);
      for (const name of ['tmax', 'tmin', 'precipitation', 'solar', 'rhMin', 'windAverage'] as const) expect(Array.from(window[name])).toEqual(Array.from(year[name].subarray(start, start + count)));
    }
  });

  it('a block run only through its first days gives those days the whole block\'s values', () => {
    const source = createSyntheticSource({ cacheSize: 0 });
    for (const cell of [PLACES.ames!, PLACES.nairobi!, PLACES.moscow!]) {
      const climate = source.cellClimate(cell);
      const block = Math.floor(toEpochDay('2023-05-20') / BLOCK_DAYS);
      const whole = source.generator.generateBlock(climate, cell.id, block);
      for (const days of [1, 7, 19, BLOCK_DAYS]) {
        const part = source.generator.generateBlock(climate, cell.id, block, days);
        for (let k = 0; k * BLOCK_DAYS < whole.length; k++) {
          expect(Array.from(part.subarray(k * BLOCK_DAYS, k * BLOCK_DAYS + days))).toEqual(Array.from(whole.subarray(k * BLOCK_DAYS, k * BLOCK_DAYS + days)));
        }
      }
    }
  });

  it('joins blocks without a jump: the step into a block is an ordinary day-to-day step', () => {
    const source = createSyntheticSource({ cacheSize: 0 });
    const steps = { boundary: { tmax: [] as number[], tmin: [] as number[] }, ordinary: { tmax: [] as number[], tmin: [] as number[] } };
    for (const cell of CELLS) {
      const days = source.generatedDays(cell, toEpochDay('1991-01-01'), 30 * 365);
      for (let i = 1; i < days.length; i++) {
        const kind = (days.firstEpochDay + i) % BLOCK_DAYS === 0 ? steps.boundary : steps.ordinary;
        kind.tmax.push(Math.abs(days.tmax[i]! - days.tmax[i - 1]!));
        kind.tmin.push(Math.abs(days.tmin[i]! - days.tmin[i - 1]!));
      }
    }
    for (const name of ['tmax', 'tmin'] as const) {
      const ratio = mean(steps.boundary[name]) / mean(steps.ordinary[name]);
      expect(ratio, name).toBeGreaterThan(0.9);
      expect(ratio, name).toBeLessThan(1.1);
    }
  });
});
