/**
 * The twelve monthly means of the climatology at any point on the globe.
 *
 * Interpolation: bilinear between the centres of the four 0.5° cells around the point. Cells over
 * water hold no values; their weights are dropped and the remaining weights renormalised, so a
 * coastal point takes its values from the land cells beside it. A point with no land cell among
 * its four neighbours (open sea, Antarctica, small islands missing from the source) takes the
 * inverse-squared-distance weighted mean of the nearest land cells: those on the first square
 * ring of 0.5° cells around it that holds any land (out to 60 rings, 30°; the climatology knows
 * each cell's ring to land, so only that ring is searched); beyond that the mean of all land cells
 * (summed once, when the climatology is read) stands in, which is never reached for a point near
 * any continent.
 */
import type { ClimatologyGrid, ClimatologyVariable } from './climatology-format.js';

/**
 * Twelve monthly values, January first. Plain arrays: a place's climate is read once per new place,
 * and a typed array of twelve numbers is allocated outside the heap, which costs more than filling it.
 */
export type MonthlySeries = readonly number[];

export interface MonthlyClimate {
  /** Mean daily maximum / minimum temperature, °C. */
  readonly tmax: MonthlySeries;
  readonly tmin: MonthlySeries;
  /** Mean precipitation, mm/day. */
  readonly precipitation: MonthlySeries;
  /** Wet days (>= 0.1 mm) per month. */
  readonly wetDays: MonthlySeries;
  /** Shortwave radiation, W/m² (24-hour mean). */
  readonly radiation: MonthlySeries;
  /** Vapour pressure, hPa. */
  readonly vapourPressure: MonthlySeries;
  /** Wind speed at 10 m, m/s. */
  readonly wind: MonthlySeries;
  /** How the point was resolved: `interpolated` from adjacent land cells or `nearest-land`. */
  readonly resolution: 'interpolated' | 'nearest-land';
}

const FIELDS: [ClimatologyVariable, keyof Omit<MonthlyClimate, 'resolution'>][] = [
  ['tmx', 'tmax'],
  ['tmn', 'tmin'],
  ['pre', 'precipitation'],
  ['wet', 'wetDays'],
  ['rad', 'radiation'],
  ['vap', 'vapourPressure'],
  ['wnd', 'wind'],
];

const MAX_RINGS = 60;

export function monthlyClimateAt(climatology: ClimatologyGrid, latitude: number, longitude: number): MonthlyClimate {
  const { rows, cols, cellSizeDeg, north, west } = climatology.header.grid;
  const lon = ((((longitude - west) % 360) + 360) % 360);
  const fy = (north - latitude) / cellSizeDeg - 0.5;
  const fx = lon / cellSizeDeg - 0.5;
  const r0 = Math.floor(fy);
  const c0 = Math.floor(fx);
  const ty = fy - r0;
  const tx = fx - c0;

  const cells: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < 4; i++) {
    const r = Math.min(rows - 1, Math.max(0, r0 + (i >> 1)));
    const c = (((c0 + (i & 1)) % cols) + cols) % cols;
    const land = climatology.landIndex[r * cols + c]!;
    const w = ((i >> 1) ? ty : 1 - ty) * ((i & 1) ? tx : 1 - tx);
    if (land >= 0 && w > 0) {
      cells.push(land);
      weights.push(w);
    }
  }
  let resolution: MonthlyClimate['resolution'] = 'interpolated';
  if (cells.length === 0) {
    resolution = 'nearest-land';
    nearestLand(climatology, fy, fx, cells, weights);
  }
  const total = weights.reduce((s, w) => s + w, 0);

  const out = { resolution } as { -readonly [K in keyof MonthlyClimate]: MonthlyClimate[K] };
  for (const [variable, name] of FIELDS) {
    const values = climatology.values[variable];
    const scale = climatology.header.variables[variable].scale;
    const series = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    if (cells.length === 0) {
      // No land within reach: the mean over all land cells.
      const sums = climatology.landSums[variable];
      const n = climatology.header.landCount;
      for (let m = 0; m < 12; m++) series[m] = (sums[m]! / n) * scale;
    } else {
      for (let k = 0; k < cells.length; k++) {
        const w = (weights[k]! / total) * scale;
        const base = cells[k]! * 12;
        for (let m = 0; m < 12; m++) series[m] += w * values[base + m]!;
      }
    }
    out[name] = series;
  }
  return out;
}

function nearestLand(climatology: ClimatologyGrid, fy: number, fx: number, cells: number[], weights: number[]): void {
  const { rows, cols, cellSizeDeg, north } = climatology.header.grid;
  const rc = Math.round(fy);
  const cc = Math.round(fx);
  // The rings nearer than the cell's ring to land hold none: the search starts at that ring.
  const firstRing = rc >= 0 && rc < rows ? Math.max(1, climatology.landRing[rc * cols + ((cc % cols) + cols) % cols]!) : 1;
  for (let ring = firstRing; ring <= MAX_RINGS && cells.length === 0; ring++) {
    for (let dr = -ring; dr <= ring; dr++) {
      const r = rc + dr;
      if (r < 0 || r >= rows) continue;
      const step = Math.abs(dr) === ring ? 1 : 2 * ring;
      for (let dc = -ring; dc <= ring; dc += step) {
        const c = (((cc + dc) % cols) + cols) % cols;
        const land = climatology.landIndex[r * cols + c]!;
        if (land < 0) continue;
        const dy = r - fy;
        const dx = (cc + dc - fx) * Math.cos(((north - (r + 0.5) * cellSizeDeg) * Math.PI) / 180);
        cells.push(land);
        weights.push(1 / (dy * dy + dx * dx + 1e-6));
      }
    }
  }
}
