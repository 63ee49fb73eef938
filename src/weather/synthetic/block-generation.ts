/**
 * Synthetic weather generated away from the event loop (on the compute pool's worker threads, or
 * on the calling thread): from plain data (the climatology file, seed, cell, blocks) to plain data
 * (typed arrays, transferred between threads, not copied). What generation needs that is costly to
 * build (the climatology, generators, cell climates) is built once per thread, on its first task,
 * and kept by the thread's `GenerationContext`.
 */
import { LRUCache } from 'lru-cache';
import { type Checkpoint, NO_CHECKPOINT, type Requester } from '../../core/requester.js';
import { cellById } from '../grid.js';
import { cellClimateAt, type CellClimate } from './cell-climate.js';
import type { ClimatologyGrid } from './climatology-format.js';
import { loadClimatology } from './load-climatology.js';
import { createCurveSolver, type CurveSolver } from './mean-preserving-curve.js';
import { DAILY_VARIABLES } from '../daily-variables.js';
import { BLOCK_DAYS, createWeatherGenerator, GENERATED_VARIABLES, type WeatherGenerator } from './weather-generator.js';

/** What a thread keeps between generations. */
export interface GenerationContext {
  climatology(path: string | undefined): ClimatologyGrid;
  generator(seed: number): WeatherGenerator;
  cellClimate(path: string | undefined, cellId: number): CellClimate;
}

export function createGenerationContext(): GenerationContext {
  const climatologies = new Map<string, ClimatologyGrid>();
  const generators = new Map<number, WeatherGenerator>();
  const climates = new LRUCache<string, CellClimate>({ max: 4096 });
  let solver: CurveSolver | undefined;
  const climatology = (path: string | undefined) => {
    const key = path ?? '';
    let grid = climatologies.get(key);
    if (!grid) climatologies.set(key, (grid = loadClimatology(path)));
    return grid;
  };
  return {
    climatology,
    generator(seed) {
      let generator = generators.get(seed);
      if (!generator) generators.set(seed, (generator = createWeatherGenerator({ seed })));
      return generator;
    },
    cellClimate(path, cellId) {
      const key = `${path ?? ''}|${cellId}`;
      let climate = climates.get(key);
      if (!climate) {
        const cell = cellById(cellId);
        climate = cellClimateAt(climatology(path), (solver ??= createCurveSolver()), cell.latitude, cell.longitude);
        climates.set(key, climate);
      }
      return climate;
    },
  };
}

/**
 * Where synthetic weather is generated: the compute pool, or the calling thread. Each task is done
 * for a requester (core/requester.ts): queued under its account, and dropped or stopped once it
 * has given up.
 */
export interface BlockGenerator {
  cellBlocks(input: CellBlocksInput, requester?: Requester): Promise<CellBlocksOutput>;
  /** Forecast hours without soil at many cells (see hours-generation.ts). */
  hoursWithoutSoil(input: HoursWithoutSoilInput, requester?: Requester): Promise<HoursWithoutSoilOutput>;
  /**
   * Every forecast hour of one issue date at a cell, with soil (see hours-generation.ts), and the
   * blocks of the cell it generated for them.
   */
  forecastWindow(input: ForecastWindowInput, requester?: Requester): Promise<ForecastWindowOutput>;
}

export interface CellBlocksInput {
  /** The climatology file (undefined: the shipped one). */
  climatologyPath?: string;
  seed: number;
  cellId: number;
  /** Blocks of days (see `BLOCK_DAYS` in weather-generator.ts). */
  blocks: number[];
}

/** Generated blocks of one cell, packed (their buffers transferred, not copied). */
export interface CellBlocksOutput {
  blocks: PackedBlock[];
}

/**
 * A generated block as kept: each generated variable's BLOCK_DAYS values in GENERATED_VARIABLES
 * order, each value times its `PACKING_SCALE`. Exact, in a quarter of the memory of Float64
 * series: the generator writes every value rounded to its variable's `precision.internal`
 * decimals (0.1; solar whole Wh/m²), so each value times 10^decimals is a whole number that fits
 * 16 bits, and dividing it back gives the same number.
 */
export interface PackedBlock {
  block: number;
  values: Int16Array;
}

/** The factor each generated variable is packed with (GENERATED_VARIABLES order): 10^decimals. */
export const PACKING_SCALE: readonly number[] = GENERATED_VARIABLES.map((name) => 10 ** DAILY_VARIABLES[name].precision.internal);

/** Packs a generated block (`WeatherGenerator.generateBlock`). */
export function packBlock(block: number, generated: Float64Array): PackedBlock {
  const values = new Int16Array(generated.length);
  for (let k = 0; k < GENERATED_VARIABLES.length; k++) {
    const scale = PACKING_SCALE[k]!;
    for (let i = k * BLOCK_DAYS; i < (k + 1) * BLOCK_DAYS; i++) values[i] = Math.round(generated[i]! * scale);
  }
  return { block, values };
}

/** The blocks of the input; `checkpoint` is passed before each. */
export function generateCellBlocks(context: GenerationContext, input: CellBlocksInput, checkpoint: Checkpoint = NO_CHECKPOINT): CellBlocksOutput {
  const generator = context.generator(input.seed);
  const climate = context.cellClimate(input.climatologyPath, input.cellId);
  return {
    blocks: input.blocks.map((block) => {
      checkpoint();
      return packBlock(block, generator.generateBlock(climate, input.cellId, block));
    }),
  };
}

export interface HoursWithoutSoilInput {
  climatologyPath?: string;
  seed: number;
  cellIds: number[];
  /** First hour (UTC epoch ms, a whole hour), number of hours and issue instant, as `HourlyRequest`. */
  start: number;
  hours: number;
  issuedAt: number;
}

/**
 * The hours of each cell, `HOUR_VALUES.length` numbers an hour (forecast-hours.ts), cells one after another; a cell
 * without a forecast for them (out of the forecast's days) is flagged in `missing`.
 */
export interface HoursWithoutSoilOutput {
  values: Float64Array;
  missing: Uint8Array;
}

export interface ForecastWindowInput {
  climatologyPath?: string;
  seed: number;
  cellId: number;
  /** The local issue date at the cell. */
  issueDate: string;
  /**
   * Blocks of the cell the window needs that the caller has already generated: the thread uses
   * them instead of generating them again, and generates the others in the same task.
   */
  blocks?: PackedBlock[];
}

/** A forecast window, and the blocks of the cell the thread generated for it (not given in the input: the caller may keep them). */
export interface ForecastWindowOutput {
  window: PackedForecastWindow;
  blocks: PackedBlock[];
}

/**
 * The forecast hours of one issue date at a cell, from `start` (UTC epoch ms, a whole hour):
 * `count` hours of `FORECAST_HOUR_VALUES.length` numbers each (forecast-hours.ts).
 */
export interface PackedForecastWindow {
  start: number;
  count: number;
  values: Float64Array;
}
