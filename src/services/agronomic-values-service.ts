/**
 * Agronomic values for a place: per day the growing degree days (GDD), the reference
 * evapotranspiration (PET, ASCE-EWRI standardized ETos) and P/PET, with running totals from an
 * accumulation start, over a date range within the observed history (30 months by default) to 7 days ahead.
 *
 * Weather. Days before today (at the place) are the source's daily values, fetched with one
 * `daily()` request from the accumulation start. Today and later are forecast days: the source's
 * hourly forecast, issued at the clock's now, read as daily weather (`ForecastService.daily`:
 * the place's local calendar days, each with its highest and lowest temperature, summed
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
  fillDailyAgronomicSeriesFromColumns,
  fillDailyAgronomicSeries,
  placeReferenceEt,
  ppetOrNaN,
  runningTotals,
  type AgronomicPlace,
  type AgronomicValueColumns,
} from '../agronomy/agronomic-series.js';
import type { Requester } from '../core/requester.js';
import { celsiusDailyGdd, GDD_METHOD_TABLE, type GddMethodDefinition, type GddParameters } from '../agronomy/gdd.js';
import type { ReferenceEvapotranspirationOptions } from '../agronomy/pet.js';
import { addDays, datesInRange, daysBetween, type IsoDate } from '../core/dates.js';
import { invalidParameterValue } from '../core/errors.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import { accumulationStartWindow } from './date-windows.js';
import type { ForecastService } from './forecast-service.js';
import type { ObservationService } from './observation-service.js';
import type { WeatherLocation } from './weather-location.js';

/** Height of the sources' wind speeds above ground, m (the weather core's convention). */
export const WIND_MEASUREMENT_HEIGHT_M = 10;

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

export interface AgronomicValuesRequest {
  start: IsoDate;
  end: IsoDate;
  /**
   * `accumulationStartDate`: the first day of the running totals when it is before `start`; from
   * one year before today through yesterday (400 otherwise). Null: the totals start at `start`.
   */
  accumulationStart: IsoDate | null;
  gdd: GddParameters;
}

/** The requested days, ascending; amounts in mm, GDD in the parameters' unit system, NaN = no value. */
export interface AgronomicValues extends AgronomicValueColumns {
  /** Provenance of the numbers: the daily source, then the forecast source. */
  sources: string[];
  dates: IsoDate[];
}

export interface AgronomicValuesService {
  /** Values of the place's days `start` to `end`; `today` is the local date there (days from it on are forecast days). */
  values(place: { location: WeatherLocation; today: IsoDate }, request: AgronomicValuesRequest, requester?: Requester): Promise<AgronomicValues>;
}

export interface AgronomicValuesDependencies {
  observations: ObservationService;
  forecasts: ForecastService;
  elevation: ElevationModel;
  referenceEt?: ReferenceEvapotranspirationOptions;
  /** The GDD methods `request.gdd.method` names one of; default GDD_METHOD_TABLE. */
  gddMethods?: readonly GddMethodDefinition[];
}

/** The first day of the running totals: `start`, or an `accumulationStartDate` on or before it within its window. */
export function accumulationStartOf(requested: IsoDate | null, start: IsoDate, today: IsoDate): IsoDate {
  if (requested === null) return start;
  const name = 'accumulationStartDate';
  const window = accumulationStartWindow(today);
  if (requested < window.earliest || requested > window.latest) {
    throw invalidParameterValue(
      name,
      `${name} ${requested} is outside the allowed dates: it must be ${window.rule}, from ${window.earliest} to ${window.latest}.`,
    );
  }
  if (requested > start) {
    throw invalidParameterValue(name, `${name} ${requested} must not be after the start date ${start}: the running totals begin on it.`);
  }
  return requested;
}

export function createAgronomicValuesService(deps: AgronomicValuesDependencies): AgronomicValuesService {
  const { observations, forecasts, elevation } = deps;
  const referenceEt = deps.referenceEt ?? {};
  const gddMethods = deps.gddMethods ?? GDD_METHOD_TABLE;
  return {
    async values({ location, today }, request, requester) {
      const from = accumulationStartOf(request.accumulationStart, request.start, today);
      const yesterday = addDays(today, -1);
      const length = daysBetween(from, request.end) + 1;
      const series = dailyAgronomicSeries(length);
      const sources: string[] = [];

      const pastEnd = request.end < today ? request.end : yesterday;
      const forecastStart = from > today ? from : today;
      const [past, future] = await Promise.all([
        from <= pastEnd ? observations.series(location, { start: from, end: pastEnd }, requester) : null,
        forecastStart <= request.end
          ? forecasts.daily(location, datesInRange(forecastStart, request.end), requester)
          : null,
      ]);
      const pet = placeReferenceEt(agronomicPlace(location, past?.elevation, elevation), referenceEt);
      const gdd = celsiusDailyGdd(request.gdd, gddMethods);
      if (past) {
        sources.push(past.source);
        fillDailyAgronomicSeriesFromColumns({ firstEpochDay: past.firstEpochDay, ...past.values }, 0, past.length, pet, gdd, series, 0);
      }
      if (future) {
        sources.push(future.source);
        fillDailyAgronomicSeries(future.days, pet, gdd, series, daysBetween(from, forecastStart));
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
