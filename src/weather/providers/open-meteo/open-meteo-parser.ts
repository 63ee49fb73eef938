/**
 * Validates Open-Meteo answers and converts them to internal units, by the units the answer
 * states (`daily_units`, `hourly_units`). A body that is not JSON, is an `{error, reason}` answer,
 * has arrays of unequal length, non-numbers where numbers belong, or does not cover the asked
 * dates/hours is a `ProviderResponseError`: never a partial answer.
 *
 * Daily: each variable of the daily variables table with an `openMeteo` entry, converted from the
 * unit the answer states to the variable's internal unit; nulls stay nulls. A variable with an
 * `hourly` entry (humidity extremes, the day's and the morning's highest wind, the mean wind)
 * takes the entry's aggregate of the hourly values of the local day (the morning: instantaneous
 * values at 06:00 … 12:00); a day with a null among them (or fewer than 23 hours) gets null
 * there. Without hourly values, the entry's `daily` aggregate is used when the answer has it.
 *
 * Hourly: the hour starting at H takes instantaneous values (temperature, humidity, dew point,
 * wind speed, cloud cover, soil) at H, and values Open-Meteo gives "for the preceding hour"
 * (precipitation, its probability, shortwave radiation, gusts) at H+1h. An hour with a null in
 * any of them is unusable; `parseOpenMeteoHourly` then returns null for the whole request (the
 * chain asks the next source) rather than a forecast with holes.
 */
import { datesInRange, type IsoDate } from '../../../core/dates.js';
import { fractionToPercent, hectopascalToKilopascal } from '../../../agronomy/unit-conversions.js';
import {
  humidityToPercent,
  precipitationToMm,
  solarToWhPerM2,
  temperatureToCelsius,
  windToMetresPerSecond,
  type PrecipitationUnit,
  type TemperatureUnit,
  type WindUnit,
} from '../../import/weather-units.js';
import { DAILY_VARIABLES, dailyVariableEntries, type DailyVariableTable, type HourlyAggregate, type InternalUnit, type OpenMeteoVariable } from '../../daily-variables.js';
import type { DailyWeather, DateRange, HourlyWeather } from '../../weather-source.js';
import { isObject, ProviderResponseError, readJsonObject } from '../provider-response-error.js';
import {
  MORNING_FIRST_HOUR,
  MORNING_LAST_HOUR,
  OPEN_METEO_LEGACY_NAMES,
  OPEN_METEO_SOIL_MOISTURE,
  OPEN_METEO_SOIL_TEMPERATURE,
} from './open-meteo-variables.js';

const PROVIDER = 'open-meteo';
const HOUR_MS = 3_600_000;

function fail(reason: string): never {
  throw new ProviderResponseError(PROVIDER, reason);
}

interface Section {
  name: string;
  time: (string | number)[];
  arrays: Record<string, unknown[]>;
  units: Record<string, unknown>;
}

interface OpenMeteoDocument {
  utcOffsetSeconds: number;
  /** Elevation of the model cell the values stand for, m (the answer's `elevation`). */
  elevation?: number;
  daily?: Section;
  hourly?: Section;
}

export function readOpenMeteoBody(body: string): OpenMeteoDocument {
  const document = readJsonObject(PROVIDER, body);
  if (document.error === true) fail(`error answer: ${String(document.reason ?? 'no reason given')}`);
  const offset = document.utc_offset_seconds ?? 0;
  if (typeof offset !== 'number' || !Number.isInteger(offset)) fail('utc_offset_seconds is not an integer');
  const result: OpenMeteoDocument = { utcOffsetSeconds: offset };
  if (typeof document.elevation === 'number' && Number.isFinite(document.elevation)) result.elevation = document.elevation;
  for (const name of ['daily', 'hourly'] as const) {
    const section = document[name];
    if (section === undefined) continue;
    if (!isObject(section)) fail(`${name} is not an object`);
    const time = section.time;
    if (!Array.isArray(time) || !time.every((t) => typeof t === 'string' || typeof t === 'number')) fail(`${name}.time is not an array of times`);
    const arrays: Record<string, unknown[]> = {};
    for (const [key, value] of Object.entries(section)) {
      if (!Array.isArray(value)) fail(`${name}.${key} is not an array`);
      if (value.length !== time.length) fail(`${name}.${key} has ${value.length} values for ${time.length} times`);
      arrays[key] = value;
    }
    const units = document[`${name}_units`];
    result[name] = { name, time: time as (string | number)[], arrays, units: isObject(units) ? units : {} };
  }
  return result;
}

