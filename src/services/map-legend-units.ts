/**
 * The units of map legends in the API's unit systems: a layer states its ramp in °C, mm, mm/h,
 * m/s or %; under `units=usa` the legend writes °F, in, in/h and mph (the conversions are the
 * science's, agronomy/unit-conversions.ts). Units other than these are written as they are.
 */
import { celsiusToFahrenheit, millimetersToInches, metersPerSecondToMph } from '../agronomy/unit-conversions.js';
import type { UnitSystem } from '../core/units.js';
import type { LegendUnit, LegendUnits } from '../maps/legend.js';

const USA: Readonly<Record<string, LegendUnit>> = {
  '°C': { units: '°F', convert: celsiusToFahrenheit, decimals: 1 },
  mm: { units: 'in', convert: millimetersToInches, decimals: 3 },
  'mm/h': { units: 'in/h', convert: millimetersToInches, decimals: 3 },
  'm/s': { units: 'mph', convert: metersPerSecondToMph, decimals: 1 },
  'm/s gust': { units: 'mph gust', convert: metersPerSecondToMph, decimals: 1 },
};

/** How a legend writes a layer's unit in `system`. */
export function legendUnits(system: UnitSystem): LegendUnits {
  return (unit) => (system === 'usa' ? USA[unit] : undefined) ?? { units: unit, convert: (value) => value, decimals: 3 };
}
