/**
 * Synthetic forecast hours without soil values for many cells at once (maps), computed where the
 * generation runs (a compute-pool thread, or the calling thread): each thread keeps a synthetic
 * source of its own over the same climatology and seed, and answers in one packed array.
 */
import { cellById } from '../grid.js';
import { createSyntheticSource, type SyntheticSource } from './synthetic-source.js';
import { type GenerationContext, HOUR_VALUES, type HoursWithoutSoilInput, type HoursWithoutSoilOutput } from './year-generation.js';

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
      if (!source) sources.set(key, (source = createSyntheticSource({ climatology: generation.climatology(climatologyPath), seed, cacheSize: 256 })));
      return source;
    },
  };
}

export async function generateHoursWithoutSoil(context: HoursContext, input: HoursWithoutSoilInput): Promise<HoursWithoutSoilOutput> {
  const source = context.source(input.climatologyPath, input.seed);
  const width = HOUR_VALUES.length;
  const values = new Float64Array(input.cellIds.length * input.hours * width);
  const missing = new Uint8Array(input.cellIds.length);
  for (let c = 0; c < input.cellIds.length; c++) {
    const result = await source.hourly(cellById(input.cellIds[c]!), { start: input.start, hours: input.hours, issuedAt: input.issuedAt, soil: false });
    if (!result || result.hours.length !== input.hours) {
      missing[c] = 1;
      continue;
    }
    result.hours.forEach((hour, j) => {
      const base = (c * input.hours + j) * width;
      HOUR_VALUES.forEach((name, k) => (values[base + k] = hour[name]));
    });
  }
  return { values, missing };
}
