/**
 * Numbers as the API serves them. Every answer rounds a quantity to its decimals in the answer's
 * unit system (src/agronomy/quantities.ts, the same table the output tables read); the page
 * writes each number with exactly those decimals, so it neither drops served digits nor adds any,
 * and a norm and this season's value of one quantity show the same number of decimals.
 */
import { QUANTITIES, type QuantityName } from '../../src/agronomy/quantities.js';

export type { QuantityName };

/** The unit system an answer was written in, read from a `units` label it carries. */
export function unitSystemOf(units: string | null | undefined): 'metric' | 'usa' {
  return units === 'F' || units === 'in' || units === 'mph' ? 'usa' : 'metric';
}

/** The decimals the API serves `quantity` with, in the unit system of `units`. */
export function servedDecimals(quantity: QuantityName, units?: string | null): number {
  return QUANTITIES[quantity].decimals(unitSystemOf(units));
}

/** A served number written with the quantity's decimals; '–' for none. */
export function formatServed(value: number | null | undefined, quantity: QuantityName, units?: string | null): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return value.toFixed(servedDecimals(quantity, units));
}

/** The units label the API writes `quantity` in under a unit system (`mm` or `in` for a depth). */
export function servedUnits(quantity: QuantityName, system: 'metric' | 'usa'): string | null {
  return QUANTITIES[quantity].units(system);
}
