/**
 * The read-through rule the providers share for daily values: serve what the cache holds,
 * fetch only the missing or stale dates (each run of consecutive dates in one call, so a
 * complete day is never fetched again), and cache the answer only when every call succeeded.
 */
import { addDays, datesInRange, type IsoDate } from '../../core/dates.js';
import type { WeatherCache } from '../weather-cache.js';
import type { DailyWeather, DateRange } from '../weather-source.js';

export interface ReadThroughDailyOptions {
  cache: WeatherCache;
  dataset: string;
  cellId: number;
  range: DateRange;
  /** The civil date at the cell now: days before it can be complete. */
  today: IsoDate;
  now: number;
  /** How long an incomplete day stays usable from the cache. */
  provisionalTtlMs: number;
  /** Fields that must be non-null for a past day to be complete. */
  completeFields: readonly (keyof DailyWeather)[];
  /** Fetches one run of consecutive dates; resolves to exactly one day per date, in order. */
  fetchRun(run: DateRange): Promise<DailyWeather[]>;
}

export function isCompleteDay(day: DailyWeather, today: IsoDate, fields: readonly (keyof DailyWeather)[]): boolean {
  return day.date < today && fields.every((field) => day[field] !== null);
}

export async function readThroughDaily(options: ReadThroughDailyOptions): Promise<DailyWeather[]> {
  const { cache, dataset, cellId, range, today, now } = options;
  const dates = datesInRange(range.start, range.end);
  const cached = await cache.readDaily(cellId, range, dataset);
  const usable = (index: number): DailyWeather | undefined => {
    const entry = cached[index];
    if (!entry) return undefined;
    if (entry.complete) return entry.day;
    return now - entry.fetchedAt < options.provisionalTtlMs ? entry.day : undefined;
  };

  const result: (DailyWeather | undefined)[] = dates.map((_, index) => usable(index));
  const runs: DateRange[] = [];
  for (let index = 0; index < dates.length; index++) {
    if (result[index] !== undefined) continue;
    const last = runs[runs.length - 1];
    if (last && addDays(last.end, 1) === dates[index]) runs[runs.length - 1] = { start: last.start, end: dates[index]! };
    else runs.push({ start: dates[index]!, end: dates[index]! });
  }
  if (runs.length === 0) return result as DailyWeather[];

  const fetched: DailyWeather[] = [];
  for (const run of runs) {
    const days = await options.fetchRun(run);
    const expected = datesInRange(run.start, run.end);
    if (days.length !== expected.length || days.some((day, i) => day.date !== expected[i])) {
      throw new Error(`${dataset}: fetched days do not match ${run.start}..${run.end}`);
    }
    fetched.push(...days);
  }

  const complete = fetched.filter((day) => isCompleteDay(day, today, options.completeFields));
  const provisional = fetched.filter((day) => !isCompleteDay(day, today, options.completeFields));
  if (complete.length > 0) await cache.writeDaily(cellId, dataset, complete, true, now);
  if (provisional.length > 0) await cache.writeDaily(cellId, dataset, provisional, false, now);

  const byDate = new Map(fetched.map((day) => [day.date, day]));
  return dates.map((date, index) => result[index] ?? byDate.get(date)!);
}

/**
 * The elevation a provider's daily values at a cell stand for: the one its answer just named
 * (stored for later answers served from the cache), or the one stored with an earlier answer;
 * null when neither exists.
 */
export async function siteElevation(cache: WeatherCache, cellId: number, dataset: string, fetched: number | null): Promise<number | null> {
  const stored = await cache.readElevation(cellId, dataset);
  if (fetched === null) return stored;
  if (stored !== fetched) await cache.writeElevation(cellId, dataset, fetched);
  return fetched;
}
