/**
 * Norm statistics across years: the mean and the sample standard deviation (n − 1 in the
 * denominator) of one quantity, per calendar day (`MM-DD`) or for an accumulation.
 *
 * - Missing values (`null`, or not finite) are left out; `count` says how many years remained.
 * - n = 0: `average` and `stdDev` are `null`.
 * - n = 1: `average` is the single value and `stdDev` is 0 (one year shows no spread; the
 *   sample formula would divide by zero).
 */
import type { MonthDay } from '../core/dates.js';

export interface NormStatistic {
  readonly average: number | null;
  readonly stdDev: number | null;
  /** Number of years that contributed a value. */
  readonly count: number;
}

/** Mean and sample standard deviation of the given values (see the module comment for n ≤ 1). */
export function normStatistic(values: readonly (number | null)[]): NormStatistic {
  return normStatisticOf(values, 0, values.length);
}

/**
 * As `normStatistic` of `values[from]` … `values[from + count - 1]`: the years of one day in a
 * column of days × years, read in place (a norm takes a dozen statistics a day, and copying or
 * filtering each day's years first cost more than the statistics).
 */
export function normStatisticOf(values: ArrayLike<number | null>, from: number, count: number): NormStatistic {
  const end = from + count;
  let n = 0;
  let sum = 0;
  for (let i = from; i < end; i++) {
    const v = values[i]!;
    // Finite numbers only (v - v is NaN for NaN and ±Infinity).
    if (v !== null && v - v === 0) {
      sum += v;
      n++;
    }
  }
  if (n === 0) return { average: null, stdDev: null, count: 0 };
  const average = sum / n;
  if (n === 1) return { average, stdDev: 0, count: 1 };
  let squares = 0;
  for (let i = from; i < end; i++) {
    const v = values[i]!;
    if (v !== null && v - v === 0) squares += (v - average) * (v - average);
  }
  return { average, stdDev: Math.sqrt(squares / (n - 1)), count: n };
}

/** Mean of the given values, leaving out missing ones; `null` when none remain. */
export function normAverage(values: readonly (number | null)[]): number | null {
  return normStatistic(values).average;
}

export interface DayValue {
  readonly day: MonthDay;
  readonly value: number | null;
}

export interface DayStatistic extends NormStatistic {
  readonly day: MonthDay;
}

/**
 * Per calendar day statistics across years. `days` gives the days wanted, in the order to
 * return them (a range may wrap the year end, e.g. 11-01 … 03-31); `years` holds one series per
 * year (daily values or running accumulations of that year). A day absent from a year's series
 * (02-29 in common years) is left out for that year.
 */
export function dailyNormStatistics(days: readonly MonthDay[], years: readonly (readonly DayValue[])[]): DayStatistic[] {
  const byYear = years.map((series) => new Map(series.map((entry) => [entry.day, entry.value] as const)));
  return days.map((day) => {
    const values: (number | null)[] = [];
    for (const year of byYear) {
      if (year.has(day)) values.push(year.get(day) ?? null);
    }
    return { day, ...normStatistic(values) };
  });
}
