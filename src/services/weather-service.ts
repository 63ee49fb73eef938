/**
 * What the weather use cases share: where the weather is asked for (a field of the account or a
 * raw latitude/longitude), the local calendar at that place, and the date windows of the spec's
 * Limits table.
 */
import type { Clock } from '../core/clock.js';
import type { IsoDate } from '../core/dates.js';
import { notFoundError } from '../core/errors.js';
import { cellAt } from '../weather/grid.js';
import { localDate, timeZoneAt } from '../weather/time-zone.js';
import { type DailySeries, readDailySeries } from '../weather/daily-series.js';
import type { DateRange, GridCell, WeatherSource } from '../weather/weather-source.js';

// What the API layer needs of the weather core and the science, so that it depends on services only.
export type { DailyWeather, WeatherSource } from '../weather/weather-source.js';
export { SOIL_DEPTHS } from '../weather/weather-source.js';
export { DAILY_VARIABLES } from '../weather/daily-variables.js';
export type { DailyVariableName, UnitConversion } from '../weather/daily-variables.js';
export {
  millimetersToInches,
  depthInUnitSystem,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from '../agronomy/unit-conversions.js';

/** The date windows and norm periods (spec "Limits"). */
export const WEATHER_WINDOWS = {
  /** Observations: yesterday or earlier, at most this many months back from today. */
  observationMonthsBack: 30,
  /** Forecasts: today plus this many days. */
  forecastDaysAhead: 7,
  /** Norms without years: this many complete seasons before the current year. */
  normDefaultYears: 10,
  /** Norms: at least this many years must remain. */
  normMinimumYears: 3,
  /**
   * Norms: at most this many years in `{startYear},{endYear}` (before `excludeYears`). The spec
   * states no maximum; this one bounds the work of one request (every year is fetched and
   * computed) and still holds any 30-year climate normal with room to spare.
   */
  normMaximumYears: 50,
} as const;

/** A place weather is asked for. */
export interface WeatherLocation {
  latitude: number;
  longitude: number;
  /** The field's id on field endpoints, null for raw latitude/longitude. */
  fieldId: string | null;
  /** The grid cell whose weather answers for the place. */
  cell: GridCell;
  /** IANA time zone at the place: "today" and local days are dates in it. */
  timeZone: string;
}

export function locationAt(latitude: number, longitude: number, fieldId: string | null = null): WeatherLocation {
  return { latitude, longitude, fieldId, cell: cellAt(latitude, longitude), timeZone: timeZoneAt(latitude, longitude) };
}

/** Today's date at the location, by the clock. */
export function localToday(location: WeatherLocation, clock: Clock): IsoDate {
  return localDate(clock.now(), location.timeZone);
}

/** No source of the chain holds the weather asked for. */
export function weatherDataNotFound(location: WeatherLocation, range: DateRange): Error {
  return notFoundError(
    'Weather data',
    `No weather data is available for ${location.latitude},${location.longitude} from ${range.start} to ${range.end}; check the dates and the location.`,
  );
}

/** The place's daily weather of `range` as one series per variable (404 when no source holds it). */
export async function placeDailySeries(weather: WeatherSource, location: WeatherLocation, range: DateRange): Promise<DailySeries> {
  const result = await readDailySeries(weather, location.cell, range);
  if (!result) throw weatherDataNotFound(location, range);
  return result;
}
