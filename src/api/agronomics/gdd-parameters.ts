/**
 * The GDD query parameters shared by agronomic values and norms: `gddMethod` (a method of
 * GDD_METHOD_TABLE in agronomy/gdd.ts) and the integers `gddBaseTemp`, `gddMinBoundary`,
 * `gddMaxBoundary` in the request's unit system (°C under metric, °F under usa).
 */
import {
  DEFAULT_GDD_METHOD,
  GDD_METHODS,
  type GddParameters,
  gddParametersProblem,
  isGddMethod,
  resolveGddParameters,
} from '../../agronomy/gdd.js';
import type { UnitSystem } from '../../core/units.js';
import { invalidParameter } from '../../http/api-error.js';

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

export function parseGddParameters(query: Record<string, string | undefined>, unitSystem: UnitSystem): GddParameters {
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
    const name = problem.startsWith('gddBaseTemp') ? 'gddBaseTemp' : problem.startsWith('gddMaxBoundary') ? 'gddMaxBoundary' : 'gddMinBoundary';
    throw invalidParameter(name, `${problem} (gddMethod=${parameters.method}, units=${unitSystem}; defaults apply to the values not given).`);
  }
  return parameters;
}
