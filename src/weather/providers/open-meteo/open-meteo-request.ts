/** URLs for the Open-Meteo forecast and archive APIs. */
import type { IsoDate } from '../../../core/dates.js';
import type { DateRange } from '../../weather-source.js';
import { DAILY_VARIABLES, type DailyVariableTable } from '../../daily-variables.js';
import { OPEN_METEO_HOURLY_VARIABLES, openMeteoDailyVariables, openMeteoDayHourlyVariables } from './open-meteo-variables.js';

export interface OpenMeteoEndpoints {
  /** Forecast API (`/v1/forecast`): hourly forecast and the most recent past days. */
  forecastUrl: string;
  /** Historical weather API (`/v1/archive`): daily history. */
  archiveUrl: string;
  /** Commercial key, sent as `apikey` when set (use the `customer-` hosts with it). */
  apiKey?: string;
}

export const DEFAULT_OPEN_METEO_ENDPOINTS: OpenMeteoEndpoints = {
  forecastUrl: 'https://api.open-meteo.com/v1/forecast',
  archiveUrl: 'https://archive-api.open-meteo.com/v1/archive',
};

function coordinate(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

function withParameters(base: string, parameters: Record<string, string>, apiKey: string | undefined): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  if (apiKey) url.searchParams.set('apikey', apiKey);
  // Open-Meteo takes comma-separated lists; keep the commas readable.
  return url.toString().replaceAll('%2C', ',');
}

/**
 * Daily values for local dates `range` in `timeZone`: the daily aggregates and the hourly values
 * the days of `variables` are built from. Metric units, wind in m/s.
 */
export function openMeteoDailyUrl(
  base: string,
  latitude: number,
  longitude: number,
  range: DateRange,
  timeZone: string,
  apiKey?: string,
  variables: DailyVariableTable = DAILY_VARIABLES,
): string {
  return withParameters(
    base,
    {
      latitude: coordinate(latitude),
      longitude: coordinate(longitude),
      start_date: range.start,
      end_date: range.end,
      daily: openMeteoDailyVariables(variables).join(','),
      hourly: openMeteoDayHourlyVariables(variables).join(','),
      timezone: timeZone,
      temperature_unit: 'celsius',
      wind_speed_unit: 'ms',
      precipitation_unit: 'mm',
      timeformat: 'iso8601',
    },
    apiKey,
  );
}

/** Hourly forecast for UTC dates `startDate`..`endDate`, times as Unix seconds. */
export function openMeteoHourlyUrl(base: string, latitude: number, longitude: number, startDate: IsoDate, endDate: IsoDate, apiKey?: string): string {
  return withParameters(
    base,
    {
      latitude: coordinate(latitude),
      longitude: coordinate(longitude),
      start_date: startDate,
      end_date: endDate,
      hourly: OPEN_METEO_HOURLY_VARIABLES.join(','),
      timezone: 'GMT',
      temperature_unit: 'celsius',
      wind_speed_unit: 'ms',
      precipitation_unit: 'mm',
      timeformat: 'unixtime',
    },
    apiKey,
  );
}
