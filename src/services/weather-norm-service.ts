/**
 * Weather norms for a place: per calendar day (`MM-DD`) the mean and the sample standard
 * deviation across years of nine daily quantities.
 *
 * Seasons. A day range may cross the year end (11-01 to 03-31); a season is then named by the
 * year it starts in, so season 2015 of 11-01..03-31 is 2015-11-01 to 2016-03-31. Years, year
 * ranges and `excludeYears` all count seasons this way.
 *
 * Default period: the 10 latest complete seasons that start before the current year at the
 * place. A season is complete when its last day is yesterday or earlier; the current year never
 * counts, even when the requested days of it are already past, so that the default period is the
 * same all year round except where a season crossing the year end is still running.
 *
 * 29 February: every year of the period contributes to it. A leap year contributes its
 * 29 February; a common year contributes its 28 February, the day that stands in for it. The
 * statistics of 02-29 are therefore over as many years as every other day, and a range that
 * covers the end of February lists 02-29 in every period.
 *
 * Each season is fetched as one series (`readDailySeries`, all seasons concurrently) and the
 * statistics are computed in one pass over the requested days.
 */
import type { Clock } from '../core/clock.js';
import type { Requester } from '../core/requester.js';
import { addDays, isLeapYear, type IsoDate, type MonthDay, toEpochDay } from '../core/dates.js';
import { invalid } from '../core/errors.js';
import { normStatisticOf, type NormStatistic } from '../agronomy/norm-statistics.js';
import { type DailySeries, readDailySeries } from '../weather/daily-series.js';
import type { DateRange, WeatherSource } from '../weather/weather-source.js';
import { localToday, weatherDataNotFound, type WeatherLocation } from './weather-location.js';
import { WEATHER_WINDOWS } from './date-windows.js';

export type { NormStatistic } from '../agronomy/norm-statistics.js';

/** The days asked for: `days` in the order of the range (from `start`, across the year end). */
export interface NormDays {
  start: MonthDay;
  end: MonthDay;
  crossesYearEnd: boolean;
  days: readonly MonthDay[];
}

export interface NormPeriod {
  startYear: number;
  endYear: number;
}

export interface NormRequest extends NormDays {
  /** Seasons asked for; absent → the default period. */
  years?: NormPeriod;
  /** Season start years left out. */
  excludeYears: readonly number[];
}

export const NORM_QUANTITIES = [
  'meanTemp',
  'maxTemp',
  'minTemp',
  'precipitation',
  'solar',
  'minHumidity',
  'maxHumidity',
  'dailyMaxWind',
  'averageWind',
] as const;
export type NormQuantity = (typeof NORM_QUANTITIES)[number];

/** Statistics of one calendar day, metric units (°C, mm, Wh/m², %, m/s). */
export type DayNorms = { day: MonthDay } & Record<NormQuantity, NormStatistic>;

export interface WeatherNorms {
  /** Sources of the seasons used, in season order. */
  sources: string[];
  /** The period (before exclusions) and the seasons that were averaged. */
  period: NormPeriod;
  years: number[];
  days: DayNorms[];
}

export interface WeatherNormService {
  /** The norms of the request at the location, computed for `requester` (core/requester.ts). */
  norms(location: WeatherLocation, request: NormRequest, requester?: Requester): Promise<WeatherNorms>;
}

/** The date of `day` in `year`; 02-29 in a common year stands for 28 February. */
export function dateIn(year: number, day: MonthDay): IsoDate {
  const text = `${String(year).padStart(4, '0')}-${day}`;
  return day === '02-29' && !isLeapYear(year) ? text.replace('-02-29', '-02-28') : text;
}

/** The dates of season `year`: from the start day in `year` to the end day (in `year + 1` across the year end). */
export function seasonRange(days: NormDays, year: number): DateRange {
  return { start: dateIn(year, days.start), end: dateIn(days.crossesYearEnd ? year + 1 : year, days.end) };
}

/** Each quantity's value on day `i` of a season's series (NaN where there is none). */
const PICKS: Record<NormQuantity, (v: DailySeries['values'], i: number) => number> = {
  meanTemp: (v, i) => (v.tmax[i]! + v.tmin[i]!) / 2,
  maxTemp: (v, i) => v.tmax[i]!,
  minTemp: (v, i) => v.tmin[i]!,
  precipitation: (v, i) => v.precipitation[i]!,
  solar: (v, i) => v.solar[i]!,
  minHumidity: (v, i) => v.rhMin[i]!,
  maxHumidity: (v, i) => v.rhMax[i]!,
  dailyMaxWind: (v, i) => v.windDayMax[i]!,
  averageWind: (v, i) => v.windAverage[i]!,
};

