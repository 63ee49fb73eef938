/**
 * Smooth annual curves through twelve monthly means that keep those means: a mean-preserving
 * harmonic interpolation (after Epstein 1991, J. Climate 4:365). The curve is a Fourier series
 * with twelve terms (constant, cos/sin of harmonics 1-5, sin of harmonic 6), whose coefficients
 * are solved so that the averages of the curve over the days of each month of a 365-day year equal
 * the monthly means exactly. Periodic, so 31 December joins 1 January smoothly.
 *
 * Quantities that cannot be negative (precipitation, wet-day frequency, radiation, ...) take a
 * `floor`: where the series would dip below it the curve is clipped, and the coefficients are
 * corrected so that the monthly means of the clipped curve are still (very nearly) the given ones.
 * The month means of the clipped curve are piecewise linear in the coefficients, so the correction
 * is a Newton step: the averaging matrix over the days left above the floor (the whole month where
 * no day is) is solved against the residual means. It converges in a few steps where a plain
 * fixed-point correction took dozens and could stall.
 */
import { daysInMonth } from '../../core/dates.js';

export const CURVE_TERMS = 12;
const DAYS = 365;

/** Phase of a day in its year, in [0, 1): the centre of day `dayOfYear` (1-based) of a `yearLength`-day year. */
export function phaseOfDay(dayOfYear: number, yearLength: number): number {
  return (dayOfYear - 0.5) / yearLength;
}

/** Writes the twelve basis functions at `phase` into `out`. */
export function curveBasis(phase: number, out: Float64Array): void {
  const a = 2 * Math.PI * phase;
  const c1 = Math.cos(a);
  const s1 = Math.sin(a);
  out[0] = 1;
  let c = c1;
  let s = s1;
  for (let k = 1; k <= 5; k++) {
    out[2 * k - 1] = c;
    out[2 * k] = s;
    const cn = c * c1 - s * s1;
    s = s * c1 + c * s1;
    c = cn;
  }
  out[11] = s; // sin of harmonic 6
}

export function evaluateCurve(coefficients: ArrayLike<number>, basis: Float64Array, floor = -Infinity): number {
  let v = 0;
  for (let j = 0; j < CURVE_TERMS; j++) v += coefficients[j]! * basis[j]!;
  return v < floor ? floor : v;
}

/** The 365 × 12 basis table (day-centre phases) and the inverse of the month-averaging matrix. */
export interface CurveSolver {
  readonly basisTable: Float64Array;
  readonly monthOfDay: Uint8Array;
  readonly monthLength: Uint8Array;
  /** Month-averaging matrix (12 × CURVE_TERMS): row m averages the basis over the days of month m. */
  readonly averaging: Float64Array;
  readonly inverse: Float64Array;
  /** Row m: the basis summed over the days of month m, in day order from zero (12 × CURVE_TERMS). */
  readonly monthSums: Float64Array;
  /** Working arrays of a fit, reused by each (fits run one at a time: they are synchronous). */
  readonly work: FitWork;
}

interface FitWork {
  readonly coefficients: Float64Array;
  readonly sums: Float64Array;
  readonly residual: Float64Array;
  readonly rhs: Float64Array;
  readonly jacobian: Float64Array;
  readonly step: Float64Array;
  readonly best: Float64Array;
  readonly clippedDay: Uint8Array;
  readonly clippedDays: Uint16Array;
}

