/**
 * Where the weather is asked for (a field of the account or a raw latitude/longitude): its grid
 * cell and time zone, the local calendar there, and its daily weather (404 when no source holds it).
 */
import type { Clock } from '../core/clock.js';
import type { Requester } from '../core/requester.js';
import type { IsoDate } from '../core/dates.js';
import { notFoundError } from '../core/errors.js';
import { cellAt } from '../weather/grid.js';
import { localDate, timeZoneAt } from '../weather/time-zone.js';
import { type DailySeries, readDailySeries } from '../weather/daily-series.js';
import type { DateRange, GridCell, WeatherSource } from '../weather/weather-source.js';

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
export async function placeDailySeries(weather: WeatherSource, location: WeatherLocation, range: DateRange, requester?: Requester): Promise<DailySeries> {
  const result = await readDailySeries(weather, location.cell, range, requester);
  if (!result) throw weatherDataNotFound(location, range);
  return result;
}
