/**
 * A pool of worker threads for CPU-heavy work (piscina), so that the event loop keeps answering
 * while it runs and every core is used. With 0 threads the same tasks run on the calling thread
 * (for small machines and for code that builds a source on its own).
 *
 * Tasks wait in the pool's own queue, one queue per account (core/fair-queue.ts): a thread that
 * comes free takes the next task of the account running the fewest tasks, so one account's heavy
 * images hold another account's tile or forecast for no longer than one task. Piscina is handed a
 * task only when a thread is free for it. A task whose requester gives up (its client has gone) is
 * dropped while it waits; once running, it stops at its next checkpoint (a flag in memory shared
 * with its thread): ending the thread instead, as piscina's own `signal` does, would cost the
 * thread's start-up load again (about 6 s before the next task, measured with the map geodata).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { FairQueue } from '../core/fair-queue.js';
import { abandonment, type Checkpoint, NO_CHECKPOINT, type Requester, throwIfAbandoned, WorkAbandonedError } from '../core/requester.js';
import { createDrawingContext, type DrawingContext, type DrawPlan, drawPlan } from '../maps/map-drawing.js';
import { createHoursContext, generateForecastWindow, generateHoursWithoutSoil } from '../weather/synthetic/hours-generation.js';
import {
  type CellBlocksInput,
  type CellBlocksOutput,
  createGenerationContext,
  type ForecastWindowInput,
  type ForecastWindowOutput,
  generateCellBlocks,
  type HoursWithoutSoilInput,
  type HoursWithoutSoilOutput,
  type GenerationContext,
  type BlockGenerator,
} from '../weather/synthetic/block-generation.js';
import { loadTimeZones } from '../weather/time-zone.js';
import { type JsonRows, sentJsonRows, writeJsonRowsBytes } from '../core/json-rows.js';
import { type AgronomicNormValues, agronomicNormValues, type AgronomicNormValuesInput } from '../agronomy/agronomic-norm-values.js';
import { registerLabelFonts } from '../maps/fonts.js';

export interface ComputePool extends BlockGenerator {
  /** Worker threads that run the tasks; 0 when they run on the calling thread. */
  readonly threads: number;
  /** Draws a map image plan into a PNG (each thread with its own reference geodata). */
  drawMapImage(plan: DrawPlan, requester?: Requester): Promise<Uint8Array>;
  /**
   * Writes rows' JSON (core/json-rows.ts) as UTF-8 bytes: on a worker thread when they hold at
   * least `JSON_ROWS_ON_THREADS` numbers (less is cheaper to write than to send), moved back to the
   * caller; else at once.
   */
  writeJsonRows(rows: JsonRows, requester?: Requester): Uint8Array | Promise<Uint8Array>;
  /** Computes the daily values of agronomic norms' seasons (agronomy/agronomic-norm-values.ts). */
  agronomicNormValues(input: AgronomicNormValuesInput, requester?: Requester): Promise<AgronomicNormValues>;
  /** Tasks so far, by what became of them (for tests and the operator). */
  tasks(): ComputeTaskCounts;
  /** Stops the threads once the tasks running are done; tasks still waiting are refused. */
  close(): Promise<void>;
}

