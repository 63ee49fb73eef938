import { UNIT_SYSTEMS, type UnitSystem } from '../core/units.js';
import { invalidParameter } from './api-error.js';

/** The `units` parameter: `metric` (default) or `usa`. */
export function parseUnits(value: string | undefined): UnitSystem {
  if (value === undefined || value === '') return 'metric';
  const lower = value.toLowerCase();
  if (!UNIT_SYSTEMS.includes(lower as UnitSystem)) {
    throw invalidParameter('units', `units must be one of ${UNIT_SYSTEMS.join(', ')} (got '${value}').`);
  }
  return lower as UnitSystem;
}
