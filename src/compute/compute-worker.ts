/**
 * The entry of a compute-pool worker thread: one exported function per task, each given what
 * this thread keeps between tasks. A task comes with its stop flag (`ThreadTask`): long tasks
 * check it between their parts and every task before it starts. Results carry their typed arrays
 * as transfers.
 */
import { workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type ComputeWorkerData, loadForTasks, threadCheckpoint, type ThreadTask } from './compute-pool.js';
import { createDrawingContext, type DrawPlan, drawPlan } from '../maps/map-drawing.js';
import { createHoursContext, generateForecastWindow, generateHoursWithoutSoil } from '../weather/synthetic/hours-generation.js';
import { receivedJsonRows, type SentJsonRows, writeJsonRowsBytes } from '../core/json-rows.js';
import { agronomicNormValueBuffers, agronomicNormValues as computeAgronomicNormValues, type AgronomicNormValuesInput } from '../agronomy/agronomic-norm-values.js';
import { type CellBlocksInput, createGenerationContext, type ForecastWindowInput, generateCellBlocks, type HoursWithoutSoilInput } from '../weather/synthetic/block-generation.js';

const generation = createGenerationContext();
const hours = createHoursContext(generation);
/** This thread's reference geodata (read at start, or as images need it) and layer table. */
const drawing = createDrawingContext();
const start = workerData as ComputeWorkerData | undefined;
if (start?.loadAtStart) loadForTasks(generation, drawing, start.loadAtStart);

/** The task's checkpoint, passed once: a task stopped while it waited for this thread does not start. */
function started(stop: Int32Array | null) {
  const checkpoint = threadCheckpoint(stop);
  checkpoint();
  return checkpoint;
}

export function cellBlocks({ input, stop }: ThreadTask<CellBlocksInput>) {
  const output = generateCellBlocks(generation, input, started(stop));
  return move({
    [transferableSymbol]: output.blocks.map((block) => block.values.buffer),
    [valueSymbol]: output,
  });
}

export async function hoursWithoutSoil({ input, stop }: ThreadTask<HoursWithoutSoilInput>) {
  const output = await generateHoursWithoutSoil(hours, input, started(stop));
  return move({ [transferableSymbol]: [output.values.buffer, output.missing.buffer], [valueSymbol]: output });
}

export async function forecastWindow({ input, stop }: ThreadTask<ForecastWindowInput>) {
  started(stop);
  const output = await generateForecastWindow(hours, input);
  return move({ [transferableSymbol]: [output.window.values.buffer, ...output.blocks.map((block) => block.values.buffer)], [valueSymbol]: output });
}

export async function drawMapImage({ input: plan, stop }: ThreadTask<DrawPlan>) {
  const png = await drawPlan(plan, drawing, started(stop));
  const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  // A small PNG may share a pooled buffer: copy it out so that it can be moved.
  const owned = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? bytes : bytes.slice();
  return move({ [transferableSymbol]: [owned.buffer], [valueSymbol]: owned });
}

/** The rows' JSON as UTF-8 bytes (a view on a buffer of their own, the buffer moved to the caller). */
export function jsonRows({ input: rows, stop }: ThreadTask<SentJsonRows>) {
  started(stop);
  const bytes = writeJsonRowsBytes(receivedJsonRows(rows), { owned: true });
  return move({ [transferableSymbol]: [bytes.buffer], [valueSymbol]: bytes });
}

export function agronomicNormValues({ input, stop }: ThreadTask<AgronomicNormValuesInput>) {
  const output = computeAgronomicNormValues(input, started(stop));
  return move({ [transferableSymbol]: agronomicNormValueBuffers(output), [valueSymbol]: output });
}