export function chooseYears(location: WeatherLocation, request: NormRequest, clock: Clock): { period: NormPeriod; years: number[] } {
  const today = localToday(location, clock);
  const yesterday = addDays(today, -1);
  const currentYear = Number(today.slice(0, 4));
  const complete = (year: number) => seasonRange(request, year).end <= yesterday;

  let period: NormPeriod;
  if (request.years) {
    period = request.years;
    if (!complete(period.endYear)) {
      let latest = Math.min(period.endYear, currentYear);
      while (!complete(latest)) latest--;
      const season = seasonRange(request, period.endYear);
      throw invalid(
        "Invalid value for parameter 'endYear'.",
        `endYear ${period.endYear}: the season ${season.start} to ${season.end} is not over yet; the latest complete season starts in ${latest}.`,
      );
    }
  } else {
    let endYear = currentYear - 1;
    while (!complete(endYear)) endYear--;
    period = { startYear: endYear - WEATHER_WINDOWS.normDefaultYears + 1, endYear };
  }

  const requested = period.endYear - period.startYear + 1;
  if (requested > WEATHER_WINDOWS.normMaximumYears) {
    throw invalid(
      "Invalid value for parameter 'startYear'.",
      `Norms are averaged over at most ${WEATHER_WINDOWS.normMaximumYears} years; the years ${period.startYear} to ${period.endYear} are ${requested}. Give a startYear of ${period.endYear - WEATHER_WINDOWS.normMaximumYears + 1} or later for an endYear of ${period.endYear}.`,
    );
  }

  const excluded = new Set(request.excludeYears);
  const years: number[] = [];
  for (let year = period.startYear; year <= period.endYear; year++) if (!excluded.has(year)) years.push(year);
  const minimum = WEATHER_WINDOWS.normMinimumYears;
  if (years.length < minimum) {
    const span = `${period.startYear} to ${period.endYear}`;
    if (years.length < period.endYear - period.startYear + 1) {
      throw invalid(
        "Invalid value for parameter 'excludeYears'.",
        `At least ${minimum} years are needed for norms; after excludeYears only ${years.length} of the years ${span} remain.`,
      );
    }
    throw invalid(
      "Invalid value for parameter 'startYear'.",
      `At least ${minimum} years are needed for norms; the years ${span} are only ${years.length}. Give {startYear},{endYear} at least ${minimum - 1} years apart.`,
    );
  }
  return { period, years };
}

/**
 * Refuses requested years before the first year the weather source holds at the place
 * (`WeatherSource.firstYear`). `leadYears`: how many years before a season's start year its data
 * begin (1 when agronomic running totals start in the year before). A source that states no first
 * year, or holds nothing at the place, is not checked here.
 */
export async function checkYearsHeld(weather: WeatherSource, location: WeatherLocation, request: NormRequest, leadYears = 0): Promise<void> {
  if (!request.years || !weather.firstYear) return;
  const firstYear = await weather.firstYear(location.cell);
  if (firstYear === null) return;
  const earliest = firstYear + leadYears;
  if (request.years.startYear < earliest) {
    const why = leadYears > 0 ? ` (the running totals of each season start in the year before it, so the earliest startYear is ${earliest})` : '';
    throw invalid(
      "Invalid value for parameter 'startYear'.",
      `startYear ${request.years.startYear} is before the weather data held for this place, which begins in ${firstYear}${why}. Give a startYear of ${earliest} or later.`,
    );
  }
}

/**
 * Where each requested day sits in a season's daily values, as an offset from the season's first
 * date. Only the length of the season's February matters, so two tables serve every season: one
 * for seasons whose February has a 29th and one for seasons whose February does not (there 02-29
 * points at 28 February).
 */
export function dayOffsets(request: NormDays, leapFebruary: boolean): Int32Array {
  // A reference season whose February (the one holding the 02-29 slot) is leap or common.
  const februaryInStartYear = !request.crossesYearEnd || '02-29' >= request.start;
  const februaryYear = leapFebruary ? 2000 : 2001;
  const year = februaryInStartYear ? februaryYear : februaryYear - 1;
  const first = toEpochDay(seasonRange(request, year).start);
  const offsets = new Int32Array(request.days.length);
  request.days.forEach((day, d) => {
    offsets[d] = toEpochDay(dateIn(request.crossesYearEnd && day < request.start ? year + 1 : year, day)) - first;
  });
  return offsets;
}

/** The year whose February holds the season's 02-29 slot. */
export function februaryYearOf(request: NormDays, seasonYear: number): number {
  return !request.crossesYearEnd || '02-29' >= request.start ? seasonYear : seasonYear + 1;
}

export function createWeatherNormService(deps: { weather: WeatherSource; clock: Clock }): WeatherNormService {
  const { weather, clock } = deps;
  return {
    async norms(location, request, requester) {
      const { period, years } = chooseYears(location, request, clock);
      await checkYearsHeld(weather, location, request);
      const seasons = years.map((year) => seasonRange(request, year));
      const results = await Promise.all(seasons.map((range) => readDailySeries(weather, location.cell, range, requester)));

      const dayCount = request.days.length;
      const yearCount = years.length;
      const offsetTables = { leap: dayOffsets(request, true), common: dayOffsets(request, false) };
      // values[q * perQuantity + dayIndex * yearCount + yearIndex], one array for every quantity; NaN where a year has no value.
      const perQuantity = dayCount * yearCount;
      const values = new Float64Array(NORM_QUANTITIES.length * perQuantity).fill(Number.NaN);
      const picks = NORM_QUANTITIES.map((quantity) => PICKS[quantity]);
      const sources: string[] = [];

      results.forEach((result: DailySeries | null, y) => {
        const season = seasons[y]!;
        if (!result) throw weatherDataNotFound(location, season);
        sources.push(result.source);
        const offsets = isLeapYear(februaryYearOf(request, years[y]!)) ? offsetTables.leap : offsetTables.common;
        for (let d = 0; d < dayCount; d++) {
          const slot = d * yearCount + y;
          for (let q = 0; q < picks.length; q++) values[q * perQuantity + slot] = picks[q]!(result.values, offsets[d]!);
        }
      });

      const days: DayNorms[] = request.days.map((day, d) => {
        const norms = { day } as DayNorms;
        for (let q = 0; q < NORM_QUANTITIES.length; q++) norms[NORM_QUANTITIES[q]!] = normStatisticOf(values, q * perQuantity + d * yearCount, yearCount);
        return norms;
      });
      return { sources, period, years, days };
    },
  };
}
