/**
 * Cost of one synthetic cell-year, uncached (cells far apart, and cells of one region) and cached, with the cost of drawing 365 × 10
 * gaussian numbers with a simple PRNG measured in the same run as the baseline.
 *
 *   npx tsx bench/synthetic-year.ts
 */
import { cellAt } from '../src/weather/grid.js';
import { createSyntheticSource } from '../src/weather/synthetic/synthetic-source.js';

function baselineGaussians(seed: number): number {
  // mulberry32 + Box-Muller, 365 × 10 normals.
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  let sum = 0;
  for (let i = 0; i < 365 * 5; i++) {
    const r = Math.sqrt(-2 * Math.log(next()));
    const th = 2 * Math.PI * next();
    sum += r * Math.cos(th) + r * Math.sin(th);
  }
  return sum;
}

function timePerCall(run: (i: number) => unknown, minMs = 1000): number {
  for (let i = 0; i < 60; i++) run(1_000_000 + i); // warm-up: let the JIT settle first
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    run(calls++);
    elapsed = performance.now() - start;
  }
  return elapsed / calls;
}

const loadStart = performance.now();
const source = createSyntheticSource({ cacheSize: 4096 });
const loadMs = performance.now() - loadStart;
const cells = Array.from({ length: 200 }, (_, i) => cellAt(-40 + (i % 20) * 4.1, -100 + Math.floor(i / 20) * 17.3));
// Cells of one farming region (about 1.5° square): fields cluster, so their cells share lattice nodes of the random fields.
const regionCells = Array.from({ length: 200 }, (_, i) => cellAt(41 + (i % 14) * 0.11, -94 + Math.floor(i / 14) * 0.11));
// Cell climates are cached separately; warm them so the uncached figure is the cell-year alone.
for (const cell of [...cells, ...regionCells]) source.cellClimate(cell);
for (let i = 0; i < 300; i++) baselineGaussians(i);

const baseline = timePerCall((i) => baselineGaussians(i));
const year = 1000;
const uncached = timePerCall((i) => source.generator.generateCellYear(source.cellClimate(cells[i % cells.length]!), cells[i % cells.length]!.id, year + Math.floor(i / cells.length)));
const regional = timePerCall((i) => source.generator.generateCellYear(source.cellClimate(regionCells[i % regionCells.length]!), regionCells[i % regionCells.length]!.id, year + Math.floor(i / regionCells.length)));
for (const cell of cells) source.cellYear(cell, 2020);
const cached = timePerCall((i) => source.dailyDays(cells[i % cells.length]!, { start: '2020-01-01', end: '2020-12-31' }));
const climate = timePerCall((i) => source.cellClimate({ ...cells[i % cells.length]!, id: -1 - i }));

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(`climatology load:                 ${fmt(loadMs)}`);
console.log(`baseline (365×10 gaussians):      ${fmt(baseline)}`);
console.log(`cell-year, uncached:              ${fmt(uncached)}  (${(uncached / baseline).toFixed(1)}× baseline)`);
console.log(`cell-year, uncached, one region:  ${fmt(regional)}  (${(regional / baseline).toFixed(1)}× baseline; cells sharing lattice nodes)`);
console.log(`cell-year, cached (daily() year): ${fmt(cached)}  (${(cached / baseline).toFixed(1)}× baseline)`);
console.log(`cell climate (first use of a cell): ${fmt(climate)}  (${(climate / baseline).toFixed(1)}× baseline)`);
