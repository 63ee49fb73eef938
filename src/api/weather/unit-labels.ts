/**
 * The `units` labels of weather responses for each unit system (spec: C/F, mm/in, m/sec/mph), and
 * the conversion of daily values into the unit system's units.
 */
import type { UnitSystem } from '../../core/units.js';
import {
  DAILY_VARIABLES,
  type DailyVariableName,
  type DailyWeather,
  depthInUnitSystem,
  speedInUnitSystem,
  temperatureInUnitSystem,
  type UnitConversion,
} from '../../services/weather-types.js';

export const SOLAR_UNITS = 'Wh/m^2';

export function temperatureUnits(system: UnitSystem): 'C' | 'F' {
  return system === 'usa' ? 'F' : 'C';
}

export function precipitationUnits(system: UnitSystem): 'mm' | 'in' {
  return system === 'usa' ? 'in' : 'mm';
}

export function windUnits(system: UnitSystem): 'm/sec' | 'mph' {
  return system === 'usa' ? 'mph' : 'm/sec';
}

/** Applies a conversion to a value that may be missing. */
function convert(value: number | null, conversion: (value: number, system: UnitSystem) => number, system: UnitSystem): number | null {
  return value === null ? null : conversion(value, system);
}

/** Each kind of conversion of the daily variables table, for a value in the internal unit. */
const UNIT_SYSTEM_CONVERSIONS: Readonly<Record<UnitConversion, (value: number, system: UnitSystem) => number>> = {
  temperature: temperatureInUnitSystem,
  depth: depthInUnitSystem,
  speed: speedInUnitSystem,
  none: (value) => value,
};

/** A daily variable of the day in the unit system's unit, as its table entry says; null when missing. */
export function dailyValue(day: DailyWeather, name: DailyVariableName, system: UnitSystem): number | null {
  return convert(day[name] ?? null, UNIT_SYSTEM_CONVERSIONS[DAILY_VARIABLES[name].conversion], system);
}