/** A numeric series by name (or its older name); undefined when the section does not have it. */
function series(section: Section, name: string): { values: (number | null)[]; unit: string } | undefined {
  const key = name in section.arrays ? name : OPEN_METEO_LEGACY_NAMES[name];
  if (key === undefined || !(key in section.arrays)) return undefined;
  const values = section.arrays[key]!;
  for (const [i, value] of values.entries()) {
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) fail(`${section.name}.${key}[${i}] is ${JSON.stringify(value)}, not a number`);
  }
  const unit = section.units[key];
  if (typeof unit !== 'string') fail(`${section.name}_units has no unit for ${key}`);
  return { values: values as (number | null)[], unit };
}

type Converter = (value: number) => number;

type ConverterKind = 'temperature' | 'precipitation' | 'dailySolar' | 'hourlySolar' | 'wind' | 'percent' | 'pressure' | 'soilMoisture';

/** The kind of conversion a daily variable's values take, by its internal unit. */
const DAILY_CONVERTER: Readonly<Record<InternalUnit, ConverterKind>> = {
  '°C': 'temperature',
  mm: 'precipitation',
  'Wh/m²': 'dailySolar',
  '%': 'percent',
  kPa: 'pressure',
  'm/s': 'wind',
};

function converter(kind: ConverterKind, variable: string, unit: string): Converter {
  const unknown = (): never => fail(`${variable} is in '${unit}', which is not understood`);
  switch (kind) {
    case 'temperature': {
      const u = ({ '°C': 'C', '°F': 'F' } as Record<string, TemperatureUnit>)[unit] ?? unknown();
      return (v) => temperatureToCelsius(v, u);
    }
    case 'precipitation': {
      const u = ({ mm: 'mm', inch: 'in' } as Record<string, PrecipitationUnit>)[unit] ?? unknown();
      return (v) => precipitationToMm(v, u);
    }
    case 'dailySolar':
      if (unit !== 'MJ/m²' && unit !== 'MJ/m2') unknown();
      return (v) => solarToWhPerM2(v, 'MJ/m2');
    case 'hourlySolar':
      // Mean irradiance over one hour (W/m²) equals the hour's energy in Wh/m².
      if (unit !== 'W/m²' && unit !== 'W/m2') unknown();
      return (v) => v;
    case 'wind': {
      const u = ({ 'm/s': 'm/s', 'km/h': 'km/h', 'mp/h': 'mph', mph: 'mph', kn: 'knots' } as Record<string, WindUnit>)[unit] ?? unknown();
      return (v) => windToMetresPerSecond(v, u);
    }
    case 'percent':
      if (unit !== '%') unknown();
      return (v) => humidityToPercent(v, '%');
    case 'pressure':
      if (unit === 'kPa') return (v) => v;
      if (unit === 'hPa') return hectopascalToKilopascal;
      return unknown();
    case 'soilMoisture':
      if (unit !== 'm³/m³' && unit !== 'm3/m3') unknown();
      return fractionToPercent;
  }
}

function convertedSeries(section: Section, name: string, kind: Parameters<typeof converter>[0]): (number | null)[] | undefined {
  const found = series(section, name);
  if (!found) return undefined;
  const convert = converter(kind, name, found.unit);
  return found.values.map((v) => (v === null ? null : convert(v)));
}

