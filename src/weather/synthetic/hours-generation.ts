/**
 * Synthetic forecast hours computed where the generation runs (a compute-pool thread, or the
 * calling thread): hours without soil values for many cells at once (maps), and the whole forecast
 * window of one cell and issue date with its soil spin-up (forecast requests). Each thread keeps a
 * synthetic source of its own over the same climatology and seed, and answers in packed arrays.
 */
import type { IsoDate } from '../../core/dates.js';
import { type Checkpoint, NO_CHECKPOINT } from '../../core/requester.js';
import { cellById } from '../grid.js';
import { createSyntheticSource, forecastWindowDays, type SyntheticSource } from './synthetic-source.js';
import { type ForecastWindowInput, type ForecastWindowOutput, type GenerationContext, type HoursWithoutSoilInput, type HoursWithoutSoilOutput } from './block-generation.js';
import { HOUR_VALUES } from './forecast-hours.js';

/** Synthetic sources a thread keeps, by climatology and seed. */
export interface HoursContext {
  source(climatologyPath: string | undefined, seed: number): SyntheticSource;
}

export function createHoursContext(generation: GenerationContext): HoursContext {
  const sources = new Map<string, SyntheticSource>();
  return {
    source(climatologyPath, seed) {
      const key = `${climatologyPath ?? ''}|${seed}`;
      let source = sources.get(key);
      if (!source) sources.set(key, (source = createSyntheticSource({ climatology: generation.climatology(climatologyPath), seed, cacheSize: 4096 })));
      return source;
    },
  };
}

/** The hours of each cell of the input; `checkpoint` is passed before each cell. */
export function generateHoursWithoutSoil(context: HoursContext, input: HoursWithoutSoilInput, checkpoint: Checkpoint = NO_CHECKPOINT): HoursWithoutSoilOutput {
  const source = context.source(input.climatologyPath, input.seed);
  const width = HOUR_VALUES.length;
  const values = new Float64Array(input.cellIds.length * input.hours * width);
  const missing = new Uint8Array(input.cellIds.length);
  for (let c = 0; c < input.cellIds.length; c++) {
    checkpoint();
    const hours = source.hoursWithoutSoil(cellById(input.cellIds[c]!), { start: input.start, hours: input.hours, issuedAt: input.issuedAt, soil: false });
    if (!hours) missing[c] = 1;
    else values.set(hours, c * input.hours * width);
  }
  return { values, missing };
}

export async function generateForecastWindow(context: HoursContext, input: ForecastWindowInput): Promise<ForecastWindowOutput> {
  // Not kept here: the caller keeps it, and the pool moves its buffer to the caller.
  const source = context.source(input.climatologyPath, input.seed);
  const cell = cellById(input.cellId);
  const given = input.blocks ?? [];
  source.keepBlocks(cell, given);
  const issueDate = input.issueDate as IsoDate;
  const window = source.computeForecastWindow(cell, issueDate);
  // The blocks generated for it, copied out of this thread's cache (their buffers are moved to the caller).
  const blocks = source
    .packedBlocks(cell, forecastWindowDays(issueDate))
    .filter((block) => !given.some((g) => g.block === block.block))
    .map((block) => ({ block: block.block, values: block.values.slice() }));
  return { window, blocks };
}
