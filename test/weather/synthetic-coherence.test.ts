/** Determinism, continuity in time and coherence in space of the synthetic weather. */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/core/dates.js';
import { cellAt } from '../../src/weather/grid.js';
import { dailyClimateOn } from '../../src/weather/synthetic/cell-climate.js';
import { loadClimatology } from '../../src/weather/synthetic/load-climatology.js';
import { createSyntheticSource, type SyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import type { ClimatologyGrid } from '../../src/weather/synthetic/climatology-format.js';
import type { GridCell } from '../../src/weather/weather-source.js';
import { correlation, mean, PLACES } from './synthetic-fixture.js';

let climatology: ClimatologyGrid;
let source: SyntheticSource;

beforeAll(() => {
  climatology = loadClimatology();
  source = createSyntheticSource({ climatology, cacheSize: 64 });
});

function tmaxAnomalies(s: SyntheticSource, cell: GridCell, start: string, end: string): number[] {
  const climate = s.cellClimate(cell);
  return s.dailyDays(cell, { start, end }).map((d) => d.tmax! - dailyClimateOn(climate, d.date).tmax);
}

describe('synthetic source', () => {
  it('is named synthetic and says so in its results', async () => {
    expect(source.name).toBe('synthetic');
    const result = await source.daily(PLACES.ames!, { start: '2024-02-28', end: '2024-03-01' });
    expect(result?.source).toBe('synthetic');
    expect(result?.days.map((d) => d.date)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('gives identical values whatever range is requested and whatever the cache holds', async () => {
    const fresh = createSyntheticSource({ climatology, cacheSize: 0 });
    for (const cell of [PLACES.ames!, PLACES.nairobi!, PLACES.sydney!]) {
      const long = source.dailyDays(cell, { start: '2019-06-01', end: '2021-03-31' });
      for (const pick of [0, 100, 213, 214, 579, long.length - 1]) {
        const day = long[pick]!;
        expect(fresh.dailyDays(cell, { start: day.date, end: day.date })[0]).toEqual(day);
        expect((await fresh.daily(cell, { start: addDays(day.date, -3), end: day.date }))!.days.at(-1)).toEqual(day);
      }
    }
  });

  it('changes with the seed', () => {
    const other = createSyntheticSource({ climatology, seed: 7 });
    const a = source.dailyDays(PLACES.deBilt!, { start: '2022-01-01', end: '2022-01-31' });
    const b = other.dailyDays(PLACES.deBilt!, { start: '2022-01-01', end: '2022-01-31' });
    expect(a).not.toEqual(b);
  });

  it('continues across 31 December / 1 January without a jump', () => {
    const jumps: number[] = [];
    const ordinary: number[] = [];
    for (const cell of Object.values(PLACES)) {
      for (let year = 1981; year <= 2020; year++) {
        const days = source.dailyDays(cell, { start: `${year - 1}-12-24`, end: `${year}-01-08` });
        for (let i = 1; i < days.length; i++) {
          const step = Math.abs(days[i]!.tmax! - days[i - 1]!.tmax!);
          if (days[i]!.date.endsWith('01-01')) jumps.push(step);
          else ordinary.push(step);
        }
      }
    }
    // The year boundary is an ordinary day-to-day step: same mean size within sampling noise.
    expect(mean(jumps) / mean(ordinary)).toBeGreaterThan(0.75);
    expect(mean(jumps) / mean(ordinary)).toBeLessThan(1.25);
  });

  it('correlates daily Tmax anomalies above 0.7 at 10 km and below 0.3 at 2,000 km', () => {
    const pairs: [GridCell, GridCell, 'near' | 'far'][] = [
      [cellAt(42.03, -93.62), cellAt(42.12, -93.62), 'near'],
      [cellAt(52.1, 5.18), cellAt(52.1, 5.33), 'near'],
      [cellAt(-1.29, 36.82), cellAt(-1.2, 36.82), 'near'],
      [cellAt(42.03, -93.62), cellAt(24.05, -93.62), 'far'],
      [cellAt(42.03, -93.62), cellAt(42.03, -117.8), 'far'],
      [cellAt(52.1, 5.18), cellAt(52.1, 34.5), 'far'],
      [cellAt(-1.29, 36.82), cellAt(-19.3, 36.82), 'far'],
    ];
    for (const [a, b, kind] of pairs) {
      const r = correlation(tmaxAnomalies(source, a, '2001-01-01', '2010-12-31'), tmaxAnomalies(source, b, '2001-01-01', '2010-12-31'));
      if (kind === 'near') expect(r, `${a.latitude},${a.longitude} ~ ${b.latitude},${b.longitude}`).toBeGreaterThan(0.7);
      else expect(Math.abs(r), `${a.latitude},${a.longitude} ~ ${b.latitude},${b.longitude}`).toBeLessThan(0.3);
    }
  });

  it('shares wet days between neighbouring cells', () => {
    const a = source.dailyDays(cellAt(42.03, -93.62), { start: '2001-01-01', end: '2010-12-31' }).map((d) => (d.precipitation! > 0 ? 1 : 0));
    const b = source.dailyDays(cellAt(42.12, -93.62), { start: '2001-01-01', end: '2010-12-31' }).map((d) => (d.precipitation! > 0 ? 1 : 0));
    expect(correlation(a, b)).toBeGreaterThan(0.6);
  });

  it('answers points over the sea and beyond the climatology from the nearest land', () => {
    for (const [lat, lon] of [
      [52.3, 3.9], // North Sea, off the Dutch coast
      [0, -30], // mid-Atlantic
      [-80, 0], // Antarctica (not in CRU CL 1.0)
      [89.9, 179.9],
    ] as const) {
      const days = source.dailyDays(cellAt(lat, lon), { start: '2020-07-01', end: '2020-07-10' });
      for (const d of days) for (const v of Object.values(d)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    }
  });
});
