/**
 * Growing degree days (GDD) for one day, by the methods of the API's `gddMethod` parameter.
 * `GDD_METHOD_TABLE` is the one list of methods: each entry holds the method's daily function, its
 * default base temperature and boundaries in both unit systems, and which boundaries it uses. The
 * method names, the request validation, the catalogue's schema and the API description all come
 * from it; a new method (a single sine, a triangle) is one entry with its own daily function.
 *
 * A request in `metric` computes with °C temperatures and °C parameters; a request in `usa`
 * computes with °F temperatures and °F parameters (the defaults below are the published °F
 * values, e.g. 53.6 °F and 91.4 °F, not rounded conversions). A day never contributes negative
 * GDD: whatever a method's function gives, a day counts max(0, it).
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
 * A method's GDD of one day from the day's highest and lowest temperature, the base temperature
 * and the boundaries, all in one unit (°C or °F). A boundary that is not set is open (−∞ for the
 * lower, +∞ for the upper). The result may be negative; a day counts max(0, it). Plain functions
 * of numbers, so that a day's GDD allocates nothing.
 */
export type GddDailyFunction = (tmax: number, tmin: number, baseTemp: number, lower: number, upper: number) => number;

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
  /** The day's GDD. */
  readonly daily: GddDailyFunction;
}

/** The temperature an averaging method takes for the recorded one, given the boundaries. */
type TemperatureRule = (recorded: number, lower: number, upper: number) => number;

const recorded: TemperatureRule = (temperature) => temperature;
const capped: TemperatureRule = (temperature, _lower, upper) => Math.min(temperature, upper);
const clamped: TemperatureRule = (temperature, lower, upper) => Math.min(upper, Math.max(lower, temperature));

/** The daily function of a method that averages a high and a low, each taken by its rule, and subtracts the base. */
function averaging(high: TemperatureRule, low: TemperatureRule): GddDailyFunction {
  return (tmax, tmin, baseTemp, lower, upper) => (high(tmax, lower, upper) + low(tmin, lower, upper)) / 2 - baseTemp;
}

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
    daily: averaging(recorded, recorded),
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
    daily: averaging(clamped, clamped),
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
    daily: averaging(capped, (temperature, lower) => (temperature < lower ? temperature : lower)),
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
    daily: averaging(capped, recorded),
  },
] as const satisfies readonly GddMethodDefinition[];

type GddMethodNames<Table extends readonly { readonly name: string }[]> = { readonly [I in keyof Table]: Table[I]['name'] };

export type GddMethod = (typeof GDD_METHOD_TABLE)[number]['name'];

/** The method names in table order, as a tuple type (the catalogue builds a union of literals from it). */
export const GDD_METHODS = Object.freeze(GDD_METHOD_TABLE.map((method) => method.name)) as unknown as GddMethodNames<typeof GDD_METHOD_TABLE>;

/** The table by method name. */
const GDD_METHOD_BY_NAME: Readonly<Record<GddMethod, GddMethodDefinition>> = methodsByName(GDD_METHOD_TABLE);

function methodsByName(table: readonly GddMethodDefinition[]): Readonly<Record<string, GddMethodDefinition>> {
  return Object.freeze(Object.fromEntries(table.map((method) => [method.name, method])));
}

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
  table: readonly GddMethodDefinition[] = GDD_METHOD_TABLE,
): GddParameters {
  const definition = methodIn(table, method);
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

/** A method of `table` by name (the default table's by a lookup made once). */
function methodIn(table: readonly GddMethodDefinition[], method: string): GddMethodDefinition {
  const definition = table === GDD_METHOD_TABLE ? GDD_METHOD_BY_NAME[method as GddMethod] : table.find((entry) => entry.name === method);
  if (definition === undefined) throw new RangeError(`no GDD method '${method}'`);
  return definition;
}

/**
 * One day's GDD from the day's high and low, both in `parameters.unitSystem` (°C for metric,
 * °F for usa), by the daily function of the method's entry in GDD_METHOD_TABLE; the result is in
 * degree-days of the same unit, never negative.
 */
export function dailyGdd(tmax: number, tmin: number, parameters: GddParameters): number {
  const gdd = GDD_METHOD_BY_NAME[parameters.method].daily(tmax, tmin, parameters.baseTemp, lowerOf(parameters), upperOf(parameters));
  return gdd > 0 ? gdd : 0;
}

const lowerOf = (parameters: GddThresholds) => parameters.minBoundary ?? Number.NEGATIVE_INFINITY;
const upperOf = (parameters: GddThresholds) => parameters.maxBoundary ?? Number.POSITIVE_INFINITY;

/** A day's GDD from its temperatures in °C (the internal unit), in the unit of the parameters it was made for; never negative. */
export type DailyGdd = (tmaxCelsius: number, tminCelsius: number) => number;

/**
 * The GDD of days in °C by `parameters`, with the method's daily function looked up once (in
 * `table`: the agronomic values service may be given a table of its own): the temperatures are
 * converted to °F first under the usa unit system, so the result is in the parameters' unit.
 */
export function celsiusDailyGdd(parameters: GddParameters, table: readonly GddMethodDefinition[] = GDD_METHOD_TABLE): DailyGdd {
  const daily = methodIn(table, parameters.method).daily;
  const base = parameters.baseTemp;
  const lower = lowerOf(parameters);
  const upper = upperOf(parameters);
  const toUnit = parameters.unitSystem === 'usa' ? celsiusToFahrenheit : (celsius: number) => celsius;
  return (tmax, tmin) => {
    const gdd = daily(toUnit(tmax), toUnit(tmin), base, lower, upper);
    return gdd > 0 ? gdd : 0;
  };
}
