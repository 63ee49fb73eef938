/** Days generated on their own against the same days of generated years. */
import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../../src/core/dates.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { PLACES } from './synthetic-fixture.js';

describe('generated day windows', () => {
  const source = createSyntheticSource({ cacheSize: 64 });

  it('agree with the generated years to within the generator memory of its start, across a year end and 29 February', () => {
    const variables = ['tmax', 'tmin', 'precipitation', 'solar', 'rhMax', 'rhMin', 'windAverage', 'windDayMax', 'windMorningMax'] as const;
    let values = 0;
    let equal = 0;
    for (const cell of Object.values(PLACES)) {
      for (const [start, count] of [['2023-12-20', 20], ['2024-02-25', 10], ['2024-07-01', 5]] as const) {
        const first = toEpochDay(start);
        const window = source.generator.generateDays(source.cellClimate(cell), cell.id, first, count);
        expect(window.length).toBe(count);
        for (let i = 0; i < count; i++) {
          const e = first + i;
          const year = source.cellYear(cell, new Date(e * 86_400_000).getUTCFullYear());
          for (const name of variables) {
            const expected = year[name][e - year.firstEpochDay]!;
            values++;
            if (window[name][i] === expected) equal++;
            // Rounded to 0.1 (solar to 1): a residual a hundred-thousandth apart moves at most one step.
            expect(Math.abs(window[name][i]! - expected)).toBeLessThanOrEqual(name === 'solar' ? 1 : 0.1 + 1e-9);
          }
        }
      }
    }
    expect(equal / values).toBeGreaterThan(0.99);
  });

  it('is the same as a year when the window is the year', () => {
    const cell = PLACES.ames!;
    const year = source.cellYear(cell, 2024);
    const window = source.generator.generateDays(source.cellClimate(cell), cell.id, year.firstEpochDay, year.length);
    for (const name of ['tmax', 'tmin', 'precipitation', 'solar', 'windAverage'] as const) expect(Array.from(window[name])).toEqual(Array.from(year[name]));
  });
});
