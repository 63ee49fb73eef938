/**
 * The `properties` rules of agronomic values and norms (spec "Agronomic values"):
 *
 * - `location`, `gdd`, `pet`, `ppet` include that property; `date`/`day` and `_links` are always
 *   included.
 * - Choosing any of `accumulatedGdd`, `accumulatedPrecipitation`, `accumulatedPet`,
 *   `accumulatedPpet` filters both the accumulations object and the daily entries: the
 *   accumulations object holds only the matching children (`gdd`, `precipitation`, `pet`, `ppet`)
 *   and the daily entries only the chosen running totals.
 * - Choosing `accumulations` (for norms also spelled `averageAccumulations`) answers the
 *   accumulations object with all its children and leaves the daily array out entirely; it wins
 *   over `accumulated*` choices. On a single-day answer, which has no accumulations object, it
 *   selects all four running totals.
 * - Without `accumulations` or any `accumulated*` choice the accumulations object is left out.
 */
import { parseProperties } from '../../http/properties.js';

export const AGRONOMIC_PROPERTIES = [
  'location',
  'accumulations',
  'gdd',
  'pet',
  'ppet',
  'accumulatedGdd',
  'accumulatedPrecipitation',
  'accumulatedPet',
  'accumulatedPpet',
] as const;

/** Norms also accept the name of their accumulations object. */
export const AGRONOMIC_NORM_PROPERTIES = [...AGRONOMIC_PROPERTIES, 'averageAccumulations'] as const;

/** Which parts of an answer to write. */
export interface AgronomicSelection {
  location: boolean;
  /** The accumulations object, and which of its children. */
  accumulations: boolean;
  totalGdd: boolean;
  totalPrecipitation: boolean;
  totalPet: boolean;
  totalPpet: boolean;
  /** The daily array (ranged answers). */
  daily: boolean;
  gdd: boolean;
  pet: boolean;
  ppet: boolean;
  accumulatedGdd: boolean;
  accumulatedPrecipitation: boolean;
  accumulatedPet: boolean;
  accumulatedPpet: boolean;
}

const EVERYTHING: AgronomicSelection = {
  location: true,
  accumulations: true,
  totalGdd: true,
  totalPrecipitation: true,
  totalPet: true,
  totalPpet: true,
  daily: true,
  gdd: true,
  pet: true,
  ppet: true,
  accumulatedGdd: true,
  accumulatedPrecipitation: true,
  accumulatedPet: true,
  accumulatedPpet: true,
};

export function parseAgronomicSelection(value: string | undefined, choosable: readonly string[] = AGRONOMIC_PROPERTIES): AgronomicSelection {
  const chosen = parseProperties(value, choosable);
  if (chosen === null) return EVERYTHING;
  const whole = chosen.has('accumulations') || chosen.has('averageAccumulations');
  const anyAccumulated = ['accumulatedGdd', 'accumulatedPrecipitation', 'accumulatedPet', 'accumulatedPpet'].some((name) => chosen.has(name));
  const pick = (name: string) => whole || chosen.has(name);
  return {
    location: chosen.has('location'),
    accumulations: whole || anyAccumulated,
    totalGdd: pick('accumulatedGdd'),
    totalPrecipitation: pick('accumulatedPrecipitation'),
    totalPet: pick('accumulatedPet'),
    totalPpet: pick('accumulatedPpet'),
    daily: !whole,
    gdd: chosen.has('gdd'),
    pet: chosen.has('pet'),
    ppet: chosen.has('ppet'),
    accumulatedGdd: pick('accumulatedGdd'),
    accumulatedPrecipitation: pick('accumulatedPrecipitation'),
    accumulatedPet: pick('accumulatedPet'),
    accumulatedPpet: pick('accumulatedPpet'),
  };
}
