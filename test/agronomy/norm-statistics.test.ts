import { describe, it, expect } from 'vitest';
import { dailyNormStatistics, normAverage, normStatistic } from '../../src/agronomy/norm-statistics.js';

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
