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
 * day (all seasons concurrently), and computed in one pass over typed arrays
 * (agronomy/agronomic-norm-values.ts; on a worker thread of the compute pool when one is given).
 *
 * Statistics per year: a day's P/PET is the day's precipitation / PET (left out where PET is 0),
 * the accumulated P/PET is the year's accumulated precipitation / accumulated PET; average and
 * standard deviation are taken over the years' ratios.
 */
import type { GddParameters } from '../agronomy/gdd.js';
import type { Requester } from '../core/requester.js';
import type { ReferenceEvapotranspirationOptions } from '../agronomy/pet.js';
import { normStatisticOf, type NormStatistic } from '../agronomy/norm-statistics.js';
import type { Clock } from '../core/clock.js';
import { isLeapYear, type MonthDay, toEpochDay } from '../core/dates.js';
import type { WeatherSource } from '../weather/weather-source.js';
import { type AgronomicNormValues, agronomicNormValues, type AgronomicNormValuesInput, type NormSeason } from '../agronomy/agronomic-norm-values.js';
import type { AgronomicValueColumns } from '../agronomy/agronomic-series.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import { agronomicPlace } from './agronomic-values-service.js';
import { placeDailySeries, type WeatherLocation } from './weather-location.js';
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

/** The daily quantities of agronomic norms: those of agronomic values. */
export type DailyNormQuantity = keyof AgronomicValueColumns;

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
  /** The norms of the request at the location, computed for `requester` (core/requester.ts). */
  norms(location: WeatherLocation, request: AgronomicNormRequest, requester?: Requester): Promise<AgronomicNorms>;
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
  /** Computes the seasons' daily values (the compute pool's worker threads); default on the calling thread. */
  compute?: { agronomicNormValues(input: AgronomicNormValuesInput, requester?: Requester): Promise<AgronomicNormValues> };
}

export function createAgronomicNormService(deps: AgronomicNormDependencies): AgronomicNormService {
  const { weather, clock, elevation } = deps;
  const referenceEt = deps.referenceEt ?? {};
  const compute = deps.compute ?? { agronomicNormValues: async (input: AgronomicNormValuesInput) => agronomicNormValues(input) };
  return {
    async norms(location, request, requester) {
      const { period, years } = chooseYears(location, request, clock);
      const fetches = years.map((year) => ({ start: accumulationStartOf(request, year), end: seasonRange(request, year).end }));
      const first = request.years?.startYear;
      const leadYears = first === undefined ? 0 : first - Number(accumulationStartOf(request, first).slice(0, 4));
      await checkYearsHeld(weather, location, request, leadYears);
      const results = await Promise.all(fetches.map((range) => placeDailySeries(weather, location, range, requester)));

      const dayCount = request.days.length;
      const yearCount = years.length;
      const seasons: NormSeason[] = results.map((result, y) => {
        const { tmax, tmin, precipitation, solar, rhMax, rhMin, vapourPressure, rhMean, windAverage } = result.values;
        return {
          columns: { firstEpochDay: result.firstEpochDay, tmax, tmin, precipitation, solar, rhMax, rhMin, vapourPressure, rhMean, windAverage },
          length: result.length,
          place: agronomicPlace(location, result.elevation, elevation),
          shift: toEpochDay(seasonRange(request, years[y]!).start) - toEpochDay(fetches[y]!.start),
          leap: isLeapYear(februaryYearOf(request, years[y]!)),
        };
      });
      const sources = results.map((result) => result.source);
      const input = { seasons, offsets: { leap: dayOffsets(request, true), common: dayOffsets(request, false) }, dayCount, gdd: request.gdd, referenceEt };
      const values = await compute.agronomicNormValues(input, requester);
      const yearTotals = values.totals;

      const statisticOf = (column: Float64Array, from: number) => normStatisticOf(column, from, yearCount);
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
            gdd: statisticOf(values.gdd, from),
            pet: statisticOf(values.pet, from),
            ppet: statisticOf(values.ppet, from),
            accumulatedGdd: statisticOf(values.accumulatedGdd, from),
            accumulatedPrecipitation: statisticOf(values.accumulatedPrecipitation, from),
            accumulatedPet: statisticOf(values.accumulatedPet, from),
            accumulatedPpet: statisticOf(values.accumulatedPpet, from),
          };
        },
      };
    },
  };
}
