/** The committed compact climatology and its interpolation. */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIMATOLOGY_VARIABLES, decodeClimatology, encodeClimatology, type ClimatologyGrid } from '../../src/weather/synthetic/climatology-format.js';
import { loadClimatology } from '../../src/weather/synthetic/load-climatology.js';
import { createCurveSolver, curveBasis, evaluateCurve, fitMeanPreservingCurve } from '../../src/weather/synthetic/mean-preserving-curve.js';
import { monthlyClimateAt } from '../../src/weather/synthetic/monthly-climate-at.js';

let climatology: ClimatologyGrid;
beforeAll(() => {
  climatology = loadClimatology();
});

describe('compact CRU CL 1.0 climatology', () => {
  it('holds the land cells of the source with its values', () => {
    expect(climatology.header.landCount).toBe(67420);
    expect(climatology.header.citation).toContain('New, M., Hulme, M. and Jones, P. (1999)');
    // The 0.5° cell centred on 52.25 N 5.25 E (De Bilt): CRU tmx January 4.8 °C, July 21.3 °C.
    const land = climatology.landIndex[75 * 720 + 10]!;
    expect(land).toBeGreaterThanOrEqual(0);
    expect(climatology.values.tmx[land * 12]).toBe(48);
    expect(climatology.values.tmx[land * 12 + 6]).toBe(213);
    // Open sea is not land.
    expect(climatology.landIndex[180 * 720 + 660]).toBe(-1);
  });

  it('round-trips through its encoding', () => {
    const values = Object.fromEntries(CLIMATOLOGY_VARIABLES.map((v) => [v, Int16Array.from({ length: 24 }, (_, i) => (i * 977) % 3000 - 1200)]));
    const mask = new Uint8Array(4 * 8);
    mask[3] = 1;
    mask[17] = 1;
    const header = { ...climatology.header, grid: { rows: 4, cols: 8, cellSizeDeg: 45, north: 90, west: 0 }, landCount: 2 };
    const decoded = decodeClimatology(encodeClimatology(header, mask, values as never));
    expect(Array.from(decoded.landIndex).filter((i) => i >= 0)).toEqual([0, 1]);
    expect(decoded.landIndex[17]).toBe(1);
    for (const v of CLIMATOLOGY_VARIABLES) expect(Array.from(decoded.values[v])).toEqual(Array.from(values[v]!));
  });

  it("knows each cell's ring to the nearest land and the sums over all land", () => {
    const { rows, cols } = climatology.header.grid;
    // The definition: the least max(row distance, column distance round the globe) to a land cell.
    const land: [number, number][] = [];
    for (let cell = 0; cell < rows * cols; cell++) if (climatology.landIndex[cell]! >= 0) land.push([Math.floor(cell / cols), cell % cols]);
    const cells = [0, 75 * 720 + 10, 180 * 720 + 660, 300 * 720 + 100, 250 * 720 + 719, 359 * 720, 130 * 720 + 400];
    for (let i = 0; i < 40; i++) cells.push((i * 104_729) % (rows * cols));
    for (const cell of cells) {
      const [row, col] = [Math.floor(cell / cols), cell % cols];
      let nearest = Infinity;
      for (const [r, c] of land) nearest = Math.min(nearest, Math.max(Math.abs(r - row), Math.min(Math.abs(c - col), cols - Math.abs(c - col))));
      expect(climatology.landRing[cell], `cell ${cell}`).toBe(Math.min(nearest, 255));
    }
    expect(climatology.landRing[75 * 720 + 10]).toBe(0);
    const sums = (v: (typeof CLIMATOLOGY_VARIABLES)[number]) => {
      const total = new Array<number>(12).fill(0);
      climatology.values[v].forEach((value, i) => (total[i % 12] += value));
      return total;
    };
    for (const v of CLIMATOLOGY_VARIABLES) expect(Array.from(climatology.landSums[v])).toEqual(sums(v));
    // Far out at sea (more than 60 rings from land): the mean of all land cells.
    const remote = monthlyClimateAt(climatology, -60, -130);
    expect(climatology.landRing[300 * 720 + 460]).toBeGreaterThan(60); // the cell of 60 S 130 W (columns from 0° east)
    expect(remote.tmax[0]).toBeCloseTo((sums('tmx')[0]! / climatology.header.landCount) * climatology.header.variables.tmx.scale, 9);
  });

  it('interpolates between land cells and falls back to the nearest land over water', () => {
    const inland = monthlyClimateAt(climatology, 52.25, 5.25);
    expect(inland.resolution).toBe('interpolated');
    expect(inland.tmax[0]).toBeCloseTo(4.8, 6);
    const between = monthlyClimateAt(climatology, 52.0, 5.25);
    expect(between.tmax[6]).toBeGreaterThan(Math.min(21.3, monthlyClimateAt(climatology, 51.75, 5.25).tmax[6]!) - 1e-9);
    const sea = monthlyClimateAt(climatology, 0, -30);
    expect(sea.resolution).toBe('nearest-land');
    expect(sea.tmax.every(Number.isFinite)).toBe(true);
  });
});

describe('mean-preserving monthly to daily curves', () => {
  const solver = createCurveSolver();
  const monthlyMeans = (coefficients: Float64Array, floor = -Infinity) => {
    const sums = new Array<number>(12).fill(0);
    for (let d = 0; d < 365; d++) sums[solver.monthOfDay[d]!] += evaluateCurve(coefficients, solver.basisTable.subarray(d * 12, d * 12 + 12), floor);
    return sums.map((s, m) => s / solver.monthLength[m]!);
  };

  it('keeps the monthly means exactly and joins December to January smoothly', () => {
    const means = [-2.7, 0.5, 7.5, 16.1, 22.7, 27.8, 29.9, 28.5, 24, 17.7, 8.3, -0.5];
    const c = fitMeanPreservingCurve(solver, means);
    monthlyMeans(c).forEach((m, i) => expect(m).toBeCloseTo(means[i]!, 9));
    const basis = new Float64Array(12);
    curveBasis(0.9999, basis);
    const end = evaluateCurve(c, basis);
    curveBasis(0.0001, basis);
    expect(Math.abs(evaluateCurve(c, basis) - end)).toBeLessThan(0.01);
  });

  it('stays non-negative for a single wet month and still keeps the means closely', () => {
    const means = [0, 0, 0, 0, 0.1, 5, 10, 8, 0.5, 0, 0, 0];
    const c = fitMeanPreservingCurve(solver, means, 0);
    monthlyMeans(c, 0).forEach((m, i) => expect(Math.abs(m - means[i]!)).toBeLessThan(0.02));
  });

  it('keeps the means of a desert year with one wet month and of alternating wet and dry months', () => {
    for (const means of [
      [0, 0, 0, 0, 0, 0, 30, 0, 0, 0, 0, 0],
      [5, 0, 5, 0, 5, 0, 5, 0, 5, 0, 5, 0],
      [0.01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.01],
    ]) {
      const c = fitMeanPreservingCurve(solver, means, 0);
      monthlyMeans(c, 0).forEach((m, i) => expect(Math.abs(m - means[i]!)).toBeLessThan(1e-3));
    }
  });

  it('leaves a curve that never reaches its floor exactly as the unclipped fit', () => {
    const means = [2.1, 2.4, 3.0, 3.9, 4.6, 5.2, 5.6, 5.4, 4.8, 3.8, 2.9, 2.3];
    expect(Array.from(fitMeanPreservingCurve(solver, means, 0))).toEqual(Array.from(fitMeanPreservingCurve(solver, means)));
  });
});
