/**
 * The quantities an answer serves, each once: its unit label in each unit system (spec: C/F,
 * mm/in, m/sec/mph) and how a value in the internal unit (°C, mm, m/s, Wh/m², %) is written in
 * the request's unit system. Output tables (api/output-table.ts) name a quantity per number; the
 * conversions themselves are the science's (agronomy/unit-conversions.ts).
 */
import type { UnitSystem } from '../core/units.js';
import {
  depthInUnitSystem,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from './unit-conversions.js';

export interface Quantity {
  /** The `units` label of the unit system; null: the quantity is served without one. */
  readonly units: (system: UnitSystem) => string | null;
  /** A value in the internal unit written in the unit system's unit; null: the same in every system. */
  readonly convert: ((value: number, system: UnitSystem) => number) | null;
}

const temperatureLabel = (system: UnitSystem) => (system === 'usa' ? 'F' : 'C');

export const QUANTITIES = {
  /** A temperature: °C or °F. */
  temperature: { units: temperatureLabel, convert: temperatureInUnitSystem },
  /** A difference of temperatures (a standard deviation): by 1.8 only, without the offset. */
  temperatureDifference: { units: temperatureLabel, convert: temperatureDifferenceInUnitSystem },
  /** A depth of water: precipitation, evapotranspiration (mm or in). */
  depth: { units: (system: UnitSystem) => (system === 'usa' ? 'in' : 'mm'), convert: depthInUnitSystem },
  /** A wind speed (m/sec or mph). */
  speed: { units: (system: UnitSystem) => (system === 'usa' ? 'mph' : 'm/sec'), convert: speedInUnitSystem },
  /** Daily solar energy, Wh/m² in every system. */
  solar: { units: () => 'Wh/m^2', convert: null },
  /** A pressure (vapour pressure), kPa in every system. */
  pressure: { units: () => 'kPa', convert: null },
  /** A percentage (relative humidity, a chance), no unit label. */
  percent: { units: () => null, convert: null },
  /** A pure number (P/PET, degree days as the spec serves them). */
  plain: { units: () => null, convert: null },
} as const satisfies Record<string, Quantity>;

export type QuantityName = keyof typeof QUANTITIES;

/** The reader of a quantity's values in `system`: the value itself where nothing converts. */
export function converter(name: QuantityName, system: UnitSystem): ((value: number) => number) | null {
  const convert: Quantity['convert'] = QUANTITIES[name].convert;
  if (convert === null || system === 'metric') return null;
  return (value) => convert(value, system);
}

/** The `units` label of a quantity in `system` (null: none). */
export function unitsLabel(name: QuantityName, system: UnitSystem): string | null {
  return QUANTITIES[name].units(system);
}
