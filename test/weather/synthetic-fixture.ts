/** Shared helpers of the synthetic-weather tests: named places and small statistics. */
import { cellAt } from '../../src/weather/grid.js';
import type { GridCell } from '../../src/weather/weather-source.js';

export const PLACES: Record<string, GridCell> = {
  ames: cellAt(42.03, -93.62),
  nairobi: cellAt(-1.29, 36.82),
  deBilt: cellAt(52.1, 5.18),
  delhi: cellAt(28.61, 77.21),
  manaus: cellAt(-3.12, -60.02),
  moscow: cellAt(55.75, 37.62),
  sydney: cellAt(-33.87, 151.0),
  buenosAires: cellAt(-34.6, -58.5),
  beijing: cellAt(39.9, 116.4),
  lagos: cellAt(6.6, 3.4),
  winnipeg: cellAt(49.9, -97.1),
  madrid: cellAt(40.42, -3.7),
};

export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s / values.length;
}

export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! - ma;
    const y = b[i]! - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

export function lag1Autocorrelation(values: ArrayLike<number>): number {
  const n = values.length;
  return correlation(Array.from({ length: n - 1 }, (_, i) => values[i]!), Array.from({ length: n - 1 }, (_, i) => values[i + 1]!));
}
