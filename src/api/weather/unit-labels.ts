/**
 * The `units` labels of weather responses for each unit system (spec: C/F, mm/in, m/sec/mph), and
 * the conversion of daily values into the unit system's units.
 */
import type { UnitSystem } from '../../core/units.js';
import { converter, DAILY_VARIABLES, type DailyVariableName, type DailyWeather } from '../../services/weather-types.js';

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

/** A daily variable of the day in the unit system's unit, as its table entry's quantity says; null when missing. */
export function dailyValue(day: DailyWeather, name: DailyVariableName, system: UnitSystem): number | null {
  const value = day[name] ?? null;
  const convert = converter(DAILY_VARIABLES[name].quantity, system);
  return value === null || convert === null ? value : convert(value);
}