/** Local `YYYY-MM-DD` and hour of an hourly time (ISO local text, or Unix seconds + offset). */
function localParts(time: string | number, utcOffsetSeconds: number): { date: IsoDate; hour: number } {
  if (typeof time === 'number') {
    const local = new Date((time + utcOffsetSeconds) * 1000).toISOString();
    return { date: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
  }
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(time)) fail(`time '${time}' is not ISO 8601`);
  return { date: time.slice(0, 10), hour: time.length > 10 ? Number(time.slice(11, 13)) : 0 };
}

/** A variable of the table that Open-Meteo gives. */
interface OpenMeteoEntry {
  readonly name: string;
  readonly unit: InternalUnit;
  readonly openMeteo: OpenMeteoVariable;
}

function openMeteoEntries(table: DailyVariableTable): OpenMeteoEntry[] {
  return dailyVariableEntries(table).flatMap(([name, { unit, openMeteo }]) => (openMeteo === null ? [] : [{ name, unit, openMeteo }]));
}

/** A day's value from its hours' values (all numbers, in hour order) and their local hours. */
const AGGREGATES: Readonly<Record<HourlyAggregate, (values: number[], hours: number[]) => number | null>> = {
  max: (values) => Math.max(...values),
  min: (values) => Math.min(...values),
  mean: (values) => values.reduce((a, b) => a + b, 0) / values.length,
  morningMax: (values, hours) => {
    const morning = values.filter((_, i) => hours[i]! >= MORNING_FIRST_HOUR && hours[i]! <= MORNING_LAST_HOUR);
    return morning.length > 0 ? Math.max(...morning) : null;
  },
};

/** The values of the variables built from hours, per local date of the hourly section. */
function daysFromHours(document: OpenMeteoDocument, entries: readonly OpenMeteoEntry[]): Map<IsoDate, Map<string, number | null>> {
  const out = new Map<IsoDate, Map<string, number | null>>();
  const hourly = document.hourly;
  if (!hourly) return out;
  const fromHours = entries.filter(({ openMeteo }) => openMeteo.hourly !== undefined);
  const series = new Map<string, (number | null)[] | undefined>();
  for (const { unit, openMeteo } of fromHours) {
    const name = openMeteo.hourly!.name;
    if (!series.has(name)) series.set(name, convertedSeries(hourly, name, DAILY_CONVERTER[unit]));
  }
  const byDate = new Map<IsoDate, { hours: number[]; indices: number[] }>();
  hourly.time.forEach((time, i) => {
    const { date, hour } = localParts(time, document.utcOffsetSeconds);
    let day = byDate.get(date);
    if (!day) byDate.set(date, (day = { hours: [], indices: [] }));
    day.hours.push(hour);
    day.indices.push(i);
  });
  for (const [date, { hours, indices }] of byDate) {
    const whole = hours.length >= 23;
    const values = new Map<string, number | null>();
    for (const { name, openMeteo } of fromHours) {
      const { name: hourlyName, aggregate } = openMeteo.hourly!;
      const all = series.get(hourlyName);
      const day = indices.map((i) => all?.[i]);
      const usable = whole && day.every((v): v is number => typeof v === 'number');
      values.set(name, usable ? AGGREGATES[aggregate](day as number[], hours) : null);
    }
    out.set(date, values);
  }
  return out;
}

/**
 * Daily weather for every date of `range` (see the file comment): the variables of `variables`
 * (default DAILY_VARIABLES) that Open-Meteo gives, and null for the others every source states.
 * `onElevation` receives the elevation the answer names for its model cell, when it names one.
 */
