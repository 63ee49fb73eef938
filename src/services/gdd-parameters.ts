/**
 * The GDD parameters of agronomic values and norms as a request writes them: `gddMethod` (a method
 * of GDD_METHOD_TABLE in agronomy/gdd.ts) and the integers `gddBaseTemp`, `gddMinBoundary`,
 * `gddMaxBoundary` in the request's unit system (°C under metric, °F under usa), resolved with the
 * method's defaults; 400 naming the parameter when one is not allowed.
 */
import {
  DEFAULT_GDD_METHOD,
  GDD_METHODS,
  type GddParameters,
  gddParametersProblem,
  isGddMethod,
  resolveGddParameters,
} from '../agronomy/gdd.js';
import { invalidParameterValue as invalidParameter } from '../core/errors.js';
import type { UnitSystem } from '../core/units.js';

export { GDD_METHODS, type GddParameters } from '../agronomy/gdd.js';

/** The GDD parameters of a request, as text. */
export interface GddQuery {
  gddMethod?: string;
  gddBaseTemp?: string;
  gddMinBoundary?: string;
  gddMaxBoundary?: string;
}

const INTEGER = /^[+-]?\d+$/;

/** The methods in words for the API description: `standard (default), modifiedstandard, … or …`. */
export const GDD_METHODS_IN_WORDS = inWords(GDD_METHODS.map((method) => (method === DEFAULT_GDD_METHOD ? `${method} (default)` : method)));

function inWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function parseInteger(text: string | undefined, name: string, unitSystem: UnitSystem): number | null {
  if (text === undefined || text === '') return null;
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
    const unit = unitSystem === 'usa' ? 'Fahrenheit' : 'Celsius';
    throw invalidParameter(name, `${name} must be a whole number of degrees ${unit} (units=${unitSystem}), such as 10 (got '${text}').`);
  }
  return Number(trimmed);
}

export function parseGddParameters(query: GddQuery, unitSystem: UnitSystem): GddParameters {
  let method = DEFAULT_GDD_METHOD;
  if (query.gddMethod !== undefined && query.gddMethod !== '') {
    const lower = query.gddMethod.trim().toLowerCase();
    if (!isGddMethod(lower)) {
      throw invalidParameter('gddMethod', `gddMethod must be one of ${GDD_METHODS.join(', ')} (got '${query.gddMethod}').`);
    }
    method = lower;
  }
  const parameters = resolveGddParameters(method, unitSystem, {
    gddBaseTemp: parseInteger(query.gddBaseTemp, 'gddBaseTemp', unitSystem),
    gddMinBoundary: parseInteger(query.gddMinBoundary, 'gddMinBoundary', unitSystem),
    gddMaxBoundary: parseInteger(query.gddMaxBoundary, 'gddMaxBoundary', unitSystem),
  });
  const problem = gddParametersProblem(parameters);
  if (problem !== null) {
    // Boundaries in the wrong order: name the one the request gave (the other is a default).
    const givenOnlyMax = query.gddMinBoundary === undefined || query.gddMinBoundary === '';
    const name = problem.startsWith('gddBaseTemp')
      ? 'gddBaseTemp'
      : problem.startsWith('gddMaxBoundary') || (problem.includes('must not be greater') && givenOnlyMax)
        ? 'gddMaxBoundary'
        : 'gddMinBoundary';
    throw invalidParameter(name, `${problem} (gddMethod=${parameters.method}, units=${unitSystem}; defaults apply to the values not given).`);
  }
  return parameters;
}
