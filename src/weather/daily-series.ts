/**
 * Daily values of a range as one series per variable (Float64Array, NaN where a source has no
 * value), the form norms and agronomic series compute from: ten years of a place are ten thousand
 * numbers in a few arrays rather than thousands of day objects. A source may answer it directly
 * (`WeatherSource.dailySeries`: the synthetic source from its kept years, the store from its
 * stored years); any other source's `daily` answer is turned into it.
 */
import { daysBetween, toEpochDay } from '../core/dates.js';
import type { Requester } from '../core/requester.js';
import { DAILY_VARIABLE_NAMES, type DailyVariableName } from './daily-variables.js';
import type { DailyResult, DailySeries, DateRange, GridCell, WeatherSource } from './weather-source.js';

export type { DailySeries } from './weather-source.js';

/**
 * A series of every variable for `length` days, every value NaN: views of one block of memory (a
 * norm asks for a dozen series per season, and one allocation costs far less than a dozen).
 */
export function emptySeriesValues(length: number): Record<DailyVariableName, Float64Array> {
  const values = {} as Record<DailyVariableName, Float64Array>;
  const memory = new Float64Array(length * DAILY_VARIABLE_NAMES.length).fill(Number.NaN);
  DAILY_VARIABLE_NAMES.forEach((name, k) => (values[name] = memory.subarray(k * length, (k + 1) * length)));
  return values;
}

/** A `daily` answer for `range` as series (its days matched to the range by date). */
export function seriesOfDaily(result: DailyResult, range: DateRange): DailySeries {
  const firstEpochDay = toEpochDay(range.start);
  const length = daysBetween(range.start, range.end) + 1;
  const values = emptySeriesValues(length);
  for (const day of result.days) {
    const i = toEpochDay(day.date) - firstEpochDay;
    if (i < 0 || i >= length) continue;
    for (const name of DAILY_VARIABLE_NAMES) {
      const value = day[name];
      if (value !== null && value !== undefined) values[name][i] = value;
    }
  }
  return { source: result.source, ...(result.elevation !== undefined ? { elevation: result.elevation } : {}), firstEpochDay, length, values };
}

/** The source's daily values of `range` as series: its own `dailySeries`, or its `daily` answer turned into one. */
export async function readDailySeries(source: WeatherSource, cell: GridCell, range: DateRange, requester?: Requester): Promise<DailySeries | null> {
  if (source.dailySeries) return source.dailySeries(cell, range, requester);
  const result = await source.daily(cell, range, requester);
  return result && seriesOfDaily(result, range);
}