/** Built once by whoever fits curves (the synthetic source builds one and keeps it). */
export function createCurveSolver(): CurveSolver {
  const basisTable = new Float64Array(DAYS * CURVE_TERMS);
  const monthOfDay = new Uint8Array(DAYS);
  const monthLength = new Uint8Array(12);
  const row = new Float64Array(CURVE_TERMS);
  let d = 0;
  for (let m = 0; m < 12; m++) {
    monthLength[m] = daysInMonth(2001, m + 1);
    for (let i = 0; i < monthLength[m]!; i++, d++) monthOfDay[d] = m;
  }
  for (let day = 0; day < DAYS; day++) {
    curveBasis(phaseOfDay(day + 1, DAYS), row);
    basisTable.set(row, day * CURVE_TERMS);
  }
  const matrix = new Float64Array(12 * CURVE_TERMS);
  const monthSums = new Float64Array(12 * CURVE_TERMS);
  for (let day = 0; day < DAYS; day++) {
    const m = monthOfDay[day]!;
    for (let j = 0; j < CURVE_TERMS; j++) {
      matrix[m * CURVE_TERMS + j] += basisTable[day * CURVE_TERMS + j]! / monthLength[m]!;
      monthSums[m * CURVE_TERMS + j] += basisTable[day * CURVE_TERMS + j]!;
    }
  }
  const work: FitWork = {
    coefficients: new Float64Array(CURVE_TERMS),
    sums: new Float64Array(12),
    residual: new Float64Array(12),
    rhs: new Float64Array(12),
    jacobian: new Float64Array(12 * CURVE_TERMS),
    step: new Float64Array(CURVE_TERMS),
    best: new Float64Array(CURVE_TERMS),
    clippedDay: new Uint8Array(DAYS),
    clippedDays: new Uint16Array(12),
  };
  return { basisTable, monthOfDay, monthLength, averaging: matrix, inverse: invert(matrix, 12), monthSums, work };
}

/**
 * Coefficients of the mean-preserving curve through `monthlyMeans` (12 values, January first),
 * written into `out` from `at` (CURVE_TERMS numbers) and returned in it. With a finite `floor`,
 * the clipped curve keeps the means to within a small tolerance.
 */
export function fitMeanPreservingCurve(solver: CurveSolver, monthlyMeans: ArrayLike<number>, floor = -Infinity, out = new Float64Array(CURVE_TERMS), at = 0): Float64Array {
  const { basisTable, monthLength, monthSums } = solver;
  const { coefficients, sums, residual, rhs, jacobian, step, best, clippedDay, clippedDays } = solver.work;
  multiplyInto(solver.inverse, monthlyMeans, coefficients);
  if (floor === -Infinity || lowestPossible(coefficients) >= floor) {
    out.set(coefficients, at);
    return out;
  }
  const tolerance = 1e-4 * (1 + Math.abs(monthlyMeans[0]!));
  best.set(coefficients);
  let bestWorst = Infinity;
  for (let iteration = 0; iteration < 40; iteration++) {
    let clipped = false;
    // The curve at each day: the terms summed in order, as evaluateCurve does (here unrolled).
    const [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11] = [
      coefficients[0]!, coefficients[1]!, coefficients[2]!, coefficients[3]!, coefficients[4]!, coefficients[5]!,
      coefficients[6]!, coefficients[7]!, coefficients[8]!, coefficients[9]!, coefficients[10]!, coefficients[11]!,
    ];
    for (let m = 0, day = 0; m < 12; m++) {
      let sum = 0;
      let clippedInMonth = 0;
      for (const end = day + monthLength[m]!; day < end; day++) {
        const b = day * CURVE_TERMS;
        let v =
          0 +
          c0 * basisTable[b]! +
          c1 * basisTable[b + 1]! +
          c2 * basisTable[b + 2]! +
          c3 * basisTable[b + 3]! +
          c4 * basisTable[b + 4]! +
          c5 * basisTable[b + 5]! +
          c6 * basisTable[b + 6]! +
          c7 * basisTable[b + 7]! +
          c8 * basisTable[b + 8]! +
          c9 * basisTable[b + 9]! +
          c10 * basisTable[b + 10]! +
          c11 * basisTable[b + 11]!;
        if (v < floor) {
          v = floor;
          clippedDay[day] = 1;
          clippedInMonth++;
        } else clippedDay[day] = 0;
        sum += v;
      }
      sums[m] = sum;
      clippedDays[m] = clippedInMonth;
      if (clippedInMonth > 0) clipped = true;
    }
    if (!clipped) {
      out.set(coefficients, at);
      return out;
    }
    let worst = 0;
    for (let m = 0; m < 12; m++) {
      residual[m] = monthlyMeans[m]! - sums[m]! / monthLength[m]!;
      worst = Math.max(worst, Math.abs(residual[m]!));
    }
    if (worst < bestWorst) {
      bestWorst = worst;
      best.set(coefficients);
    }
    if (worst < tolerance) break;
    // Row m of the Jacobian: the basis averaged over the month's days above the floor, summed in
    // day order (a month with none clipped takes the solver's month sum, the same additions made
    // once); a month clipped whole takes the plain month average.
    for (let m = 0, first = 0; m < 12; first += monthLength[m]!, m++) {
      const row = m * CURVE_TERMS;
      const length = monthLength[m]!;
      if (clippedDays[m] === length) {
        jacobian.set(solver.averaging.subarray(row, row + CURVE_TERMS), row);
        continue;
      }
      if (clippedDays[m] === 0) for (let j = 0; j < CURVE_TERMS; j++) jacobian[row + j] = monthSums[row + j]!;
      else {
        jacobian.fill(0, row, row + CURVE_TERMS);
        for (let day = first; day < first + length; day++) {
          if (clippedDay[day]) continue;
          const base = day * CURVE_TERMS;
          for (let j = 0; j < CURVE_TERMS; j++) jacobian[row + j] += basisTable[base + j]!;
        }
      }
      for (let j = 0; j < CURVE_TERMS; j++) jacobian[row + j] /= length;
    }
    rhs.set(residual);
    if (!solveInPlace(jacobian, rhs, step)) multiplyInto(solver.inverse, residual, step);
    for (let j = 0; j < CURVE_TERMS; j++) coefficients[j] += step[j]!;
  }
  out.set(best, at);
  return out;
}

