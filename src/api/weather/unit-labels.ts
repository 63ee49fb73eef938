/** The `units` labels of weather responses for each unit system (spec: C/F, mm/in, m/sec/mph). */
import type { UnitSystem } from '../../core/units.js';

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
export function convert(value: number | null, conversion: (value: number, system: UnitSystem) => number, system: UnitSystem): number | null {
  return value === null ? null : conversion(value, system);
}
