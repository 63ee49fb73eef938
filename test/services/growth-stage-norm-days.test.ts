/** The calendar days the predicted stage dates ask the norms for. */
import { describe, expect, it } from 'vitest';
import { normDaysBetween } from '../../src/services/growth-stage-service.js';

describe('normDaysBetween', () => {
  it('lists 02-29 wherever the span covers the end of February, across the year end', () => {
    // 2024-06-23 … 2025-06-01 is 344 days; 02-29 is listed besides: 345.
    const span = normDaysBetween('2024-06-23', '2025-06-01');
    expect(span).toMatchObject({ start: '06-23', end: '06-01', crossesYearEnd: true });
    expect(span.days).toHaveLength(345);
    expect(span.days.slice(0, 2)).toEqual(['06-23', '06-24']);
    expect(span.days.slice(190, 194)).toEqual(['12-30', '12-31', '01-01', '01-02']);
    expect(span.days.filter((d) => d.startsWith('02-2'))).toEqual(['02-20', '02-21', '02-22', '02-23', '02-24', '02-25', '02-26', '02-27', '02-28', '02-29']);
    expect(span.days.at(-1)).toBe('06-01');
  });

  it('covers a whole year once, every calendar day listed', () => {
    const year = normDaysBetween('2025-01-01', '2025-12-31');
    expect(year).toMatchObject({ start: '01-01', end: '12-31', crossesYearEnd: false });
    expect(year.days).toHaveLength(366);
    expect(new Set(year.days).size).toBe(366);
    // Ending on 28 February, the span stops before 02-29 (no day of it is a 29 February).
    const march = normDaysBetween('2025-03-01', '2026-02-28');
    expect(march.days).toHaveLength(365);
    expect(march.days.slice(-2)).toEqual(['02-27', '02-28']);
    expect(march.days).not.toContain('02-29');
  });

  it('is one day for a one-day span', () => {
    expect(normDaysBetween('2024-07-04', '2024-07-04')).toEqual({ start: '07-04', end: '07-04', crossesYearEnd: false, days: ['07-04'] });
  });
});