export interface ComputeTaskCounts {
  /** Waiting for a thread now. */
  waiting: number;
  /** Running now. */
  running: number;
  /** Ran to their end (or failed on their own). */
  finished: number;
  /** Taken out of the queue before they started: their requester had given up. */
  dropped: number;
  /** Stopped at a checkpoint while running: their requester had given up. */
  stopped: number;
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
 * (posting it, waking a thread, taking the text back), about what writing 400 numbers costs, and
 * the process more: the thread writes the same text, and waking it and handing the bytes back
 * come on top. So rows go to a thread only when writing them would hold the event loop long
 * enough to delay other requests (2,000 numbers, some 0.4 ms): a 7-day observation list (~70
 * numbers), 30 days of weather norms (~540), 120 days of agronomic values (~840) or norms
 * (~1,700) are written on the event loop; a year of weather norms (~6,600) on a thread. Writing
 * 30-day norms and 120-day agronomic norms there instead cost 10–30 % more CPU per request in the
 * distinct benchmark.
 */
export const JSON_ROWS_ON_THREADS = 2000;

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
  const piscina = new Piscina({
    filename: new URL(fromSource ? './compute-worker-from-source.mjs' : './compute-worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    niceIncrement: options.niceIncrement ?? COMPUTE_NICE_INCREMENT,
    // Read by compute-worker.ts as the thread starts.
    workerData: { loadAtStart: options.loadAtStart ?? null } satisfies ComputeWorkerData,
  });
  const queue = createFairTaskQueue(threads, (name, task, transfer) => piscina.run(task, transfer ? { name, transferList: [...transfer] } : { name }));
  const run = queue.run;
  return {
    threads,
    cellBlocks: (input: CellBlocksInput, requester?: Requester) => run('cellBlocks', input, requester) as Promise<CellBlocksOutput>,
    hoursWithoutSoil: (input: HoursWithoutSoilInput, requester?: Requester) => run('hoursWithoutSoil', input, requester) as Promise<HoursWithoutSoilOutput>,
    forecastWindow: (input: ForecastWindowInput, requester?: Requester) => run('forecastWindow', input, requester) as Promise<ForecastWindowOutput>,
    drawMapImage: (plan: DrawPlan, requester?: Requester) => run('drawMapImage', plan, requester) as Promise<Uint8Array>,
    writeJsonRows: (rows: JsonRows, requester?: Requester) =>
      rows.numbers.length < JSON_ROWS_ON_THREADS ? writeJsonRowsBytes(rows) : (run('jsonRows', sentJsonRows(rows), requester) as Promise<Uint8Array>),
    // The seasons' weather is moved, not copied (ten seasons are some hundreds of kilobytes): a
    // source's series are the caller's (WeatherSource.dailySeries), and the service reads them no more.
    agronomicNormValues: (input: AgronomicNormValuesInput, requester?: Requester) => run('agronomicNormValues', input, requester, seasonMemory(input)) as Promise<AgronomicNormValues>,
    tasks: queue.counts,
    close: async () => {
      queue.close();
      await piscina.close();
    },
  };
}

/** The memory of the seasons' weather columns, each buffer once. */
function seasonMemory(input: AgronomicNormValuesInput): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { columns } of input.seasons) {
    for (const value of Object.values(columns)) if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
  }
  return [...buffers];
}

/**
 * A task as a thread receives it: the task's input, and the flag its requester's abandonment sets
 * (an Int32Array on memory shared with the thread; null when the requester cannot give up).
 */
export interface ThreadTask<Input = unknown> {
  input: Input;
  stop: Int32Array | null;
}

/** The checkpoint of a task on a thread: throws once the calling thread has set its stop flag. */
export function threadCheckpoint(stop: Int32Array | null): Checkpoint {
  if (!stop) return NO_CHECKPOINT;
  return () => {
    if (Atomics.load(stop, 0) !== 0) throw new WorkAbandonedError('Stopped: the answer is no longer wanted.');
  };
}

interface QueuedTask {
  readonly name: string;
  readonly task: ThreadTask;
  readonly transfer: readonly ArrayBuffer[] | undefined;
  readonly account: number | null;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  started: boolean;
}

/**
 * The pool's queue in front of the threads: tasks wait by account (core/fair-queue.ts) and are
 * handed to `start` one per free thread, from the account running the fewest; a requester's
 * abandonment drops its waiting tasks and sets the stop flag of its running ones.
 */
