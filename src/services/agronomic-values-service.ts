/**
 * Agronomic values for a place: per day the growing degree days (GDD), the reference
 * evapotranspiration (PET, ASCE-EWRI standardized ETos) and P/PET, with running totals from an
 * accumulation start, over a date range from 30 months ago to 7 days ahead.
 *
 * Weather. Days before today (at the place) are the source's daily values, fetched with one
 * `daily()` request from the accumulation start. Today and later are forecast days: the source's
 * hourly forecast, issued at the clock's now, cut into the place's local calendar days and
 * aggregated per day (the forecasts' 24-hour block: highest and lowest temperature, summed
 * precipitation and solar, highest and lowest relative humidity, mean wind speed).
 *
 * PET is the ASCE-EWRI (2005) standardized daily ETos (src/agronomy/pet.ts) from the day's Tmax,
 * Tmin, humidity as the source gave it (vapour pressure or dew point, RHmax/RHmin, RHmean), solar
 * total (Wh/m²) and mean wind speed at 10 m; the latitude of the grid cell that answers for the
 * place; the day of year; and the elevation of the place (`agronomicPlace`). GDD are computed in
 * the request's unit system (°F temperatures and °F parameters under `usa`); precipitation and
 * PET stay in mm here. The series and running totals are `src/agronomy/agronomic-series.ts`.
 */
import {
  dailyAgronomicSeries,
  fillDailyAgronomicSeries,
  placeReferenceEt,
  ppetOrNaN,
  runningTotals,
  type AgronomicPlace,
} from '../agronomy/agronomic-series.js';
import type { GddParameters } from '../agronomy/gdd.js';
import type { ReferenceEvapotranspirationOptions } from '../agronomy/pet.js';
import { DEFAULT_CONDITIONS_TYPE } from '../agronomy/conditions.js';
import type { Clock } from '../core/clock.js';
import { addDays, addMonths, datesInRange, daysBetween, type IsoDate } from '../core/dates.js';
import { invalid } from '../core/errors.js';
import type { Store } from '../store/store.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import type { DailyWeather, WeatherSource } from '../weather/weather-source.js';
import { createForecastService, type ForecastDayBlocks } from './forecast-service.js';
import { createObservationService } from './observation-service.js';
import { localToday, WEATHER_WINDOWS, type WeatherLocation } from './weather-service.js';

/** Height of the sources' wind speeds above ground, m (the weather core's convention). */
export const WIND_MEASUREMENT_HEIGHT_M = 10;

/** `accumulationStartDate` may reach back this many months from today. */
export const ACCUMULATION_START_MONTHS_BACK = 12;

/**
 * Where PET is computed for a place: the latitude of the grid cell that answers for it, and the
 * elevation the weather source names (an imported station's, a provider's) or else the elevation
 * grid's at the cell.
 */
export function agronomicPlace(location: WeatherLocation, sourceElevation: number | null | undefined, elevation: ElevationModel): AgronomicPlace {
  const { cell } = location;
  return {
    latitude: cell.latitude,
    elevationM: sourceElevation ?? elevation.elevationAt(cell.latitude, cell.longitude),
    windHeightM: WIND_MEASUREMENT_HEIGHT_M,
  };
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

export function createAgronomicValuesService(
  weather: WeatherSource,
  clock: Clock,
  elevation: ElevationModel,
  referenceEt: ReferenceEvapotranspirationOptions = {},
): AgronomicValuesService {
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
      const pet = placeReferenceEt(agronomicPlace(location, past?.elevation, elevation), referenceEt);
      if (past) {
        sources.push(past.source);
        fillDailyAgronomicSeries(past.days, pet, request.gdd, series, 0);
      }
      if (future) {
        sources.push(future.source);
        fillDailyAgronomicSeries(future.days.map(forecastDaily), pet, request.gdd, series, daysBetween(from, forecastStart));
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
