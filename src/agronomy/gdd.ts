/**
 * Growing degree days (GDD) for one day, by the four methods of the API's `gddMethod`
 * parameter, with the default base temperature and boundaries of each method in both unit
 * systems.
 *
 * A request in `metric` computes with °C temperatures and °C parameters; a request in `usa`
 * computes with °F temperatures and °F parameters (the defaults below are the published °F
 * values, e.g. 53.6 °F and 91.4 °F, not rounded conversions). A day never contributes negative
 * GDD: every method returns max(0, mean − base).
 */
import type { UnitSystem } from '../core/units.js';
import { celsiusToFahrenheit } from './unit-conversions.js';

export type GddMethod = 'standard' | 'modifiedstandard' | 'min-temp-cap' | 'min-temp-constant';

export const GDD_METHODS: readonly GddMethod[] = ['standard', 'modifiedstandard', 'min-temp-cap', 'min-temp-constant'];

export const DEFAULT_GDD_METHOD: GddMethod = 'standard';

export function isGddMethod(value: string): value is GddMethod {
  return (GDD_METHODS as readonly string[]).includes(value);
}

/** Base temperature and boundaries; a boundary the method does not use is `null`. */
export interface GddThresholds {
  readonly baseTemp: number;
  readonly maxBoundary: number | null;
  readonly minBoundary: number | null;
}

/**
 * Defaults when the request gives none (spec "GDD parameters and defaults"):
 *
 * | Method              | Base temp     | Upper boundary | Lower boundary |
 * |---------------------|---------------|----------------|----------------|
 * | `standard`          | 10 C (50 F)   | not used       | not used       |
 * | `modifiedstandard`  | 10 C (50 F)   | 30 C (86 F)    | 10 C (50 F)    |
 * | `min-temp-cap`      | 12 C (53.6 F) | 35 C (95 F)    | 21.1 C (70 F)  |
 * | `min-temp-constant` | 10 C (50 F)   | 33 C (91.4 F)  | not used       |
 */
export const GDD_DEFAULTS: Readonly<Record<GddMethod, Readonly<Record<UnitSystem, GddThresholds>>>> = {
  standard: {
    metric: { baseTemp: 10, maxBoundary: null, minBoundary: null },
    usa: { baseTemp: 50, maxBoundary: null, minBoundary: null },
  },
  modifiedstandard: {
    metric: { baseTemp: 10, maxBoundary: 30, minBoundary: 10 },
    usa: { baseTemp: 50, maxBoundary: 86, minBoundary: 50 },
  },
  'min-temp-cap': {
    metric: { baseTemp: 12, maxBoundary: 35, minBoundary: 21.1 },
    usa: { baseTemp: 53.6, maxBoundary: 95, minBoundary: 70 },
  },
  'min-temp-constant': {
    metric: { baseTemp: 10, maxBoundary: 33, minBoundary: null },
    usa: { baseTemp: 50, maxBoundary: 91.4, minBoundary: null },
  },
};

/** Which boundaries each method uses. */
const USES_MAX_BOUNDARY: Readonly<Record<GddMethod, boolean>> = {
  standard: false,
  modifiedstandard: true,
  'min-temp-cap': true,
  'min-temp-constant': true,
};
const USES_MIN_BOUNDARY: Readonly<Record<GddMethod, boolean>> = {
  standard: false,
  modifiedstandard: true,
  'min-temp-cap': true,
  'min-temp-constant': false,
};

/** The request's `gddBaseTemp`, `gddMinBoundary`, `gddMaxBoundary`, in the request's unit system. */
export interface GddOverrides {
  readonly gddBaseTemp?: number | null;
  readonly gddMinBoundary?: number | null;
  readonly gddMaxBoundary?: number | null;
}

export interface GddParameters extends GddThresholds {
  readonly method: GddMethod;
  /** Unit system of `baseTemp`, the boundaries, the temperatures to pass in and the GDD out. */
  readonly unitSystem: UnitSystem;
}

