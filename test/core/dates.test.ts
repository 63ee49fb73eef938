import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayOfYear, daysBetween, fromEpochDay, isIsoDate, isMonthDay, toEpochDay } from '../../src/core/dates.js';

describe('calendar dates', () => {
  it('numbers days exactly as the JavaScript Date does, over four centuries', () => {
    for (let day = -200_000; day <= 200_000; day += 97) {
      const expected = new Date(day * 86_400_000).toISOString().slice(0, 10);
      expect(fromEpochDay(day)).toBe(expected);
      expect(toEpochDay(expected)).toBe(day);
    }
  });

  it('knows leap days and month lengths', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-4-01')).toBe(false);
    expect(isMonthDay('02-29')).toBe(true);
    expect(isMonthDay('13-01')).toBe(false);
  });

  it('adds days and months and counts between dates', () => {
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(dayOfYear('2024-12-31')).toBe(366);
    expect(addMonths('2024-08-31', -30)).toBe('2022-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });
});
