/**
 * Agronomic values for a place: per day the growing degree days (GDD), the reference
 * evapotranspiration (PET, FAO-56 Penman-Monteith) and P/PET, with running totals from an
 * accumulation start, over a date range from 30 months ago to 7 days ahead.
 *
 * Weather. Days before today (at the place) are the source's daily values, fetched with one
 * `daily()` request from the accumulation start. Today and later are forecast days: the source's
 * hourly forecast, issued at the clock's now, cut into the place's local calendar days and
 * aggregated per day (the forecasts' 24-hour block: highest and lowest temperature, summed
 * precipitation and solar, highest and lowest relative humidity, mean wind speed).
 *
 * PET inputs: the day's Tmax, Tmin, RHmax, RHmin, solar total (Wh/m²) and mean wind speed at
 * 10 m; the latitude of the grid cell that answers for the place; the day of year; elevation 0 m
 * (the weather sources do not give one). GDD are computed in the request's unit system (°F
 * temperatures and °F parameters under `usa`); precipitation and PET stay in mm here.
 *
 * Numbers are kept in typed arrays, NaN standing for "no value" (written as `null`).
 */
import { dailyGddFromCelsius, type GddParameters } from '../agronomy/gdd.js';
import { referenceEvapotranspiration } from '../agronomy/pet.js';
import { ppet } from '../agronomy/ppet.js';
import { DEFAULT_CONDITIONS_TYPE } from '../agronomy/conditions.js';
import type { Clock } from '../core/clock.js';
import { addDays, addMonths, datesInRange, dayOfYear, daysBetween, type IsoDate } from '../core/dates.js';
import { invalid } from '../core/errors.js';
import type { Store } from '../store/store.js';
import type { DailyWeather, WeatherSource } from '../weather/weather-source.js';
import { createForecastService, type ForecastDayBlocks } from './forecast-service.js';
import { createObservationService } from './observation-service.js';
import { localToday, WEATHER_WINDOWS, type WeatherLocation } from './weather-service.js';

/** Height of the sources' wind speeds above ground, m (the weather core's convention). */
export const WIND_MEASUREMENT_HEIGHT_M = 10;

/** `accumulationStartDate` may reach back this many months from today. */
export const ACCUMULATION_START_MONTHS_BACK = 12;

/** One day's GDD, precipitation (mm) and PET (mm) per index; NaN where a value is missing. */
export interface DailyAgronomicSeries {
  gdd: Float64Array;
  precipitation: Float64Array;
  pet: Float64Array;
}

export function dailyAgronomicSeries(length: number): DailyAgronomicSeries {
  return { gdd: new Float64Array(length), precipitation: new Float64Array(length), pet: new Float64Array(length) };
}

const valueOrNaN = (value: number | null) => (value === null ? Number.NaN : value);

/**
 * Fills `series` from index `at` with the GDD, precipitation and PET of `days` (consecutive
 * dates). PET uses `latitude` (the grid cell's), the day of year, the day's humidity, solar and
 * mean wind at 10 m, and elevation 0 m.
 */
export function fillDailyAgronomicSeries(
  days: readonly DailyWeather[],
  latitude: number,
  gdd: GddParameters,
  series: DailyAgronomicSeries,
  at = 0,
): void {
  const input = {
    tmax: 0,
    tmin: 0,
    rhMax: null as number | null,
    rhMin: null as number | null,
    solar: null as number | null,
    windSpeed: null as number | null,
    windHeightM: WIND_MEASUREMENT_HEIGHT_M,
    latitude,
    dayOfYear: 1,
    elevationM: 0,
  };
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
    series.gdd[at + i] = dailyGddFromCelsius(day.tmax, day.tmin, gdd);
    input.tmax = day.tmax;
    input.tmin = day.tmin;
    input.rhMax = day.rhMax;
    input.rhMin = day.rhMin;
    input.solar = day.solar;
    input.windSpeed = day.windAverage;
    input.dayOfYear = doy;
    series.pet[at + i] = referenceEvapotranspiration(input);
  }
}

