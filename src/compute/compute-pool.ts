/**
 * A pool of worker threads for CPU-heavy work (piscina), so that the event loop keeps answering
 * while it runs and every core is used. With 0 threads the same tasks run on the calling thread
 * (for small machines and for code that builds a source on its own).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { createDrawingContext, type DrawingContext, type DrawPlan, drawPlan } from '../maps/map-drawing.js';
import { createHoursContext, generateForecastWindow, generateHoursWithoutSoil } from '../weather/synthetic/hours-generation.js';
import {
  type CellYearsInput,
  type CellYearsOutput,
  createGenerationContext,
  type ForecastWindowInput,
  type ForecastWindowOutput,
  generateCellYears,
  type HoursWithoutSoilInput,
  type HoursWithoutSoilOutput,
  type GenerationContext,
  type YearGenerator,
} from '../weather/synthetic/year-generation.js';
import { loadTimeZones } from '../weather/time-zone.js';
import { type JsonRows, sentJsonRows, writeJsonRows } from '../core/json-rows.js';
import { type AgronomicNormValues, agronomicNormValues, type AgronomicNormValuesInput } from '../agronomy/agronomic-norm-values.js';
import { registerLabelFonts } from '../maps/fonts.js';

export interface ComputePool extends YearGenerator {
  /** Worker threads that run the tasks; 0 when they run on the calling thread. */
  readonly threads: number;
  /** Draws a map image plan into a PNG (each thread with its own reference geodata). */
  drawMapImage(plan: DrawPlan): Promise<Uint8Array>;
  /**
   * Writes rows' JSON (core/json-rows.ts): on a worker thread when they hold at least
   * `JSON_ROWS_ON_THREADS` numbers (less is cheaper to write than to send), as UTF-8 bytes moved
   * back to the caller (the event loop neither copies the text in nor encodes it to send it);
   * else at once, as text.
   */
  writeJsonRows(rows: JsonRows): string | Uint8Array | Promise<string | Uint8Array>;
  /** Computes the daily values of agronomic norms' seasons (agronomy/agronomic-norm-values.ts). */
  agronomicNormValues(input: AgronomicNormValuesInput): Promise<AgronomicNormValues>;
  /** Stops the threads once the tasks in flight are done. */
  close(): Promise<void>;
}

export interface ComputePoolOptions {
  /** Worker threads; default one per core the process may use. 0: run tasks on the calling thread. */
  threads?: number;
  /**
   * Read at start what every task needs (the climatology, the time-zone data, the label fonts),
   * each thread as it starts, so that no task waits on it: for a serving process. Off by default,
   * so that a pool made for a few tasks starts at once.
   */
  loadAtStart?: StartUpLoad;
  /**
   * How much lower the worker threads' scheduling priority is than the event loop's (a nice
   * increment, 0–19; default 5): when the cores are all busy, answering requests comes first and
   * generation and drawing take the time left.
   */
  niceIncrement?: number;
}

/** What a compute thread reads as it starts (see `ComputePoolOptions.loadAtStart`). */
export interface StartUpLoad {
  /** The climatology file tasks will name (undefined: the shipped one). */
  climatologyPath?: string;
  /**
   * Also read the map reference geodata, every dataset at every detail level (about 1.2 s of CPU
   * and 130 MB of RSS per thread). Read on first use instead, each dataset stalls the first image
   * that needs it on each thread, for seconds when the thread is busy.
   */
  maps?: boolean;
}

/**
 * The fewest numbers whose rows a worker thread writes. A task costs the event loop about 80–100 µs
 * (posting it, waking a thread, taking the text back), about what writing 400 numbers costs: a
 * 7-day observation list (~70 numbers) stays on the event loop; 30 days of weather norms (~540),
 * 120 days of agronomic values (~840) or norms (~1,700) go to the threads.
 */
export const JSON_ROWS_ON_THREADS = 400;

/** Default `niceIncrement`. */
export const COMPUTE_NICE_INCREMENT = 5;

/** Reads what the tasks of a thread need before the first arrives (the thread's contexts and the process-wide data). */
export function loadForTasks(generation: GenerationContext, drawing: DrawingContext, load: StartUpLoad): void {
  generation.climatology(load.climatologyPath);
  loadTimeZones();
  registerLabelFonts();
  if (load.maps) drawing.geodata.loadAll();
}

/** One thread per core the process may use. */
export function defaultComputeThreads(): number {
  return availableParallelism();
}

export function createComputePool(options: ComputePoolOptions = {}): ComputePool {
  const threads = options.threads ?? defaultComputeThreads();
  if (threads <= 0) return inlineComputePool(options.loadAtStart);
  // From the TypeScript source (tests, tsx) the worker goes through an entry that loads TypeScript.
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina({
    filename: new URL(fromSource ? './compute-worker-from-source.mjs' : './compute-worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    niceIncrement: options.niceIncrement ?? COMPUTE_NICE_INCREMENT,
    // Read by compute-worker.ts as the thread starts.
    workerData: { loadAtStart: options.loadAtStart ?? null } satisfies ComputeWorkerData,
  });
  return {
    threads,
    cellYears: (input: CellYearsInput) => pool.run(input, { name: 'cellYears' }) as Promise<CellYearsOutput>,
    hoursWithoutSoil: (input: HoursWithoutSoilInput) => pool.run(input, { name: 'hoursWithoutSoil' }) as Promise<HoursWithoutSoilOutput>,
    forecastWindow: (input: ForecastWindowInput) => pool.run(input, { name: 'forecastWindow' }) as Promise<ForecastWindowOutput>,
    drawMapImage: (plan: DrawPlan) => pool.run(plan, { name: 'drawMapImage' }) as Promise<Uint8Array>,
    writeJsonRows: (rows: JsonRows) =>
      rows.numbers.length < JSON_ROWS_ON_THREADS ? writeJsonRows(rows) : (pool.run(sentJsonRows(rows), { name: 'jsonRows' }) as Promise<Uint8Array>),
    // The seasons' weather is copied, not moved: a source may keep it.
    agronomicNormValues: (input: AgronomicNormValuesInput) => pool.run(input, { name: 'agronomicNormValues' }) as Promise<AgronomicNormValues>,
    close: () => pool.close(),
  };
}

/** What each worker thread is given as it starts. */
export interface ComputeWorkerData {
  loadAtStart: StartUpLoad | null;
}

/** The tasks on the calling thread, with a context of its own (read at once with `loadAtStart`). */
export function inlineComputePool(loadAtStart?: StartUpLoad): ComputePool {
  const generation = createGenerationContext();
  const drawing = createDrawingContext();
  if (loadAtStart) loadForTasks(generation, drawing, loadAtStart);
  const hours = createHoursContext(generation);
  return {
    threads: 0,
    cellYears: async (input: CellYearsInput) => generateCellYears(generation, input),
    hoursWithoutSoil: (input: HoursWithoutSoilInput) => generateHoursWithoutSoil(hours, input),
    forecastWindow: (input: ForecastWindowInput) => generateForecastWindow(hours, input),
    drawMapImage: (plan: DrawPlan) => drawPlan(plan, drawing),
    writeJsonRows,
    agronomicNormValues: async (input: AgronomicNormValuesInput) => agronomicNormValues(input),
    close: async () => undefined,
  };
}