export function parseOpenMeteoDaily(
  body: string,
  range: DateRange,
  onElevation?: (metres: number) => void,
  variables: DailyVariableTable = DAILY_VARIABLES,
): DailyWeather[] {
  const document = readOpenMeteoBody(body);
  if (document.elevation !== undefined) onElevation?.(document.elevation);
  const daily = document.daily ?? fail('no daily section');
  const index = new Map<string, number>();
  daily.time.forEach((time, i) => index.set(String(time), i));
  const entries = openMeteoEntries(variables);
  const stated = dailyVariableEntries(variables).filter(([, variable]) => variable.openMeteo === null && !variable.optional).map(([name]) => name);
  const dailySeries = entries.map(({ name, unit, openMeteo }) => ({
    name,
    fromHours: openMeteo.hourly !== undefined,
    values: openMeteo.daily === undefined ? undefined : convertedSeries(daily, openMeteo.daily, DAILY_CONVERTER[unit]),
  }));
  const fromHours = daysFromHours(document, entries);
  return datesInRange(range.start, range.end).map((date) => {
    const i = index.get(date);
    if (i === undefined) fail(`daily values do not cover ${date}`);
    const hours = fromHours.get(date);
    const day: Record<string, unknown> = { date };
    for (const { name, fromHours: built, values } of dailySeries) day[name] = built && hours ? hours.get(name)! : (values?.[i] ?? null);
    for (const name of stated) day[name] = null;
    return day as unknown as DailyWeather;
  });
}

/** Hours from `start` (UTC epoch ms), `count` of them; null when any is unusable (see above). */
export function parseOpenMeteoHourly(body: string, start: number, count: number): HourlyWeather[] | null {
  const document = readOpenMeteoBody(body);
  const hourly = document.hourly ?? fail('no hourly section');
  const index = new Map<number, number>();
  hourly.time.forEach((time, i) => {
    const epochMs =
      typeof time === 'number'
        ? time * 1000
        : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(time)
          ? Date.parse(`${time}:00Z`) - document.utcOffsetSeconds * 1000
          : fail(`time '${time}' is not ISO 8601`);
    index.set(epochMs, i);
  });
  const get = (name: string, kind: Parameters<typeof converter>[0]) => convertedSeries(hourly, name, kind);
  const temperature = get('temperature_2m', 'temperature');
  const precipitation = get('precipitation', 'precipitation');
  const chance = get('precipitation_probability', 'percent');
  const cloud = get('cloud_cover', 'percent');
  const solar = get('shortwave_radiation', 'hourlySolar');
  const humidity = get('relative_humidity_2m', 'percent');
  const wind = get('wind_speed_10m', 'wind');
  const gust = get('wind_gusts_10m', 'wind');
  const dewPoint = get('dew_point_2m', 'temperature');
  const soilTemperature = OPEN_METEO_SOIL_TEMPERATURE.map((name) => get(name, 'temperature'));
  const soilMoisture = OPEN_METEO_SOIL_MOISTURE.map((name) => get(name, 'soilMoisture'));

  const hours: HourlyWeather[] = [];
  let usable = true;
  for (let n = 0; n < count; n++) {
    const time = start + n * HOUR_MS;
    const at = index.get(time);
    const next = index.get(time + HOUR_MS);
    if (at === undefined || next === undefined) fail(`hourly values do not cover ${new Date(time).toISOString()}`);
    const value = (values: (number | null)[] | undefined, i: number): number => {
      const v = values?.[i];
      if (v === null || v === undefined) {
        usable = false;
        return NaN;
      }
      return v;
    };
    hours.push({
      time,
      temperature: value(temperature, at),
      precipitation: value(precipitation, next),
      precipitationChance: value(chance, next),
      cloudCover: value(cloud, at),
      solar: value(solar, next),
      relativeHumidity: value(humidity, at),
      windAverage: value(wind, at),
      windGust: value(gust, next),
      dewPoint: value(dewPoint, at),
      soilTemperature: soilTemperature.map((values) => value(values, at)) as HourlyWeather['soilTemperature'],
      soilMoisture: soilMoisture.map((values) => value(values, at)) as HourlyWeather['soilMoisture'],
    });
  }
  return usable ? hours : null;
}
