/**
 * NASA POWER daily parameters and how they map to `DailyWeather` (shared by the provider and the
 * NASA POWER file importers). The parameters asked for and the fields a complete day needs are
 * the `nasaPower` entries of DAILY_VARIABLES; the conversions are here.
 *
 *   T2M_MAX, T2M_MIN (°C)                 → tmax, tmin
 *   PRECTOTCORR (mm/day; PRECTOT in v1)   → precipitation
 *   ALLSKY_SFC_SW_DWN (MJ/m²/day in the AG community, kW-hr/m²/day in RE/SB) → solar Wh/m²
 *   T2MDEW (°C)                           → vapourPressure = e°(T2MDEW) (FAO-56 eq. 14), and the
 *                                           rhMax/rhMin it implies, shown
 *   RH2M (%, daily mean)                  → rhMean; without T2MDEW also rhMax = rhMin = RH2M, shown
 *   WS10M (m/s at 10 m)                   → windAverage; else WS2M or WS50M brought to 10 m
 *   WS10M_MAX (m/s at 10 m)               → windDayMax; else WS2M_MAX or WS50M_MAX brought to 10 m
 *   windMorningMax                        → null (POWER has no sub-daily values in daily answers)
 * Heights other than 10 m use the FAO-56 logarithmic profile (`windSpeedAt10m`).
 */
import type { IsoDate } from '../../../core/dates.js';
import { DAILY_VARIABLE_ENTRIES, dailyVariablesWhere, type DailyVariableName } from '../../daily-variables.js';
import type { DailyWeather } from '../../weather-source.js';
import { shownHumidityRange, vapourPressureFromDewPoint } from '../../../agronomy/humidity.js';
import { windSpeedAt10m } from '../../../agronomy/wind-profile.js';
import { precipitationToMm, solarToWhPerM2, temperatureToCelsius, type SolarUnit } from '../../import/weather-units.js';

/** Parameters the provider asks for (at most 20 per request): the `nasaPower` ones of DAILY_VARIABLES. */
export const NASA_POWER_DAILY_PARAMETERS: readonly string[] = Object.freeze(
  DAILY_VARIABLE_ENTRIES.flatMap(([, { nasaPower }]) => (nasaPower?.parameter !== undefined ? [nasaPower.parameter] : [])),
);

/** Fields a day must have, not null, to be complete for caching. */
export const NASA_POWER_COMPLETE_FIELDS: readonly DailyVariableName[] = Object.freeze(dailyVariablesWhere((variable) => variable.nasaPower?.complete === true));

export const NASA_POWER_DEFAULT_FILL_VALUE = -999;

