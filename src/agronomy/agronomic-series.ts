/**
 * The daily agronomic series the API serves (agronomic values and norms): per day the GDD, the
 * precipitation and the reference ET (`pet.ts`), and their running totals from an accumulation
 * start with the accumulated P/PET (`ppet.ts`). Kept in typed arrays, NaN standing for "no value"
 * (written as `null`), because norms compute many years of them per request.
 *
 * Running totals: the caller passes every day from the accumulation start (the planting date,
 * `accumulationStartDate`, or the first requested day), in date order; each day's totals run
 * from that start through the day. A missing daily value adds nothing to its total. Accumulated
 * P/PET is accumulated precipitation / accumulated PET with the zero rule of `ppet` (NaN while
 * the accumulated PET is 0).
 */
import { dayOfYear, fromEpochDay, isLeapYear, type IsoDate } from '../core/dates.js';
import type { DailyGdd } from './gdd.js';
import type { DayHumidity } from './humidity.js';
import { dailyReferenceEtAt, type DailyReferenceEt, type ReferenceEtSite, type ReferenceEvapotranspirationOptions } from './pet.js';
import { ppet } from './ppet.js';

/**
 * One day's weather as the series needs it (structurally a weather source's daily values):
 * temperatures °C, precipitation mm, solar Wh/m², humidity %, vapour pressure kPa, wind m/s.
 */
export interface AgronomicDay extends DayHumidity {
  readonly date: IsoDate;
  readonly precipitation: number | null;
  readonly solar: number | null;
  /** Mean wind speed of the day at `AgronomicPlace.windHeightM`. */
  readonly windAverage: number | null;
}

/** Where the days were observed: what reference ET needs beyond the day's weather. */
export interface AgronomicPlace extends ReferenceEtSite {
  /** Metres above sea level (the station's, the provider's, or the elevation grid's). */
  readonly elevationM: number;
}

/** One day's GDD, precipitation (mm) and PET (mm) per index; NaN where a value is missing. */
export interface DailyAgronomicSeries {
  gdd: Float64Array;
  precipitation: Float64Array;
  pet: Float64Array;
}

/** The quantities the agronomic endpoints serve per day, one value per index (NaN = no value). */
export interface AgronomicValueColumns {
  gdd: Float64Array;
  pet: Float64Array;
  ppet: Float64Array;
  accumulatedGdd: Float64Array;
  accumulatedPrecipitation: Float64Array;
  accumulatedPet: Float64Array;
  accumulatedPpet: Float64Array;
}

export function dailyAgronomicSeries(length: number): DailyAgronomicSeries {
  return { gdd: new Float64Array(length), precipitation: new Float64Array(length), pet: new Float64Array(length) };
}

const valueOrNaN = (value: number | null | undefined) => (value === null || value === undefined ? Number.NaN : value);

/**
 * Reference ET of the days at a place: the ASCE-EWRI standardized daily ETos (or the method in
 * `options`), prepared once per place (see `dailyReferenceEtAt`) and passed to
 * `fillDailyAgronomicSeries` for every run of days there.
 */
export function placeReferenceEt(place: AgronomicPlace, options: ReferenceEvapotranspirationOptions = {}): DailyReferenceEt {
  return dailyReferenceEtAt(place, options);
}

/**
 * Fills `series` from index `at` with the GDD, precipitation and PET of `days` (consecutive
 * dates). GDD is `gdd` (from `celsiusDailyGdd`, gdd.ts) of each day's temperatures; PET is `pet`
 * (from `placeReferenceEt`) of each day with its day of year, humidity as the source gave it
 * (vapour pressure, RHmax/RHmin, RHmean), solar and mean wind. A day without both temperatures
 * has neither GDD nor PET.
 */
export function fillDailyAgronomicSeries(
  days: readonly AgronomicDay[],
  pet: DailyReferenceEt,
  gdd: DailyGdd,
  series: DailyAgronomicSeries,
  at = 0,
): void {
  let doy = days.length > 0 ? dayOfYear(days[0]!.date) : 1;
  let yearLength = days.length > 0 ? yearLengthOf(days[0]!.date) : 365;
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if (i > 0) {
      doy++;
      if (doy > yearLength || day.date.endsWith('-01-01')) {
        doy = dayOfYear(day.date);
        yearLength = yearLengthOf(day.date);
      }
    }
    series.precipitation[at + i] = valueOrNaN(day.precipitation);
    if (day.tmax === null || day.tmin === null) {
      series.gdd[at + i] = Number.NaN;
      series.pet[at + i] = Number.NaN;
      continue;
    }
    series.gdd[at + i] = gdd(day.tmax, day.tmin);
    series.pet[at + i] = pet(day.tmax, day.tmin, day.vapourPressure ?? null, day.rhMax, day.rhMin, day.rhMean ?? null, day.solar, day.windAverage, doy);
  }
}

