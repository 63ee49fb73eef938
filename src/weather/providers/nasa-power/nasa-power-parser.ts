/**
 * Reads NASA POWER daily point answers in JSON: the v2 GeoJSON `Feature`
 * (`properties.parameter.<NAME>.<YYYYMMDD>`, `header.fill_value`, `parameters.<NAME>.units`) and
 * the retired v1 `FeatureCollection` (`header.fillValue`, `parameterInformation`).
 * `parseNasaPowerDaily` is strict: an answer that is not JSON, lacks a requested date for a
 * parameter it carries, or holds a non-number is an error, never a partial answer. A parameter
 * the answer does not carry at all leaves its variable null.
 */
import { datesInRange, type IsoDate } from '../../../core/dates.js';
import { DAILY_VARIABLES, type DailyVariableTable } from '../../daily-variables.js';
import type { DailyWeather, DateRange } from '../../weather-source.js';
import { isObject, ProviderResponseError, readJsonObject } from '../provider-response-error.js';
import { nasaPowerDay, nasaPowerMapping, nasaPowerValue, NASA_POWER_DEFAULT_FILL_VALUE } from './nasa-power-variables.js';

export interface NasaPowerJson {
  latitude?: number;
  longitude?: number;
  elevation?: number;
  fillValue: number;
  /** Parameter → unit as stated (undefined when the answer does not say). */
  units: Map<string, string | undefined>;
  /** Parameter → { YYYYMMDD: value }. */
  parameters: Map<string, Record<string, unknown>>;
}

const PROVIDER = 'nasa-power';

function fail(reason: string): never {
  throw new ProviderResponseError(PROVIDER, reason);
}

export function readNasaPowerJson(body: string): NasaPowerJson {
  const document = readJsonObject(PROVIDER, body);
  let feature: unknown = document;
  if (document.type === 'FeatureCollection' || Array.isArray(document.features)) {
    const features = document.features;
    if (!Array.isArray(features) || features.length === 0) fail(`no features${messagesOf(document)}`);
    feature = features[0];
  }
  if (!isObject(feature) || !isObject(feature.properties) || !isObject(feature.properties.parameter)) {
    fail(`no properties.parameter${messagesOf(document)}`);
  }
  const parameterObject = feature.properties.parameter;
  const parameters = new Map<string, Record<string, unknown>>();
  for (const [name, series] of Object.entries(parameterObject)) {
    if (!isObject(series)) fail(`parameter ${name} is not an object of dates`);
    parameters.set(name, series);
  }

  const header = isObject(document.header) ? document.header : {};
  const rawFill = header.fill_value ?? header.fillValue;
  const fillValue = rawFill === undefined ? NASA_POWER_DEFAULT_FILL_VALUE : Number(rawFill);
  if (!Number.isFinite(fillValue)) fail(`fill value '${String(rawFill)}' is not a number`);

  const info = isObject(document.parameters) ? document.parameters : isObject(document.parameterInformation) ? document.parameterInformation : {};
  const units = new Map<string, string | undefined>();
  for (const name of parameters.keys()) {
    const entry = info[name];
    units.set(name, isObject(entry) && typeof entry.units === 'string' ? entry.units : undefined);
  }

  const result: NasaPowerJson = { fillValue, units, parameters };
  const geometry = isObject(feature.geometry) ? feature.geometry : undefined;
  const coordinates = geometry && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
  if (typeof coordinates[0] === 'number') result.longitude = coordinates[0];
  if (typeof coordinates[1] === 'number') result.latitude = coordinates[1];
  if (typeof coordinates[2] === 'number') result.elevation = coordinates[2];
  return result;
}

function messagesOf(document: Record<string, unknown>): string {
  const messages = document.messages;
  if (!Array.isArray(messages) || messages.length === 0) return '';
  return ` (messages: ${JSON.stringify(messages).slice(0, 300)})`;
}

/** The dates (YYYYMMDD keys) that any parameter carries, in order. */
export function nasaPowerDateKeys(json: NasaPowerJson): string[] {
  const keys = new Set<string>();
  for (const series of json.parameters.values()) for (const key of Object.keys(series)) keys.add(key);
  return [...keys].sort();
}

/**
 * Daily weather for every date of `range`, strictly (see the file comment): the variables of
 * `variables` (default DAILY_VARIABLES) that POWER gives, null for the others. `onElevation` receives
 * the elevation of POWER's grid cell (the third coordinate of the answer's geometry), when given.
 */
export function parseNasaPowerDaily(body: string, range: DateRange, onElevation?: (metres: number) => void, variables: DailyVariableTable = DAILY_VARIABLES): DailyWeather[] {
  const json = readNasaPowerJson(body);
  if (json.elevation !== undefined && Number.isFinite(json.elevation)) onElevation?.(json.elevation);
  let mapping;
  try {
    mapping = nasaPowerMapping(json.units, variables);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  return datesInRange(range.start, range.end).map((date: IsoDate) => {
    const key = date.replaceAll('-', '');
    return nasaPowerDay(date, mapping, (name) => {
      const series = json.parameters.get(name);
      if (series === undefined) return null;
      const raw = series[key];
      if (raw === undefined) fail(`${name} has no value for ${date}`);
      if (typeof raw !== 'number' || !Number.isFinite(raw)) fail(`${name} on ${date} is ${JSON.stringify(raw)}, not a number`);
      return nasaPowerValue(raw, json.fillValue);
    });
  });
}
