/**
 * Agronomic norms for a place: per calendar day (`MM-DD`) the mean and sample standard deviation
 * across years of the daily GDD, PET and P/PET and of their running totals, and the statistics
 * of each year's totals over the whole range.
 *
 * Seasons, years, the default period (10 complete seasons before the current year),
 * `excludeYears` and 29 February follow the weather norms (`weather-norm-service.ts`), whose
 * helpers this module uses. For the running totals, 02-29 of a common year stands for the end of
 * 28 February: its daily values are 28 February's and its running totals are those through
 * 28 February (no day is counted twice).
 *
 * Accumulation start. The running totals of each season start on the range's first day, or on
 * `accumulationStartDay`: the latest occurrence of that calendar day before the range's first
 * day (in the same year when it comes earlier in the calendar, otherwise in the year before).
 *
 * Each season is fetched with one `daily()` request, from its accumulation start to its last
 * day (all seasons concurrently), and computed in one pass over typed arrays.
 *
 * Statistics per year: a day's P/PET is the day's precipitation / PET (left out where PET is 0),
 * the accumulated P/PET is the year's accumulated precipitation / accumulated PET; average and
 * standard deviation are taken over the years' ratios.
 */
import type { GddParameters } from '../agronomy/gdd.js';
import type { DailyReferenceEt, ReferenceEvapotranspirationOptions } from '../agronomy/pet.js';
import { normStatistic, type NormStatistic } from '../agronomy/norm-statistics.js';
import type { Clock } from '../core/clock.js';
import { fromEpochDay, isLeapYear, type MonthDay, toEpochDay } from '../core/dates.js';
import type { WeatherSource } from '../weather/weather-source.js';
import {
  accumulateInto,
  dailyAgronomicSeries,
  fillDailyAgronomicSeriesFromColumns,
  placeReferenceEt,
  ppetOrNaN,
  type RunningTotals,
} from '../agronomy/agronomic-series.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import { agronomicPlace } from './agronomic-values-service.js';
import { placeDailySeries, type WeatherLocation } from './weather-service.js';
import {
  checkYearsHeld,
  chooseYears,
  dateIn,
  dayOffsets,
  februaryYearOf,
  type NormPeriod,
  type NormRequest,
  seasonRange,
} from './weather-norm-service.js';

export interface AgronomicNormRequest extends NormRequest {
  /** `accumulationStartDay`, or null to accumulate from the range's first day. */
  accumulationStartDay: MonthDay | null;
  gdd: GddParameters;
}

export const DAILY_NORM_QUANTITIES = [
  'gdd',
  'pet',
  'ppet',
  'accumulatedGdd',
  'accumulatedPrecipitation',
  'accumulatedPet',
  'accumulatedPpet',
] as const;
export type DailyNormQuantity = (typeof DAILY_NORM_QUANTITIES)[number];

/** Statistics of one calendar day; GDD in the parameters' unit system, amounts in mm. */
export type AgronomicDayNorms = { day: MonthDay } & Record<DailyNormQuantity, NormStatistic>;

/** Statistics of the years' totals over the range (from the accumulation start). */
export interface AgronomicNormTotals {
  gdd: NormStatistic;
  precipitation: NormStatistic;
  pet: NormStatistic;
  ppet: NormStatistic;
}

export interface AgronomicNorms {
  /** Sources of the seasons used, in season order. */
  sources: string[];
  period: NormPeriod;
  /** Seasons averaged (their start years). */
  years: number[];
  totals: AgronomicNormTotals;
  /** Number of requested days. */
  dayCount: number;
  /** Statistics of the requested day at `index` (in the order of the range). */
  dayAt(index: number): AgronomicDayNorms;
}

export interface AgronomicNormService {
  norms(location: WeatherLocation, request: AgronomicNormRequest): Promise<AgronomicNorms>;
}

/** The date a season's running totals start on: the range's first day or the latest `accumulationStartDay` before it. */
function accumulationStartOf(request: AgronomicNormRequest, seasonYear: number): string {
  const day = request.accumulationStartDay;
  if (day === null || day === request.start) return seasonRange(request, seasonYear).start;
  return dateIn(day < request.start ? seasonYear : seasonYear - 1, day);
}

export interface AgronomicNormDependencies {
  weather: WeatherSource;
  clock: Clock;
  elevation: ElevationModel;
  referenceEt?: ReferenceEvapotranspirationOptions;
}

