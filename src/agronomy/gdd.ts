/**
 * Growing degree days (GDD) for one day, by the methods of the API's `gddMethod` parameter.
 * `GDD_METHOD_TABLE` is the one list of methods: each entry holds the method's rule, its default
 * base temperature and boundaries in both unit systems, and which boundaries it uses. The method
 * names, the request validation, the catalogue's schema and the API description all come from it.
 *
 * A request in `metric` computes with °C temperatures and °C parameters; a request in `usa`
 * computes with °F temperatures and °F parameters (the defaults below are the published °F
 * values, e.g. 53.6 °F and 91.4 °F, not rounded conversions). A day never contributes negative
 * GDD: every method returns max(0, mean − base).
 */
import type { UnitSystem } from '../core/units.js';
import { celsiusToFahrenheit } from './unit-conversions.js';

/** Base temperature and boundaries; a boundary the method does not use is `null`. */
export interface GddThresholds {
  readonly baseTemp: number;
  readonly maxBoundary: number | null;
  readonly minBoundary: number | null;
}

/**
 * The day's temperature a method averages, from the recorded one and the boundaries. A boundary
 * that is not set is open (−∞ for the lower, +∞ for the upper). Plain functions of numbers, so
 * that a day's GDD allocates nothing.
 */
export type GddTemperatureRule = (recorded: number, lower: number, upper: number) => number;

export interface GddMethodDefinition {
  /** The value of `gddMethod` (case-insensitive in requests). */
  readonly name: string;
  /** The rule in the spec's words (one line). */
  readonly description: string;
  /** Defaults when the request gives none (spec "GDD parameters and defaults"). */
  readonly defaults: Readonly<Record<UnitSystem, GddThresholds>>;
  /** Which boundaries the method uses; an override of one it does not use is ignored. */
  readonly usesMaxBoundary: boolean;
  readonly usesMinBoundary: boolean;
  /** The high and the low that are averaged. */
  readonly high: GddTemperatureRule;
  readonly low: GddTemperatureRule;
}

const recorded: GddTemperatureRule = (temperature) => temperature;
const capped: GddTemperatureRule = (temperature, _lower, upper) => Math.min(temperature, upper);
const clamped: GddTemperatureRule = (temperature, lower, upper) => Math.min(upper, Math.max(lower, temperature));

/** Every GDD method, in the order the API lists them; adding one here adds it everywhere. */
export const GDD_METHOD_TABLE = [
  {
    name: 'standard',
    description: "mean of the day's low and high minus base temperature",
    defaults: {
      metric: { baseTemp: 10, maxBoundary: null, minBoundary: null },
      usa: { baseTemp: 50, maxBoundary: null, minBoundary: null },
    },
    usesMaxBoundary: false,
    usesMinBoundary: false,
    high: recorded,
    low: recorded,
  },
  {
    name: 'modifiedstandard',
    description: 'a max or min outside the boundaries is reset to the boundary before the mean; base temperature subtracted',
    defaults: {
      metric: { baseTemp: 10, maxBoundary: 30, minBoundary: 10 },
      usa: { baseTemp: 50, maxBoundary: 86, minBoundary: 50 },
    },
    usesMaxBoundary: true,
    usesMinBoundary: true,
    high: clamped,
    low: clamped,
  },
  {
    name: 'min-temp-cap',
    description:
      'max above the upper boundary is reset to it; the recorded minimum is used only if lower than the lower boundary, otherwise the lower boundary value is used; base subtracted from the mean',
    defaults: {
      metric: { baseTemp: 12, maxBoundary: 35, minBoundary: 21.1 },
      usa: { baseTemp: 53.6, maxBoundary: 95, minBoundary: 70 },
    },
    usesMaxBoundary: true,
    usesMinBoundary: true,
    high: capped,
    low: (temperature, lower) => (temperature < lower ? temperature : lower),
  },
  {
    name: 'min-temp-constant',
    description: 'max above the upper boundary is reset to it; the recorded minimum is always used; base subtracted from the mean',
    defaults: {
      metric: { baseTemp: 10, maxBoundary: 33, minBoundary: null },
      usa: { baseTemp: 50, maxBoundary: 91.4, minBoundary: null },
    },
    usesMaxBoundary: true,
    usesMinBoundary: false,
    high: capped,
    low: recorded,
  },
] as const satisfies readonly GddMethodDefinition[];

type GddMethodNames<Table extends readonly { readonly name: string }[]> = { readonly [I in keyof Table]: Table[I]['name'] };

export type GddMethod = (typeof GDD_METHOD_TABLE)[number]['name'];

/** The method names in table order, as a tuple type (the catalogue builds a union of literals from it). */
export const GDD_METHODS = Object.freeze(GDD_METHOD_TABLE.map((method) => method.name)) as unknown as GddMethodNames<typeof GDD_METHOD_TABLE>;

/** The table by method name, for the lookup of each day's rule. */
const GDD_METHOD_BY_NAME: Readonly<Record<GddMethod, GddMethodDefinition>> = Object.freeze(
  Object.fromEntries(GDD_METHOD_TABLE.map((method) => [method.name, method])) as Record<GddMethod, GddMethodDefinition>,
);

export const DEFAULT_GDD_METHOD: GddMethod = 'standard';

export function isGddMethod(value: string): value is GddMethod {
  return Object.hasOwn(GDD_METHOD_BY_NAME, value);
}

/** A method's entry in GDD_METHOD_TABLE. */
export function gddMethodDefinition(method: GddMethod): GddMethodDefinition {
  return GDD_METHOD_BY_NAME[method];
}

/** Each method's defaults in both unit systems (from the table). */
export const GDD_DEFAULTS: Readonly<Record<GddMethod, Readonly<Record<UnitSystem, GddThresholds>>>> = Object.freeze(
  Object.fromEntries(GDD_METHOD_TABLE.map((method) => [method.name, method.defaults])) as Record<GddMethod, Readonly<Record<UnitSystem, GddThresholds>>>,
);

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
  const definition = GDD_METHOD_BY_NAME[method];
  const defaults = definition.defaults[unitSystem];
  return {
    method,
    unitSystem,
    baseTemp: overrides.gddBaseTemp ?? defaults.baseTemp,
    maxBoundary: definition.usesMaxBoundary ? (overrides.gddMaxBoundary ?? defaults.maxBoundary) : null,
    minBoundary: definition.usesMinBoundary ? (overrides.gddMinBoundary ?? defaults.minBoundary) : null,
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
 * °F for usa); the result is in degree-days of the same unit. Never negative. The method's
 * entry in GDD_METHOD_TABLE gives the high and low that are averaged:
 *
 * - `standard`: tmax and tmin as recorded.
 * - `modifiedstandard`: both clamped into [lower boundary, upper boundary].
 * - `min-temp-cap`: tmax' = min(tmax, upper), tmin' = min(tmin, lower).
 * - `min-temp-constant`: tmax' = min(tmax, upper), tmin' = tmin.
 */
export function dailyGdd(tmax: number, tmin: number, parameters: GddParameters): number {
  const rule = GDD_METHOD_BY_NAME[parameters.method];
  const upper = parameters.maxBoundary ?? Number.POSITIVE_INFINITY;
  const lower = parameters.minBoundary ?? Number.NEGATIVE_INFINITY;
  const gdd = (rule.high(tmax, lower, upper) + rule.low(tmin, lower, upper)) / 2 - parameters.baseTemp;
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