/** A lower bound of the curve over the year: the constant less the amplitude of every harmonic. */
function lowestPossible(coefficients: Float64Array): number {
  let bound = coefficients[0]! - Math.abs(coefficients[11]!);
  for (let k = 1; k <= 5; k++) bound -= Math.hypot(coefficients[2 * k - 1]!, coefficients[2 * k]!);
  return bound;
}

/** Solves the 12 × 12 system `a x = b` by Gaussian elimination (destroys a and b); false if singular. */
function solveInPlace(a: Float64Array, b: Float64Array, x: Float64Array): boolean {
  const n = 12;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    if (Math.abs(a[pivot * n + col]!) < 1e-9) return false;
    if (pivot !== col) {
      for (let j = 0; j < n; j++) [a[col * n + j], a[pivot * n + j]] = [a[pivot * n + j]!, a[col * n + j]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    const p = a[col * n + col]!;
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / p;
      if (f === 0) continue;
      for (let j = col; j < n; j++) a[r * n + j] -= f * a[col * n + j]!;
      b[r] -= f * b[col]!;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let j = i + 1; j < n; j++) s -= a[i * n + j]! * x[j]!;
    x[i] = s / a[i * n + i]!;
  }
  return true;
}

function multiplyInto(matrix: Float64Array, vector: ArrayLike<number>, out: Float64Array): void {
  for (let i = 0; i < CURVE_TERMS; i++) {
    let s = 0;
    for (let j = 0; j < 12; j++) s += matrix[i * 12 + j]! * vector[j]!;
    out[i] = s;
  }
}

/** Gauss-Jordan inverse with partial pivoting of an n × n row-major matrix. */
function invert(matrix: Float64Array, n: number): Float64Array {
  const a = Float64Array.from(matrix);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    if (Math.abs(a[pivot * n + col]!) < 1e-12) throw new Error('month-averaging matrix is singular');
    if (pivot !== col) {
      for (let j = 0; j < n; j++) {
        [a[col * n + j], a[pivot * n + j]] = [a[pivot * n + j]!, a[col * n + j]!];
        [inv[col * n + j], inv[pivot * n + j]] = [inv[pivot * n + j]!, inv[col * n + j]!];
      }
    }
    const p = a[col * n + col]!;
    for (let j = 0; j < n; j++) {
      a[col * n + j] /= p;
      inv[col * n + j] /= p;
    }
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r * n + col]!;
      if (f === 0) continue;
      for (let j = 0; j < n; j++) {
        a[r * n + j] -= f * a[col * n + j]!;
        inv[r * n + j] -= f * inv[col * n + j]!;
      }
    }
  }
  return inv;
}
