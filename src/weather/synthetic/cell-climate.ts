/**
 * The daily climatology of one place: the monthly means at the point turned into smooth,
 * mean-preserving annual curves, evaluated for any calendar day (leap years included: a day's
 * position in its year is its phase, so 29 February sits between 28 February and 1 March).
 */
import { dayOfYear, fromEpochDay, isLeapYear, yearOf, type IsoDate } from '../../core/dates.js';
import type { ClimatologyGrid } from './climatology-format.js';
import { CURVE_TERMS, curveBasis, fitMeanPreservingCurve, phaseOfDay, type CurveSolver } from './mean-preserving-curve.js';
import { monthlyClimateAt, type MonthlyClimate } from './monthly-climate-at.js';

export interface DailyClimate {
  /** Mean daily maximum / minimum temperature, °C. */
  tmax: number;
  tmin: number;
  /** Mean precipitation, mm/day. */
  precipitation: number;
  /** Fraction of days that are wet (>= 0.1 mm). */
  wetFraction: number;
  /** Shortwave radiation, W/m² 24-hour mean. */
  radiation: number;
  /** Vapour pressure, hPa. */
  vapourPressure: number;
  /** Wind speed at 10 m, m/s. */
  wind: number;
}

export interface CellClimate {
  readonly latitude: number;
  readonly longitude: number;
  readonly monthly: MonthlyClimate;
  /** Curve coefficients, CURVE_TERMS per variable, in DailyClimate order. */
  readonly coefficients: Float64Array;
}

const VARIABLES = ['tmax', 'tmin', 'precipitation', 'wetFraction', 'radiation', 'vapourPressure', 'wind'] as const;
const FLOORS = [-Infinity, -Infinity, 0, 0, 0, 0.1, 0.2];

export function cellClimateAt(climatology: ClimatologyGrid, solver: CurveSolver, latitude: number, longitude: number): CellClimate {
  const monthly = monthlyClimateAt(climatology, latitude, longitude);
  const wetFraction: number[] = [];
  for (let m = 0; m < 12; m++) wetFraction.push(Math.min(1, monthly.wetDays[m]! / solver.monthLength[m]!));
  const series = [monthly.tmax, monthly.tmin, monthly.precipitation, wetFraction, monthly.radiation, monthly.vapourPressure, monthly.wind];
  const coefficients = new Float64Array(VARIABLES.length * CURVE_TERMS);
  series.forEach((s, v) => fitMeanPreservingCurve(solver, s, FLOORS[v]!, coefficients, v * CURVE_TERMS));
  return { latitude, longitude, monthly, coefficients };
}

/**
 * Evaluates the daily climatology at `phase` (see phaseOfDay) into `out`; `basis` is a
 * CURVE_TERMS-long scratch array.
 */
export function dailyClimateAtPhase(climate: CellClimate, phase: number, basis: Float64Array, out: DailyClimate): DailyClimate {
  curveBasis(phase, basis);
  const c = climate.coefficients;
  const tmax = dot(c, 0, basis);
  out.tmax = tmax;
  out.tmin = Math.min(dot(c, 12, basis), tmax);
  out.precipitation = Math.max(0, dot(c, 24, basis));
  out.wetFraction = Math.min(1, Math.max(0, dot(c, 36, basis)));
  out.radiation = Math.max(0, dot(c, 48, basis));
  out.vapourPressure = Math.max(0.1, dot(c, 60, basis));
  out.wind = Math.max(0.2, dot(c, 72, basis));
  return out;
}

function dot(c: Float64Array, base: number, basis: Float64Array): number {
  let s = 0;
  for (let j = 0; j < 12; j++) s += c[base + j]! * basis[j]!;
  return s;
}

/** Calls `each` with the daily climatology of `length` consecutive days from `firstEpochDay` (one object, reused). */
export function forEachClimateDay(climate: CellClimate, firstEpochDay: number, length: number, each: (index: number, day: Readonly<DailyClimate>) => void): void {
  const out: DailyClimate = { tmax: 0, tmin: 0, precipitation: 0, wetFraction: 0, radiation: 0, vapourPressure: 0, wind: 0 };
  const basis = new Float64Array(CURVE_TERMS);
  let day = 0;
  let yearLength = 0;
  for (let i = 0; i < length; i++) {
    if (i === 0 || day === yearLength) {
      const date = fromEpochDay(firstEpochDay + i);
      day = dayOfYear(date) - 1;
      yearLength = isLeapYear(yearOf(date)) ? 366 : 365;
    }
    day++;
    each(i, dailyClimateAtPhase(climate, phaseOfDay(day, yearLength), basis, out));
  }
}

/** The phase (see phaseOfDay) of a date in its own year, leap years included. */
export function phaseOfDate(date: IsoDate): number {
  return phaseOfDay(dayOfYear(date), isLeapYear(yearOf(date)) ? 366 : 365);
}

export function dailyClimateOn(climate: CellClimate, date: IsoDate): DailyClimate {
  const out: DailyClimate = { tmax: 0, tmin: 0, precipitation: 0, wetFraction: 0, radiation: 0, vapourPressure: 0, wind: 0 };
  return dailyClimateAtPhase(climate, phaseOfDate(date), new Float64Array(CURVE_TERMS), out);
}
