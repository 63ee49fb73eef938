/**
 * NASA POWER daily parameters and how they map to `DailyWeather` (shared by the provider and the
 * NASA POWER file importers). The parameters of each variable, in order of preference, and the
 * fields a complete day needs are the `nasaPower` entries of DAILY_VARIABLES; the units POWER
 * states and their conversions are here. Today's entries:
 *
 *   T2M_MAX, T2M_MIN (°C)                 → tmax, tmin
 *   PRECTOTCORR (mm/day; PRECTOT in v1)   → precipitation
 *   ALLSKY_SFC_SW_DWN (MJ/m²/day in the AG community, kW-hr/m²/day in RE/SB) → solar Wh/m²
 *   T2MDEW (°C)                           → vapourPressure = e°(T2MDEW) (FAO-56 eq. 14)
 *   RH2M (%, daily mean)                  → rhMean
 *   WS10M (m/s at 10 m)                   → windAverage; else WS2M or WS50M brought to 10 m
 *   WS10M_MAX (m/s at 10 m)               → windDayMax; else WS2M_MAX or WS50M_MAX brought to 10 m
 *   rhMax, rhMin                          → shown from the dew point, else RH2M (agronomy/humidity.ts)
 *   windMorningMax                        → null (POWER has no sub-daily values in daily answers)
 * Heights other than 10 m use the FAO-56 logarithmic profile (`windSpeedAt10m`).
 */
import { shownHumidityRange, vapourPressureFromDewPoint } from '../../../agronomy/humidity.js';
import { windSpeedAt10m } from '../../../agronomy/wind-profile.js';
import type { IsoDate } from '../../../core/dates.js';
import { DAILY_VARIABLES, dailyVariableEntries, dailyVariablesWhere, type DailyVariableName, type DailyVariableTable, type InternalUnit } from '../../daily-variables.js';
import type { DailyWeather } from '../../weather-source.js';
import { solarToWhPerM2, type SolarUnit } from '../../import/weather-units.js';

/** Parameters asked for (at most 20 per request): the first of each `nasaPower` entry of `table`. */
export function nasaPowerDailyParameters(table: DailyVariableTable = DAILY_VARIABLES): string[] {
  return dailyVariableEntries(table).flatMap(([, { nasaPower }]) => (nasaPower?.parameters?.[0] === undefined ? [] : [nasaPower.parameters[0].name]));
}

/** Fields a day must have, not null, to be complete for caching. */
export function nasaPowerCompleteFields(table: DailyVariableTable = DAILY_VARIABLES): DailyVariableName[] {
  return dailyVariablesWhere((variable) => variable.nasaPower?.complete === true, table);
}

export const NASA_POWER_DAILY_PARAMETERS: readonly string[] = Object.freeze(nasaPowerDailyParameters());
export const NASA_POWER_COMPLETE_FIELDS: readonly DailyVariableName[] = Object.freeze(nasaPowerCompleteFields());

export const NASA_POWER_DEFAULT_FILL_VALUE = -999;

/** The parameter an answer gives a variable by, and how its value becomes the variable's. */
export interface NasaPowerReading {
  readonly name: DailyVariableName;
  /** The variable's internal unit. */
  readonly unit: InternalUnit;
  readonly parameter: string;
  readonly convert: (value: number) => number;
}

/** The parameters an answer gives the variables by, and the variables of the table every day states. */
export interface NasaPowerMapping {
  readonly readings: readonly NasaPowerReading[];
  /** Every variable a day has (the table's required ones and those POWER gives), null until read. */
  readonly names: readonly DailyVariableName[];
}

function normalizeUnit(unit: string | undefined): string | undefined {
  return unit?.trim().toLowerCase().replace(/\s+/g, '');
}

const SOLAR_UNITS: Record<string, SolarUnit> = {
  'mj/m^2/day': 'MJ/m2',
  'mj/m2/day': 'MJ/m2',
  'kw-hr/m^2/day': 'kWh/m2',
  'kwh/m^2/day': 'kWh/m2',
  'w/m^2': 'W/m2',
};

/** The units POWER states for each internal unit (normalized), each read as it is. */
const UNITS: Readonly<Record<Exclude<InternalUnit, 'Wh/m²' | 'kPa'>, readonly string[]>> = {
  '°C': ['c', '°c', 'degreesc'],
  mm: ['mm/day', 'mmday-1', 'mm'],
  '%': ['%'],
  'm/s': ['m/s'],
};

/** How a parameter's value in the unit the answer states (undefined: not stated) becomes one in `unit`; throws for a unit not known. */
function conversion(parameter: string, stated: string | undefined, unit: InternalUnit): (value: number) => number {
  const u = normalizeUnit(stated);
  const given = u === undefined || u === '' ? undefined : u;
  if (unit === 'Wh/m²') {
    const solar = given === undefined ? 'MJ/m2' : SOLAR_UNITS[given];
    if (!solar) throw new Error(`${parameter} is in '${stated}', expected MJ/m^2/day or kW-hr/m^2/day`);
    return (value) => solarToWhPerM2(value, solar);
  }
  const accepted = UNITS[unit === 'kPa' ? '°C' : unit];
  if (given !== undefined && !accepted.includes(given)) throw new Error(`${parameter} is in '${stated}', expected ${accepted.join(' or ')}`);
  return (value) => value;
}

/**
 * Chooses, for each variable of `table` with `nasaPower` parameters, the first of them present
 * (`units`: parameter → unit as the answer states it, or undefined when it does not say), and
 * checks its unit. Throws when a unit is not one we know.
 */
export function nasaPowerMapping(units: ReadonlyMap<string, string | undefined>, table: DailyVariableTable = DAILY_VARIABLES): NasaPowerMapping {
  const readings: NasaPowerReading[] = [];
  const entries = dailyVariableEntries(table);
  for (const [name, { unit, nasaPower }] of entries) {
    const chosen = nasaPower?.parameters?.find((parameter) => units.has(parameter.name));
    if (chosen === undefined) continue;
    const read = conversion(chosen.name, units.get(chosen.name), unit);
    const height = chosen.height;
    const convert = nasaPower!.dewPoint
      ? (value: number) => vapourPressureFromDewPoint(read(value))
      : unit === 'm/s' && height !== undefined
        ? (value: number) => windSpeedAt10m(read(value), height)
        : read;
    readings.push({ name, unit, parameter: chosen.name, convert });
  }
  const names = entries.filter(([, variable]) => !variable.optional || variable.nasaPower !== null).map(([name]) => name);
  return { readings, names };
}

/** One day from the mapped parameters; `value` returns a parameter's number or null (fill value). */
export function nasaPowerDay(date: IsoDate, mapping: NasaPowerMapping, value: (parameter: string) => number | null): DailyWeather {
  const day: Record<string, number | null | IsoDate> = { date };
  for (const name of mapping.names) day[name] = null;
  for (const { name, parameter, convert } of mapping.readings) {
    const raw = value(parameter);
    day[name] = raw === null ? null : convert(raw);
  }
  const weather = day as unknown as DailyWeather;
  const shown = shownHumidityRange(weather);
  if (shown !== null) ({ rhMax: weather.rhMax, rhMin: weather.rhMin } = shown);
  return weather;
}

/** A POWER value, or null when it is the answer's fill value (or any value at or below -999). */
export function nasaPowerValue(raw: number, fillValue: number): number | null {
  return raw === fillValue || raw <= NASA_POWER_DEFAULT_FILL_VALUE ? null : raw;
}

/** `YYYYMMDD` → `YYYY-MM-DD` (no validation). */
export function nasaPowerDate(key: string): IsoDate {
  return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
}