export function createFairTaskQueue(threads: number, start: (name: string, task: ThreadTask, transfer?: readonly ArrayBuffer[]) => Promise<unknown>) {
  const waiting = new FairQueue<number | null, QueuedTask>();
  const runningBy = new Map<number | null, number>();
  let running = 0;
  let closed = false;
  const counts = { finished: 0, dropped: 0, stopped: 0 };
  const held = (account: number | null) => runningBy.get(account) ?? 0;

  function dispatch(): void {
    while (running < threads) {
      const next = waiting.peek(held);
      if (!next) return;
      waiting.shift(next.account);
      begin(next.item);
    }
  }

  function begin(queued: QueuedTask): void {
    queued.started = true;
    running++;
    runningBy.set(queued.account, held(queued.account) + 1);
    const done = () => {
      running--;
      const left = held(queued.account) - 1;
      if (left === 0) runningBy.delete(queued.account);
      else runningBy.set(queued.account, left);
      dispatch();
    };
    start(queued.name, queued.task, queued.transfer).then(
      (value) => {
        counts.finished++;
        done();
        queued.resolve(value);
      },
      (error: unknown) => {
        const stopped = queued.task.stop !== null && Atomics.load(queued.task.stop, 0) !== 0;
        if (stopped) counts.stopped++;
        else counts.finished++;
        done();
        queued.reject(stopped && queued.signal ? abandonment(queued.signal) : error);
      },
    );
  }

  return {
    /** `transfer`: memory of `input` moved to the thread, not copied (the caller no longer reads it). */
    run(name: string, input: unknown, requester?: Requester, transfer?: readonly ArrayBuffer[]): Promise<unknown> {
      if (closed) return Promise.reject(new Error('The compute pool is closed.'));
      const signal = requester?.signal;
      if (signal?.aborted) {
        counts.dropped++;
        return Promise.reject(abandonment(signal));
      }
      return new Promise((resolve, reject) => {
        const stop = signal ? new Int32Array(new SharedArrayBuffer(4)) : null;
        const account = requester?.account ?? null;
        if (!signal) {
          waiting.push(account, { name, task: { input, stop }, transfer, account, signal, resolve, reject, started: false });
          dispatch();
          return;
        }
        const onAbort = () => {
          if (queued.started) Atomics.store(stop!, 0, 1);
          else if (waiting.remove(account, queued)) {
            counts.dropped++;
            queued.reject(abandonment(signal));
          }
        };
        const queued: QueuedTask = {
          name,
          task: { input, stop },
          transfer,
          account,
          signal,
          resolve: (value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
          },
          reject: (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
          started: false,
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.push(account, queued);
        dispatch();
      });
    },
    counts(): ComputeTaskCounts {
      return { waiting: waiting.size, running, ...counts };
    },
    /** Refuses the tasks still waiting, and any new one. */
    close(): void {
      closed = true;
      for (const queued of waiting.drain()) queued.reject(new Error('The compute pool is closed.'));
    },
  };
}

/** What each worker thread is given as it starts. */
export interface ComputeWorkerData {
  loadAtStart: StartUpLoad | null;
}

/**
 * The tasks on the calling thread, with a context of its own (read at once with `loadAtStart`).
 * Each runs when asked, in the caller's turn; a task whose requester has given up does not start,
 * and a map image stops between its layers.
 */
export function inlineComputePool(loadAtStart?: StartUpLoad): ComputePool {
  const generation = createGenerationContext();
  const drawing = createDrawingContext();
  if (loadAtStart) loadForTasks(generation, drawing, loadAtStart);
  const hours = createHoursContext(generation);
  const counts = { finished: 0, dropped: 0, stopped: 0 };
  const checkpointOf = (requester: Requester | undefined): Checkpoint => (requester?.signal ? () => throwIfAbandoned(requester) : NO_CHECKPOINT);
  /** Runs a task here, counted as the threads' are. */
  async function run<T>(requester: Requester | undefined, task: (checkpoint: Checkpoint) => T | Promise<T>): Promise<T> {
    if (requester?.signal?.aborted) {
      counts.dropped++;
      throw abandonment(requester.signal);
    }
    try {
      const result = await task(checkpointOf(requester));
      counts.finished++;
      return result;
    } catch (error) {
      if (requester?.signal?.aborted) counts.stopped++;
      else counts.finished++;
      throw error;
    }
  }
  return {
    threads: 0,
    cellBlocks: (input: CellBlocksInput, requester?: Requester) => run(requester, (checkpoint) => generateCellBlocks(generation, input, checkpoint)),
    hoursWithoutSoil: (input: HoursWithoutSoilInput, requester?: Requester) => run(requester, (checkpoint) => generateHoursWithoutSoil(hours, input, checkpoint)),
    forecastWindow: (input: ForecastWindowInput, requester?: Requester) => run(requester, () => generateForecastWindow(hours, input)),
    drawMapImage: (plan: DrawPlan, requester?: Requester) => run(requester, (checkpoint) => drawPlan(plan, drawing, checkpoint)),
    writeJsonRows: (rows: JsonRows) => writeJsonRowsBytes(rows),
    agronomicNormValues: (input: AgronomicNormValuesInput, requester?: Requester) => run(requester, (checkpoint) => agronomicNormValues(input, checkpoint)),
    tasks: () => ({ waiting: 0, running: 0, ...counts }),
    close: async () => undefined,
  };
}
