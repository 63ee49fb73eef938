/**
 * Open-Meteo variables the provider asks for, the names older answers used for them, and the
 * units it accepts (the parser converts by the units the answer states). The daily ones, and how
 * a day's value is aggregated from hours, are the `openMeteo` entries of DAILY_VARIABLES (or of
 * the table a source is given).
 */
import { DAILY_VARIABLES, dailyVariableEntries, dailyVariablesWhere, type DailyVariableName, type DailyVariableTable } from '../../daily-variables.js';

/** Daily aggregates, for local days in the location's time zone: those of variables not built from hours. */
export function openMeteoDailyVariables(table: DailyVariableTable): string[] {
  return dailyVariableEntries(table).flatMap(([, { openMeteo }]) => (openMeteo?.daily !== undefined && openMeteo.hourly === undefined ? [openMeteo.daily] : []));
}

/** Hourly values asked together with a daily request, to build the days of the variables made from hours. */
export function openMeteoDayHourlyVariables(table: DailyVariableTable): string[] {
  return [...new Set(dailyVariableEntries(table).flatMap(([, { openMeteo }]) => (openMeteo?.hourly !== undefined ? [openMeteo.hourly.name] : [])))];
}

/** Daily fields a past day must have, not null, to be complete. */
export function openMeteoCompleteFields(table: DailyVariableTable): DailyVariableName[] {
  return dailyVariablesWhere((variable) => variable.openMeteo?.complete === true, table);
}

export const OPEN_METEO_DAILY_VARIABLES: readonly string[] = Object.freeze(openMeteoDailyVariables(DAILY_VARIABLES));
export const OPEN_METEO_DAY_HOURLY_VARIABLES: readonly string[] = Object.freeze(openMeteoDayHourlyVariables(DAILY_VARIABLES));
export const OPEN_METEO_COMPLETE_FIELDS: readonly DailyVariableName[] = Object.freeze(openMeteoCompleteFields(DAILY_VARIABLES));

/**
 * Soil layers matching SOIL_DEPTHS (0-0.1, 0.1-0.4, 0.4-1, 1-2 m), in that order. Open-Meteo
 * serves these layers from NOAA GFS.
 */
export const OPEN_METEO_SOIL_TEMPERATURE = ['soil_temperature_0_to_10cm', 'soil_temperature_10_to_40cm', 'soil_temperature_40_to_100cm', 'soil_temperature_100_to_200cm'] as const;
export const OPEN_METEO_SOIL_MOISTURE = ['soil_moisture_0_to_10cm', 'soil_moisture_10_to_40cm', 'soil_moisture_40_to_100cm', 'soil_moisture_100_to_200cm'] as const;

/** Hourly forecast variables. */
export const OPEN_METEO_HOURLY_VARIABLES = [
  'temperature_2m',
  'precipitation',
  'precipitation_probability',
  'cloud_cover',
  'shortwave_radiation',
  'relative_humidity_2m',
  'wind_speed_10m',
  'wind_gusts_10m',
  'dew_point_2m',
  ...OPEN_METEO_SOIL_TEMPERATURE,
  ...OPEN_METEO_SOIL_MOISTURE,
] as const;

/** Names used by older answers (before the 2023 renaming) for the same variables. */
export const OPEN_METEO_LEGACY_NAMES: Readonly<Record<string, string>> = {
  relative_humidity_2m: 'relativehumidity_2m',
  wind_speed_10m: 'windspeed_10m',
  wind_gusts_10m: 'windgusts_10m',
  dew_point_2m: 'dewpoint_2m',
  cloud_cover: 'cloudcover',
  wind_speed_10m_max: 'windspeed_10m_max',
  wind_speed_10m_mean: 'windspeed_10m_mean',
};

/** Local hours whose instantaneous wind values make up the morning (06:00–12:00, both ends). */
export const MORNING_FIRST_HOUR = 6;
export const MORNING_LAST_HOUR = 12;

/** Earliest date of the archive API (ERA5). */
export const OPEN_METEO_ARCHIVE_START = '1940-01-01';
/** Days after today the forecast API covers (16 forecast days including today). */
export const OPEN_METEO_FORECAST_DAYS_AHEAD = 15;
/** Days before today the forecast API keeps (its `past_days` maximum). */
export const OPEN_METEO_FORECAST_PAST_DAYS = 92;