export function createAgronomicNormService(deps: AgronomicNormDependencies): AgronomicNormService {
  const { weather, clock, elevation } = deps;
  const referenceEt = deps.referenceEt ?? {};
  return {
    async norms(location, request) {
      const { period, years } = chooseYears(location, request, clock);
      const fetches = years.map((year) => ({ start: accumulationStartOf(request, year), end: seasonRange(request, year).end }));
      const first = request.years?.startYear;
      const leadYears = first === undefined ? 0 : first - Number(accumulationStartOf(request, first).slice(0, 4));
      await checkYearsHeld(weather, location, request, leadYears);
      const results = await Promise.all(fetches.map((range) => placeDailySeries(weather, location, range)));

      const dayCount = request.days.length;
      const yearCount = years.length;
      const offsetTables = { leap: dayOffsets(request, true), common: dayOffsets(request, false) };
      // values[q][dayIndex * yearCount + yearIndex]; NaN where a year has no value.
      const values = DAILY_NORM_QUANTITIES.map(() => new Float64Array(dayCount * yearCount));
      const [gddColumn, petColumn, ppetColumn, accGddColumn, accPrecipitationColumn, accPetColumn, accPpetColumn] = values as [
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
      ];
      const yearTotals = { gdd: new Float64Array(yearCount), precipitation: new Float64Array(yearCount), pet: new Float64Array(yearCount), ppet: new Float64Array(yearCount) };
      const longest = Math.max(0, ...results.map((result) => result.length));
      const series = dailyAgronomicSeries(longest);
      const running: RunningTotals = {
        gdd: new Float64Array(longest),
        precipitation: new Float64Array(longest),
        pet: new Float64Array(longest),
        ppet: new Float64Array(longest),
      };
      const sources: string[] = [];
      // One prepared reference ET per elevation named (normally one for all seasons).
      const prepared = new Map<number | null, DailyReferenceEt>();
      const petAt = (sourceElevation: number | null | undefined): DailyReferenceEt => {
        const key = sourceElevation ?? null;
        let pet = prepared.get(key);
        if (!pet) prepared.set(key, (pet = placeReferenceEt(agronomicPlace(location, key, elevation), referenceEt)));
        return pet;
      };

      results.forEach((result, y) => {
        sources.push(result.source);
        const length = result.length;
        fillDailyAgronomicSeriesFromColumns({ firstEpochDay: result.firstEpochDay, ...result.values }, 0, length, petAt(result.elevation), request.gdd, series, 0);
        accumulateInto(series, length, running);
        const season = seasonRange(request, years[y]!);
        const shift = toEpochDay(season.start) - toEpochDay(fetches[y]!.start);
        const offsets = isLeapYear(februaryYearOf(request, years[y]!)) ? offsetTables.leap : offsetTables.common;
        for (let d = 0; d < dayCount; d++) {
          const i = shift + offsets[d]!;
          const slot = d * yearCount + y;
          gddColumn[slot] = series.gdd[i]!;
          petColumn[slot] = series.pet[i]!;
          ppetColumn[slot] = ppetOrNaN(series.precipitation[i]!, series.pet[i]!);
          accGddColumn[slot] = running.gdd[i]!;
          accPrecipitationColumn[slot] = running.precipitation[i]!;
          accPetColumn[slot] = running.pet[i]!;
          accPpetColumn[slot] = running.ppet[i]!;
        }
        const last = length - 1;
        yearTotals.gdd[y] = running.gdd[last]!;
        yearTotals.precipitation[y] = running.precipitation[last]!;
        yearTotals.pet[y] = running.pet[last]!;
        yearTotals.ppet[y] = running.ppet[last]!;
      });

      const yearValues: number[] = new Array<number>(yearCount);
      const statisticOf = (column: Float64Array, from: number) => {
        for (let y = 0; y < yearCount; y++) yearValues[y] = column[from + y]!;
        return normStatistic(yearValues);
      };
      return {
        sources,
        period,
        years,
        totals: {
          gdd: statisticOf(yearTotals.gdd, 0),
          precipitation: statisticOf(yearTotals.precipitation, 0),
          pet: statisticOf(yearTotals.pet, 0),
          ppet: statisticOf(yearTotals.ppet, 0),
        },
        dayCount,
        dayAt(d) {
          const from = d * yearCount;
          return {
            day: request.days[d]!,
            gdd: statisticOf(gddColumn, from),
            pet: statisticOf(petColumn, from),
            ppet: statisticOf(ppetColumn, from),
            accumulatedGdd: statisticOf(accGddColumn, from),
            accumulatedPrecipitation: statisticOf(accPrecipitationColumn, from),
            accumulatedPet: statisticOf(accPetColumn, from),
            accumulatedPpet: statisticOf(accPpetColumn, from),
          };
        },
      };
    },
  };
}
