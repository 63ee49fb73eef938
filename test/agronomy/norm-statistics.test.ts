import { describe, it, expect } from 'vitest';
import { dailyNormStatistics, normAverage, normStatistic, normStatisticOf } from '../../src/agronomy/norm-statistics.js';

describe('normStatistic', () => {
  it('mean and sample standard deviation (n − 1)', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7
    const s = normStatistic([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.average).toBe(5);
    expect(s.stdDev).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(s.count).toBe(8);
  });

  it('n = 1: the value with standard deviation 0; n = 0: nulls', () => {
    expect(normStatistic([3.5])).toEqual({ average: 3.5, stdDev: 0, count: 1 });
    expect(normStatistic([])).toEqual({ average: null, stdDev: null, count: 0 });
    expect(normStatistic([null, null])).toEqual({ average: null, stdDev: null, count: 0 });
  });

  it('leaves out missing values', () => {
    expect(normStatistic([1, null, 3])).toEqual({ average: 2, stdDev: Math.SQRT2, count: 2 });
    expect(normAverage([1, null, 5])).toBe(3);
    expect(normStatistic([Number.NaN, 1, Number.POSITIVE_INFINITY, 3, Number.NEGATIVE_INFINITY])).toEqual({ average: 2, stdDev: Math.SQRT2, count: 2 });
  });

  it("reads one day of a days × years column in place, with the same numbers as taking the day's years out first", () => {
    // The textbook form: the finite values, their sum / n, the squared deviations' sum / (n − 1).
    const reference = (values: number[]) => {
      const present = values.filter((v) => Number.isFinite(v));
      const n = present.length;
      if (n === 0) return { average: null, stdDev: null, count: 0 };
      const average = present.reduce((sum, v) => sum + v, 0) / n;
      return { average, stdDev: n === 1 ? 0 : Math.sqrt(present.reduce((sum, v) => sum + (v - average) ** 2, 0) / (n - 1)), count: n };
    };
    const years = 7;
    const days = 400;
    let seed = 12345;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    // Day d misses each year's value with probability (d mod 8) / 7: from every year present to none.
    const column = Float64Array.from({ length: days * years }, (_, i) => {
      const r = next() * 7;
      const missing = Math.floor(i / years) % 8;
      return r < missing ? (r < 0.2 ? Number.POSITIVE_INFINITY : Number.NaN) : (next() - 0.3) * 10 ** (next() * 6 - 2);
    });
    const counts = new Set<number>();
    for (let d = 0; d < days; d++) {
      const expected = reference(Array.from(column.subarray(d * years, (d + 1) * years)));
      const actual = normStatisticOf(column, d * years, years);
      counts.add(actual.count);
      expect(Object.is(actual.average, expected.average) && Object.is(actual.stdDev, expected.stdDev) && actual.count === expected.count).toBe(true);
    }
    // The sample holds days with every year, with some years missing, and with none or one left.
    for (const count of [0, 1, 2, years]) expect(counts.has(count)).toBe(true);
  });
});

describe('dailyNormStatistics', () => {
  it('groups by calendar day across years, in the order of the days asked for', () => {
    const years = [
      [
        { day: '12-31', value: 1 },
        { day: '01-01', value: 10 },
      ],
      [
        { day: '12-31', value: 3 },
        { day: '01-01', value: 20 },
      ],
      [
        { day: '12-31', value: 5 },
        { day: '01-01', value: 30 },
      ],
    ];
    const out = dailyNormStatistics(['12-31', '01-01'], years);
    expect(out).toEqual([
      { day: '12-31', average: 3, stdDev: 2, count: 3 },
      { day: '01-01', average: 20, stdDev: 10, count: 3 },
    ]);
  });

  it('02-29 is averaged over the leap years only', () => {
    const years = [
      [{ day: '02-28', value: 1 }],
      [
        { day: '02-28', value: 3 },
        { day: '02-29', value: 7 },
      ],
    ];
    const out = dailyNormStatistics(['02-28', '02-29'], years);
    expect(out[1]).toEqual({ day: '02-29', average: 7, stdDev: 0, count: 1 });
  });
});
