/**
 * The quantities an answer serves, each once: its unit label in each unit system (spec: C/F,
 * mm/in, m/sec/mph) and how a value in the internal unit (°C, mm, m/s, Wh/m², %) is written in
 * the request's unit system. Output tables (api/output-table.ts) name a quantity per number; the
 * conversions themselves are the science's (agronomy/unit-conversions.ts).
 */
import type { UnitSystem } from '../core/units.js';
import {
  depthInUnitSystem,
  lengthInUnitSystem,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from './unit-conversions.js';

export interface Quantity {
  /** The `units` label of the unit system; null: the quantity is served without one. */
  readonly units: (system: UnitSystem) => string | null;
  /** A value in the internal unit written in the unit system's unit; null: the same in every system. */
  readonly convert: ((value: number, system: UnitSystem) => number) | null;
  /**
   * Decimals served in the unit system's unit: every answer rounds the quantity's numbers to
   * these, once, when it writes them (JSON and CSV alike); docs/weather-api.md lists them.
   */
  readonly decimals: (system: UnitSystem) => number;
}

const two = () => 2;

const temperatureLabel = (system: UnitSystem) => (system === 'usa' ? 'F' : 'C');

export const QUANTITIES = {
  /** A temperature: °C or °F. */
  temperature: { units: temperatureLabel, convert: temperatureInUnitSystem, decimals: two },
  /** A difference of temperatures (a standard deviation): by 1.8 only, without the offset. */
  temperatureDifference: { units: temperatureLabel, convert: temperatureDifferenceInUnitSystem, decimals: two },
  /** A depth of water: precipitation, evapotranspiration (mm or in). */
  depth: { units: (system: UnitSystem) => (system === 'usa' ? 'in' : 'mm'), convert: depthInUnitSystem, decimals: (system: UnitSystem) => (system === 'usa' ? 3 : 2) },
  /** A wind speed (m/sec or mph). */
  speed: { units: (system: UnitSystem) => (system === 'usa' ? 'mph' : 'm/sec'), convert: speedInUnitSystem, decimals: two },
  /** Daily solar energy, Wh/m² in every system. */
  solar: { units: () => 'Wh/m^2', convert: null, decimals: () => 1 },
  /** A pressure (vapour pressure), kPa in every system. */
  pressure: { units: () => 'kPa', convert: null, decimals: () => 3 },
  /** A percentage (relative humidity, a chance), no unit label. */
  percent: { units: () => null, convert: null, decimals: () => 1 },
  /** Growing degree days, already in the request's unit (its base temperature is). */
  degreeDays: { units: () => null, convert: null, decimals: two },
  /** A ratio (P/PET). */
  ratio: { units: () => null, convert: null, decimals: () => 3 },
  /** A dimensionless coefficient (the water balance's Kcb, Ke, Kc, Ks). */
  coefficient: { units: () => null, convert: null, decimals: () => 3 },
  /** A length below or above ground (a root depth, a crop height): m or ft. */
  length: { units: (system: UnitSystem) => (system === 'usa' ? 'ft' : 'm'), convert: lengthInUnitSystem, decimals: () => 3 },
} as const satisfies Record<string, Quantity>;

export type QuantityName = keyof typeof QUANTITIES;

/** The reader of a quantity's values in `system`: the value itself where nothing converts. */
export function converter(name: QuantityName, system: UnitSystem): ((value: number) => number) | null {
  const convert: Quantity['convert'] = QUANTITIES[name].convert;
  if (convert === null || system === 'metric') return null;
  return (value) => convert(value, system);
}

/** The number as served: converted into `system` and rounded to the quantity's decimals (half away from zero). */
export function presenter(name: QuantityName, system: UnitSystem): (value: number) => number {
  return PRESENTERS[system][name];
}

function makePresenter(name: QuantityName, system: UnitSystem): (value: number) => number {
  const convert = converter(name, system);
  const scale = 10 ** QUANTITIES[name].decimals(system);
  const round = (value: number) => (value < 0 ? -Math.round(-value * scale) : Math.round(value * scale)) / scale || 0;
  return convert === null ? round : (value) => round(convert(value));
}

/** Every quantity's presenter in each unit system, made once (constant functions, read by every answer). */
const PRESENTERS: Readonly<Record<UnitSystem, Readonly<Record<QuantityName, (value: number) => number>>>> = {
  metric: Object.fromEntries(Object.keys(QUANTITIES).map((name) => [name, makePresenter(name as QuantityName, 'metric')])) as Record<QuantityName, (value: number) => number>,
  usa: Object.fromEntries(Object.keys(QUANTITIES).map((name) => [name, makePresenter(name as QuantityName, 'usa')])) as Record<QuantityName, (value: number) => number>,
};

/** The `units` label of a quantity in `system` (null: none). */
export function unitsLabel(name: QuantityName, system: UnitSystem): string | null {
  return QUANTITIES[name].units(system);
}