/**
 * Method + unit system + overrides → the parameters to compute with. An override replaces the
 * default; a boundary override for a boundary the method does not use ("Not Used" in the
 * defaults table) is ignored and that boundary stays `null`.
 */
export function resolveGddParameters(
  method: GddMethod = DEFAULT_GDD_METHOD,
  unitSystem: UnitSystem = 'metric',
  overrides: GddOverrides = {},
): GddParameters {
  const defaults = GDD_DEFAULTS[method][unitSystem];
  return {
    method,
    unitSystem,
    baseTemp: overrides.gddBaseTemp ?? defaults.baseTemp,
    maxBoundary: USES_MAX_BOUNDARY[method] ? (overrides.gddMaxBoundary ?? defaults.maxBoundary) : null,
    minBoundary: USES_MIN_BOUNDARY[method] ? (overrides.gddMinBoundary ?? defaults.minBoundary) : null,
  };
}

/**
 * A problem with resolved parameters, worded for an error message, or `null` when they are
 * usable: every value must be finite, and the lower boundary may not exceed the upper one.
 */
export function gddParametersProblem(parameters: GddThresholds): string | null {
  const { baseTemp, minBoundary, maxBoundary } = parameters;
  if (!Number.isFinite(baseTemp)) return 'gddBaseTemp must be a number.';
  if (minBoundary !== null && !Number.isFinite(minBoundary)) return 'gddMinBoundary must be a number.';
  if (maxBoundary !== null && !Number.isFinite(maxBoundary)) return 'gddMaxBoundary must be a number.';
  if (minBoundary !== null && maxBoundary !== null && minBoundary > maxBoundary) {
    return `gddMinBoundary (${minBoundary}) must not be greater than gddMaxBoundary (${maxBoundary}).`;
  }
  return null;
}

/**
 * One day's GDD from the day's high and low, both in `parameters.unitSystem` (°C for metric,
 * °F for usa); the result is in degree-days of the same unit. Never negative.
 *
 * - `standard`: "mean of the day's low and high minus base temperature".
 * - `modifiedstandard`: "a max or min outside the boundaries is reset to the boundary before
 *   the mean; base temperature subtracted" — both tmax and tmin are clamped into
 *   [lower boundary, upper boundary].
 * - `min-temp-cap`: "max above the upper boundary is reset to it; the recorded minimum is used
 *   only if lower than the lower boundary, otherwise the lower boundary value is used; base
 *   subtracted from the mean" — tmax' = min(tmax, upper), tmin' = min(tmin, lower).
 * - `min-temp-constant`: "max above the upper boundary is reset to it; the recorded minimum is
 *   always used; base subtracted from the mean" — tmax' = min(tmax, upper), tmin' = tmin.
 */
export function dailyGdd(tmax: number, tmin: number, parameters: GddParameters): number {
  const { baseTemp } = parameters;
  const upper = parameters.maxBoundary ?? Number.POSITIVE_INFINITY;
  const lower = parameters.minBoundary ?? Number.NEGATIVE_INFINITY;
  let high = tmax;
  let low = tmin;
  switch (parameters.method) {
    case 'standard':
      break;
    case 'modifiedstandard':
      high = clamp(tmax, lower, upper);
      low = clamp(tmin, lower, upper);
      break;
    case 'min-temp-cap':
      high = Math.min(tmax, upper);
      low = tmin < lower ? tmin : lower;
      break;
    case 'min-temp-constant':
      high = Math.min(tmax, upper);
      break;
  }
  const gdd = (high + low) / 2 - baseTemp;
  return gdd > 0 ? gdd : 0;
}

/**
 * One day's GDD from temperatures in °C (the internal unit): converted to °F first when the
 * parameters are in the usa unit system, so the result is in the parameters' unit.
 */
export function dailyGddFromCelsius(tmaxCelsius: number, tminCelsius: number, parameters: GddParameters): number {
  if (parameters.unitSystem === 'usa') {
    return dailyGdd(celsiusToFahrenheit(tmaxCelsius), celsiusToFahrenheit(tminCelsius), parameters);
  }
  return dailyGdd(tmaxCelsius, tminCelsius, parameters);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