/**
 * Consecutive days' weather as one series per variable (NaN where there is no value), from
 * `firstEpochDay` (days since 1970-01-01): what a weather source's daily series holds.
 */
export interface AgronomicColumns {
  readonly firstEpochDay: number;
  readonly tmax: Float64Array;
  readonly tmin: Float64Array;
  readonly precipitation: Float64Array;
  readonly solar: Float64Array;
  readonly rhMax: Float64Array;
  readonly rhMin: Float64Array;
  readonly vapourPressure: Float64Array;
  readonly rhMean: Float64Array;
  readonly windAverage: Float64Array;
}

const orNull = (value: number) => (value === value ? value : null);

/**
 * `fillDailyAgronomicSeries` for `count` days of series from day `from` of `columns`: the same
 * numbers, without a day object each.
 */
export function fillDailyAgronomicSeriesFromColumns(
  columns: AgronomicColumns,
  from: number,
  count: number,
  pet: DailyReferenceEt,
  gdd: DailyGdd,
  series: DailyAgronomicSeries,
  at = 0,
): void {
  const first = fromEpochDay(columns.firstEpochDay + from);
  let doy = dayOfYear(first);
  let year = Number(first.slice(0, 4));
  let yearLength = isLeapYear(year) ? 366 : 365;
  const { tmax, tmin, precipitation } = columns;
  for (let k = 0; k < count; k++) {
    if (k > 0 && ++doy > yearLength) {
      doy = 1;
      year++;
      yearLength = isLeapYear(year) ? 366 : 365;
    }
    const i = from + k;
    series.precipitation[at + k] = precipitation[i]!;
    const high = tmax[i]!;
    const low = tmin[i]!;
    if (high !== high || low !== low) {
      series.gdd[at + k] = Number.NaN;
      series.pet[at + k] = Number.NaN;
      continue;
    }
    series.gdd[at + k] = gdd(high, low);
    series.pet[at + k] = pet(
      high,
      low,
      orNull(columns.vapourPressure[i]!),
      orNull(columns.rhMax[i]!),
      orNull(columns.rhMin[i]!),
      orNull(columns.rhMean[i]!),
      orNull(columns.solar[i]!),
      orNull(columns.windAverage[i]!),
      doy,
    );
  }
}

function yearLengthOf(date: IsoDate): number {
  const year = Number(date.slice(0, 4));
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/** P/PET of one day with the zero rule of `ppet`; NaN for a missing value. */
export function ppetOrNaN(precipitation: number, pet: number): number {
  if (Number.isNaN(precipitation) || Number.isNaN(pet)) return Number.NaN;
  return valueOrNaN(ppet(precipitation, pet));
}

/** Running totals per day; NaN P/PET while no PET has accumulated. */
export interface RunningTotals {
  gdd: Float64Array;
  precipitation: Float64Array;
  pet: Float64Array;
  /** accumulated precipitation / accumulated PET */
  ppet: Float64Array;
}

export function runningTotals(series: DailyAgronomicSeries, length: number): RunningTotals {
  const totals: RunningTotals = {
    gdd: new Float64Array(length),
    precipitation: new Float64Array(length),
    pet: new Float64Array(length),
    ppet: new Float64Array(length),
  };
  accumulateInto(series, length, totals);
  return totals;
}

/** Writes the running totals of the first `length` days of `series` into `totals`. */
export function accumulateInto(series: DailyAgronomicSeries, length: number, totals: RunningTotals): void {
  let gdd = 0;
  let precipitation = 0;
  let pet = 0;
  for (let i = 0; i < length; i++) {
    const g = series.gdd[i]!;
    const p = series.precipitation[i]!;
    const e = series.pet[i]!;
    if (g === g) gdd += g;
    if (p === p) precipitation += p;
    if (e === e) pet += e;
    totals.gdd[i] = gdd;
    totals.precipitation[i] = precipitation;
    totals.pet[i] = pet;
    totals.ppet[i] = valueOrNaN(ppet(precipitation, pet));
  }
}