/** Which parameter supplies each variable, and the conversion of its unit. */
export interface NasaPowerMapping {
  tmax?: string;
  tmin?: string;
  precipitation?: string;
  solar?: { parameter: string; unit: SolarUnit };
  dewPoint?: string;
  rhMean?: string;
  windAverage?: { parameter: string; height: number };
  windDayMax?: { parameter: string; height: number };
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

function expectUnit(parameter: string, unit: string | undefined, accepted: readonly string[]): void {
  const u = normalizeUnit(unit);
  if (u !== undefined && u !== '' && !accepted.includes(u)) {
    throw new Error(`${parameter} is in '${unit}', expected ${accepted.join(' or ')}`);
  }
}

/**
 * Chooses parameters from those present (`units`: parameter → unit as the answer states it, or
 * undefined when it does not say) and checks their units. Throws when a unit is not one we know.
 */
export function nasaPowerMapping(units: ReadonlyMap<string, string | undefined>): NasaPowerMapping {
  const mapping: NasaPowerMapping = {};
  const has = (name: string) => units.has(name);
  const celsius = ['c', '°c', 'degreesc'];
  for (const [field, name] of [['tmax', 'T2M_MAX'], ['tmin', 'T2M_MIN'], ['dewPoint', 'T2MDEW']] as const) {
    if (has(name)) {
      expectUnit(name, units.get(name), celsius);
      mapping[field] = name;
    }
  }
  const precipitation = ['PRECTOTCORR', 'PRECTOT'].find(has);
  if (precipitation) {
    expectUnit(precipitation, units.get(precipitation), ['mm/day', 'mmday-1', 'mm']);
    mapping.precipitation = precipitation;
  }
  if (has('ALLSKY_SFC_SW_DWN')) {
    const stated = normalizeUnit(units.get('ALLSKY_SFC_SW_DWN'));
    const unit = stated === undefined || stated === '' ? 'MJ/m2' : SOLAR_UNITS[stated];
    if (!unit) throw new Error(`ALLSKY_SFC_SW_DWN is in '${units.get('ALLSKY_SFC_SW_DWN')}', expected MJ/m^2/day or kW-hr/m^2/day`);
    mapping.solar = { parameter: 'ALLSKY_SFC_SW_DWN', unit };
  }
  if (has('RH2M')) {
    expectUnit('RH2M', units.get('RH2M'), ['%']);
    mapping.rhMean = 'RH2M';
  }
  const heights: readonly [string, number][] = [['10M', 10], ['2M', 2], ['50M', 50]];
  for (const [suffix, height] of heights) {
    const name = `WS${suffix}`;
    if (mapping.windAverage === undefined && has(name)) {
      expectUnit(name, units.get(name), ['m/s']);
      mapping.windAverage = { parameter: name, height };
    }
    const maxName = `WS${suffix}_MAX`;
    if (mapping.windDayMax === undefined && has(maxName)) {
      expectUnit(maxName, units.get(maxName), ['m/s']);
      mapping.windDayMax = { parameter: maxName, height };
    }
  }
  return mapping;
}

/** One day from the mapped parameters; `value` returns a parameter's number or null (fill value). */
export function nasaPowerDay(date: IsoDate, mapping: NasaPowerMapping, value: (parameter: string) => number | null): DailyWeather {
  const read = (parameter: string | undefined) => (parameter === undefined ? null : value(parameter));
  const tmax = read(mapping.tmax);
  const tmin = read(mapping.tmin);
  const precipitation = read(mapping.precipitation);
  const solar = mapping.solar ? read(mapping.solar.parameter) : null;
  const dewPoint = read(mapping.dewPoint);
  const rhMean = read(mapping.rhMean);
  const windAverage = mapping.windAverage ? read(mapping.windAverage.parameter) : null;
  const windDayMax = mapping.windDayMax ? read(mapping.windDayMax.parameter) : null;
  const vapourPressure = dewPoint === null ? null : vapourPressureFromDewPoint(temperatureToCelsius(dewPoint, 'C'));
  const shown = shownHumidityRange({ tmax, tmin, rhMax: null, rhMin: null, rhMean, vapourPressure });
  const rhMax = shown?.rhMax ?? null;
  const rhMin = shown?.rhMin ?? null;
  return {
    date,
    tmax,
    tmin,
    precipitation: precipitation === null ? null : precipitationToMm(precipitation, 'mm'),
    solar: solar === null ? null : solarToWhPerM2(solar, mapping.solar!.unit),
    rhMax,
    rhMin,
    vapourPressure,
    rhMean,
    windDayMax: windDayMax === null ? null : windSpeedAt10m(windDayMax, mapping.windDayMax!.height),
    windMorningMax: null,
    windAverage: windAverage === null ? null : windSpeedAt10m(windAverage, mapping.windAverage!.height),
  };
}

/** A POWER value, or null when it is the answer's fill value (or any value at or below -999). */
export function nasaPowerValue(raw: number, fillValue: number): number | null {
  return raw === fillValue || raw <= NASA_POWER_DEFAULT_FILL_VALUE ? null : raw;
}

/** `YYYYMMDD` → `YYYY-MM-DD` (no validation). */
export function nasaPowerDate(key: string): IsoDate {
  return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
}