function yearLengthOf(date: IsoDate): number {
  const year = Number(date.slice(0, 4));
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/** P/PET of one value pair with the zero rule of `ppet`; NaN for `null`. */
export function ppetOrNaN(precipitation: number, pet: number): number {
  if (Number.isNaN(precipitation) || Number.isNaN(pet)) return Number.NaN;
  return valueOrNaN(ppet(precipitation, pet));
}

/** Running totals of `series` from index `from` (inclusive) through `to` (exclusive). Missing values add nothing. */
export interface RunningTotals {
  gdd: Float64Array;
  precipitation: Float64Array;
  pet: Float64Array;
  /** accumulated precipitation / accumulated PET; NaN while no PET has accumulated. */
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

/** The dates the agronomic values endpoints accept at a place, by the clock. */
export interface AgronomicValuesWindow {
  today: IsoDate;
  yesterday: IsoDate;
  /** Today 30 months ago. */
  earliest: IsoDate;
  /** Today plus 7 days. */
  latest: IsoDate;
  /** `accumulationStartDate`: from today one year ago … */
  accumulationEarliest: IsoDate;
  /** … through yesterday. */
  accumulationLatest: IsoDate;
}

export interface AgronomicValuesRequest {
  start: IsoDate;
  end: IsoDate;
  /** First day of the running totals: `start` or an earlier `accumulationStartDate`. */
  accumulationStart: IsoDate;
  gdd: GddParameters;
}

/** The requested days, ascending; amounts in mm, GDD in the parameters' unit system, NaN = no value. */
export interface AgronomicValues {
  /** Provenance of the numbers: the daily source, then the forecast source. */
  sources: string[];
  dates: IsoDate[];
  gdd: Float64Array;
  pet: Float64Array;
  ppet: Float64Array;
  accumulatedGdd: Float64Array;
  accumulatedPrecipitation: Float64Array;
  accumulatedPet: Float64Array;
  accumulatedPpet: Float64Array;
}

export interface AgronomicValuesService {
  window(location: WeatherLocation): AgronomicValuesWindow;
  values(location: WeatherLocation, request: AgronomicValuesRequest, window: AgronomicValuesWindow): Promise<AgronomicValues>;
}

/** A forecast day's 24-hour block as daily weather. */
function forecastDaily(day: ForecastDayBlocks): DailyWeather {
  const block = day.blocks[0]!.values;
  return {
    date: day.date,
    tmax: block.temperature.max,
    tmin: block.temperature.min,
    precipitation: block.precipitation,
    solar: block.solar,
    rhMax: block.relativeHumidity.max,
    rhMin: block.relativeHumidity.min,
    windDayMax: block.wind.max,
    windMorningMax: null,
    windAverage: block.wind.average,
  };
}

export function createAgronomicValuesService(weather: WeatherSource, clock: Clock): AgronomicValuesService {
  const observations = createObservationService(weather, clock);
  const forecasts = createForecastService(weather, clock);
  return {
    window(location) {
      const today = localToday(location, clock);
      const yesterday = addDays(today, -1);
      return {
        today,
        yesterday,
        earliest: addMonths(today, -WEATHER_WINDOWS.observationMonthsBack),
        latest: addDays(today, WEATHER_WINDOWS.forecastDaysAhead),
        accumulationEarliest: addMonths(today, -ACCUMULATION_START_MONTHS_BACK),
        accumulationLatest: yesterday,
      };
    },

    async values(location, request, window) {
      const from = request.accumulationStart;
      const length = daysBetween(from, request.end) + 1;
      const series = dailyAgronomicSeries(length);
      const sources: string[] = [];
      const latitude = location.cell.latitude;

      const pastEnd = request.end < window.today ? request.end : window.yesterday;
      const forecastStart = from > window.today ? from : window.today;
      const [past, future] = await Promise.all([
        from <= pastEnd ? observations.daily(location, { start: from, end: pastEnd }) : null,
        forecastStart <= request.end
          ? forecasts.forecast(location, datesInRange(forecastStart, request.end), {
              blockSize: 24,
              frame: { kind: 'local' },
              conditionsType: DEFAULT_CONDITIONS_TYPE,
            })
          : null,
      ]);
      if (past) {
        sources.push(past.source);
        fillDailyAgronomicSeries(past.days, latitude, request.gdd, series, 0);
      }
      if (future) {
        sources.push(future.source);
        fillDailyAgronomicSeries(future.days.map(forecastDaily), latitude, request.gdd, series, daysBetween(from, forecastStart));
      }

      const totals = runningTotals(series, length);
      const first = daysBetween(from, request.start);
      const count = length - first;
      const daily = new Float64Array(count);
      for (let i = 0; i < count; i++) daily[i] = ppetOrNaN(series.precipitation[first + i]!, series.pet[first + i]!);
      return {
        sources,
        dates: datesInRange(request.start, request.end),
        gdd: series.gdd.subarray(first),
        pet: series.pet.subarray(first),
        ppet: daily,
        accumulatedGdd: totals.gdd.subarray(first),
        accumulatedPrecipitation: totals.precipitation.subarray(first),
        accumulatedPet: totals.pet.subarray(first),
        accumulatedPpet: totals.ppet.subarray(first),
      };
    },
  };
}

/** The field's current planting (its most recently created one), whose date starts the default ranges. */
export interface PlantingStart {
  id: number;
  plantingDate: IsoDate;
}

/** The current planting of the field; 400 when the field has none (the dates must then be given). */
export async function currentPlantingStart(store: Store, accountId: number, fieldId: string, resource: string): Promise<PlantingStart> {
  const planting = await store.plantings.current(accountId, fieldId);
  if (!planting) {
    throw invalid(
      'The field has no planting.',
      `The field '${fieldId}' has no planting, so ${resource} without dates have no start date. Create a planting for the field or give the dates in the path.`,
    );
  }
  return { id: planting.id, plantingDate: planting.plantingDate };
}
