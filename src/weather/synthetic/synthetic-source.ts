/**
 * The offline weather source: a stochastic weather generator driven by the CRU CL 1.0
 * climatology. It answers any land or sea point for any date with no network and no data loaded.
 * Daily values are the "observations"; hourly forecasts are those days, moved by an error that
 * grows with lead time, disaggregated to hours. Every result says `source: 'synthetic'`.
 */
import { LRUCache } from 'lru-cache';
import { clearSkyRadiation, extraterrestrialRadiation } from '../../agronomy/solar-geometry.js';
import { WH_PER_MJ } from '../../agronomy/unit-conversions.js';
import { addDays, dayOfYear, daysBetween, fromEpochDay, isLeapYear, toEpochDay, type IsoDate } from '../../core/dates.js';
import { type Requester, SharedWork, SharedWorks } from '../../core/requester.js';
import { createTurnBudget, type TurnBudget } from '../../core/turn-budget.js';
import { localDate, startOfLocalDay, timeZoneAt } from '../time-zone.js';
import type { DailyResult, DailyWeather, DateRange, GridCell, HourlyRequest, HourlyResult, HourlyWeather, WeatherSource } from '../weather-source.js';
import { cellClimateAt, dailyClimateAtPhase, forEachClimateDay, phaseOfDate, type CellClimate, type DailyClimate } from './cell-climate.js';
import type { ClimatologyGrid } from './climatology-format.js';
import { forecastDay, type ForecastDay } from './forecast-day.js';
import { FORECAST_HOUR_VALUES, forecastHours, type ForecastHoursInput, HOUR_VALUES, unpackHour } from './forecast-hours.js';
import { hashKeys, normalPairFromHash } from './hash-random.js';
import { loadClimatology } from './load-climatology.js';
import { createCurveSolver, CURVE_TERMS, type CurveSolver } from './mean-preserving-curve.js';
import { soilStates } from './soil-state.js';
import {
  type BlockGenerator,
  type PackedBlock,
  type PackedForecastWindow,
  packBlock,
  PACKING_SCALE,
} from './block-generation.js';
import { type DailySeries, emptySeriesValues } from '../daily-series.js';
import { compileDayLiteral } from '../daily-variables.js';
import { BLOCK_DAYS, blockOfDay, createWeatherGenerator, GENERATED_VARIABLES, generatedDaysOf, type CellYear, type GeneratedDays, type WeatherGenerator } from './weather-generator.js';

export const SYNTHETIC_SOURCE_NAME = 'synthetic';
/** Blocks kept by default when the source is built directly (about 0.8 kB each). */
export const DEFAULT_BLOCK_CACHE_SIZE = 16384;
/**
 * The first year the synthetic source states it holds. The generator could draw any year, but its
 * climatology is a 1961–1990 mean without trend: years before the twentieth century would be
 * weather of a climate nobody measured, so norms over them are refused.
 */
export const SYNTHETIC_FIRST_YEAR = 1900;
/**
 * Blocks a turn of the event loop generates itself before it hands the rest of a turn's blocks to
 * the compute pool (with a pool). A block costs about 0.09 ms to generate; a pool task costs the
 * process about as much again in posting, waking a thread and taking the result back (about
 * 0.09 ms for a task of no block, 0.06 of it on the event loop), whatever it holds. So the few
 * blocks of a window are cheapest generated where they are asked for, and many (a norm's years,
 * a busy turn's) on the pool. Eight blocks hold a turn for about 0.7 ms at most.
 */
export const INLINE_BLOCKS_PER_TURN = 8;
/** Cells per compute-pool task of hours without soil (a map lattice is a few hundred). */
const HOURS_TASK_CELLS = 48;
/** Forecast days: the local issue day and the next 7. */
export const SYNTHETIC_FORECAST_DAYS = 8;
/** Days run through the soil model before the first forecast day. */
export const SOIL_SPIN_UP_DAYS = 180;
/**
 * The last days of the soil's spin-up, which run through the generated weather; the days before
 * them run through the cell's daily climatology (its mean day), which costs no generated blocks.
 */
export const SOIL_WEATHER_DAYS = 60;

export interface SyntheticSourceOptions {
  /** Compact climatology file; default `data/climatology/cru-cl-1.0-land.bin.gz`. */
  climatologyPath?: string;
  /** An already loaded climatology (shared between sources); wins over `climatologyPath`. */
  climatology?: ClimatologyGrid;
  /**
   * Generated blocks (32 days of a cell, about 0.8 kB each) kept in memory; 0 disables the cache.
   * Cell climates (about 2 kB each) are kept up to an eighth of it, forecast windows up to 512.
   */
  cacheSize?: number;
  /** Generator seed; the default gives the reference synthetic weather. */
  seed?: number;
  /**
   * Worker threads that generate the blocks a request needs (the source's climatology must then
   * come from a file, which each thread reads). Without it blocks are generated on the calling
   * thread.
   */
  compute?: BlockGenerator;
  /**
   * With `compute`: blocks a turn of the event loop generates itself, the rest of the turn's going
   * to the pool (default `INLINE_BLOCKS_PER_TURN`; 0: every block goes to the pool).
   */
  inlineBlocksPerTurn?: number;
}

export class SyntheticSource implements WeatherSource {
  readonly name = SYNTHETIC_SOURCE_NAME;
  /**
   * The climatology's cell size (0.5°): the weather varies over it and over random drivers 2° and
   * 4° apart; below it lies only each grid cell's own noise (its small local share of the drivers,
   * the hour its rain starts), which a map samples rather than shows.
   */
  readonly hourlyDetailDeg: number;
  readonly generator: WeatherGenerator;
  private readonly solver: CurveSolver;
  /** Generated blocks, packed (`PackedBlock`), by cell and block; null when the cache size is 0. */
  private readonly blocks: LRUCache<number, Int16Array> | null;
  private readonly climates: LRUCache<number, CellClimate>;
  /** Forecast windows by (cell, local issue date), packed: each costs a soil spin-up of months. */
  private readonly forecasts: LRUCache<string, PackedForecastWindow>;
  /** The curves' basis at a day, written by each forecast day in turn (the work is synchronous). */
  private readonly basis = new Float64Array(CURVE_TERMS);

  /**
   * Generations in flight, by cell-block key: a task of blocks, or a forecast window's task that
   * generates them. Shared by the requests that wait for them (core/requester.ts).
   */
  private readonly pending = new Map<number, SharedWork<unknown>>();
  /** Blocks of a cell to generate in one task, collected until the current turn's work is done. */
  private readonly batches = new Map<number, { blocks: number[]; work: SharedWork<void> }>();
  /** Forecast windows in flight on the compute pool, by forecast key. */
  private readonly pendingForecasts = new SharedWorks<string, PackedForecastWindow>();
  private readonly compute: { pool: BlockGenerator; climatologyPath: string | undefined } | null;
  /** Blocks generated in this turn of the event loop instead of on the pool (see `INLINE_BLOCKS_PER_TURN`). */
  private readonly inlineBlocks: TurnBudget;

  constructor(
    readonly climatology: ClimatologyGrid,
    options: Pick<SyntheticSourceOptions, 'cacheSize' | 'seed' | 'inlineBlocksPerTurn'> & { compute?: { pool: BlockGenerator; climatologyPath: string | undefined } } = {},
  ) {
    this.compute = options.compute ?? null;
    this.inlineBlocks = createTurnBudget(options.inlineBlocksPerTurn ?? INLINE_BLOCKS_PER_TURN);
    this.hourlyDetailDeg = climatology.header.grid.cellSizeDeg;
    const cacheSize = options.cacheSize ?? DEFAULT_BLOCK_CACHE_SIZE;
    this.generator = createWeatherGenerator({ seed: options.seed });
    this.solver = createCurveSolver();
    if (!Number.isInteger(cacheSize) || cacheSize < 0) throw new RangeError(`cache size must be a whole number >= 0, got ${cacheSize}`);
    this.blocks = cacheSize > 0 ? new LRUCache({ max: cacheSize }) : null;
    const climates = Math.max(16, Math.ceil(cacheSize / 8));
    this.climates = new LRUCache({ max: climates });
    this.forecasts = new LRUCache({ max: Math.min(climates, 512) });
  }

  /** The daily climatology of the cell (cached). */
  cellClimate(cell: GridCell): CellClimate {
    return getOrCreate(this.climates, cell.id, () => cellClimateAt(this.climatology, this.solver, cell.latitude, cell.longitude));
  }

  /** One generated year at the cell, 1 January first. */
  cellYear(cell: GridCell, year: number): CellYear {
    const firstEpochDay = toEpochDay(`${String(year).padStart(4, '0')}-01-01`);
    return { year, ...this.generatedDays(cell, firstEpochDay, isLeapYear(year) ? 366 : 365) };
  }

  /** Generated days of the cell as series, from its blocks (kept, or generated and kept). */
  generatedDays(cell: GridCell, firstEpochDay: number, length: number): GeneratedDays {
    const values = new Float64Array(GENERATED_VARIABLES.length * length);
    this.copyDays(cell, firstEpochDay, length, (k) => values.subarray(k * length, (k + 1) * length));
    return generatedDaysOf(values, firstEpochDay, length);
  }

  /**
   * Writes `length` days from `firstEpochDay` into the series `seriesOf(k)` of each generated
   * variable (GENERATED_VARIABLES order); a variable without one is left out.
   */
  private copyDays(cell: GridCell, firstEpochDay: number, length: number, seriesOf: (k: number) => Float64Array | undefined): void {
    const series = GENERATED_VARIABLES.map((_, k) => seriesOf(k));
    for (let at = 0; at < length; ) {
      const e = firstEpochDay + at;
      const block = blockOfDay(e);
      const packed = this.packedBlock(cell, block);
      const from = e - block * BLOCK_DAYS;
      const count = Math.min(length - at, BLOCK_DAYS - from);
      for (let k = 0; k < series.length; k++) {
        const out = series[k];
        if (!out) continue;
        const scale = PACKING_SCALE[k]!;
        const base = k * BLOCK_DAYS + from;
        for (let j = 0; j < count; j++) out[at + j] = packed[base + j]! / scale;
      }
      at += count;
    }
  }

  /** The block's first `days` days generated and packed (the whole block by default), not kept. */
  private generatedBlock(cell: GridCell, block: number, days = BLOCK_DAYS): Int16Array {
    return packBlock(block, this.generator.generateBlock(this.cellClimate(cell), cell.id, block, days)).values;
  }

  private packedBlock(cell: GridCell, block: number): Int16Array {
    return getOrCreate(this.blocks, cellBlockKey(cell, block), () => this.generatedBlock(cell, block));
  }

  /**
   * Makes sure the blocks of `range` at the cell are kept. Missing blocks that fit in this turn's
   * budget (`INLINE_BLOCKS_PER_TURN`) are generated at once, when the cell is the first time asked
   * for in the turn; the others go to the compute pool together with the other blocks of the cell
   * asked for in the same turn (a norm asks for each of its years at once: its first year may be
   * generated at once, the rest go in one task, which costs the same with that year or without
   * it), while the event loop goes on. The budget is per turn, not per request: a
   * busy loop that generated the blocks of every request it read in a turn kept cheap requests
   * (`/health`) waiting for hundreds of milliseconds. Without a pool, or a cache to keep them in,
   * blocks are generated when they are read. Rejects with the requester's abandonment once it
   * gives up (the generation goes on while others wait for it).
   */
  async prepareBlocks(cell: GridCell, range: DateRange, requester?: Requester): Promise<void> {
    if (!this.compute || !this.blocks) return;
    const { waits, missing } = this.blocksToCome(cell, range);
    if (missing.length > 0) {
      // A cell already asked for in this turn (a norm's next year) goes with the cell's other blocks.
      if (!this.batches.has(cell.id) && this.inlineBlocks.take(missing.length, cell.id)) for (const block of missing) this.packedBlock(cell, block);
      else waits.push(this.generateSoon(cell, missing, requester));
    }
    await waitForGenerations(waits, requester);
  }

  /** Of the blocks of `range` at the cell that are not kept: the generations in flight to wait for, and the blocks no one is generating. */
  private blocksToCome(cell: GridCell, range: DateRange): { waits: SharedWork<unknown>[]; missing: number[] } {
    const waits: SharedWork<unknown>[] = [];
    const missing: number[] = [];
    for (let block = blockOfDay(toEpochDay(range.start)); block <= blockOfDay(toEpochDay(range.end)); block++) {
      const key = cellBlockKey(cell, block);
      if (this.blocks?.has(key)) continue;
      const pending = this.pending.get(key);
      if (pending && !pending.abandoned) {
        if (!waits.includes(pending)) waits.push(pending);
      } else missing.push(block);
    }
    return { waits, missing };
  }

  /** Generates the blocks with the other blocks of the cell asked for in the same turn: one task per cell, for the first requester's account. */
  private generateSoon(cell: GridCell, blocks: number[], requester: Requester | undefined): SharedWork<unknown> {
    let batch = this.batches.get(cell.id);
    if (!batch || batch.work.abandoned) {
      const batchBlocks: number[] = [];
      const work: SharedWork<void> = new SharedWork(requester, (shared) =>
        Promise.resolve().then((): Promise<void> => {
          if (this.batches.get(cell.id)?.work === work) this.batches.delete(cell.id);
          return this.generateNow(cell, batchBlocks, work, shared);
        }),
      );
      batch = { blocks: batchBlocks, work };
      this.batches.set(cell.id, batch);
    }
    for (const block of blocks) if (!batch.blocks.includes(block)) batch.blocks.push(block);
    for (const block of blocks) this.pending.set(cellBlockKey(cell, block), batch.work);
    return batch.work;
  }

  private async generateNow(cell: GridCell, blocks: number[], work: SharedWork<unknown>, requester: Requester): Promise<void> {
    const { pool, climatologyPath } = this.compute!;
    try {
      this.keepBlocks(cell, (await pool.cellBlocks({ climatologyPath, seed: this.generator.seed, cellId: cell.id, blocks }, requester)).blocks);
    } finally {
      for (const block of blocks) if (this.pending.get(cellBlockKey(cell, block)) === work) this.pending.delete(cellBlockKey(cell, block));
    }
  }

  /** The kept packed blocks of the cell over the range (those still kept). */
  packedBlocks(cell: GridCell, range: DateRange): PackedBlock[] {
    const kept: PackedBlock[] = [];
    for (let block = blockOfDay(toEpochDay(range.start)); block <= blockOfDay(toEpochDay(range.end)); block++) {
      const values = this.blocks?.get(cellBlockKey(cell, block));
      if (values) kept.push({ block, values });
    }
    return kept;
  }

  /** Keeps blocks of the cell generated elsewhere (they are exactly what this source would generate). */
  keepBlocks(cell: GridCell, blocks: readonly PackedBlock[]): void {
    for (const { block, values } of blocks) this.blocks?.set(cellBlockKey(cell, block), values);
  }

  /**
   * The generated days of the range, synchronously. With `keep` false, a block not kept is
   * generated only through the range's last day and not kept (a map's hour needs a few days of
   * blocks that nothing else of the cell is likely to ask for).
   */
  dailyDays(cell: GridCell, range: DateRange, keep = true): DailyWeather[] {
    const first = toEpochDay(range.start);
    const last = toEpochDay(range.end);
    const days: DailyWeather[] = [];
    for (let e = first; e <= last; ) {
      const block = blockOfDay(e);
      const values = keep ? this.packedBlock(cell, block) : (this.blocks?.get(cellBlockKey(cell, block)) ?? this.generatedBlock(cell, block, Math.min(BLOCK_DAYS, last - block * BLOCK_DAYS + 1)));
      for (const end = Math.min(last, (block + 1) * BLOCK_DAYS - 1); e <= end; e++) days.push(packedDayOf(values, BLOCK_DAYS, e - block * BLOCK_DAYS, fromEpochDay(e)));
    }
    return days;
  }

  async daily(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailyResult | null> {
    await this.prepareBlocks(cell, range, requester);
    return { source: SYNTHETIC_SOURCE_NAME, days: this.dailyDays(cell, range) };
  }

  /** As `daily`, copied from the kept blocks into series (no day objects); the optional variables are NaN. */
  async dailySeries(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailySeries | null> {
    await this.prepareBlocks(cell, range, requester);
    const firstEpochDay = toEpochDay(range.start);
    const length = Math.max(0, toEpochDay(range.end) - firstEpochDay + 1);
    const values = emptySeriesValues(length);
    this.copyDays(cell, firstEpochDay, length, (k) => values[GENERATED_VARIABLES[k]!]);
    return { source: SYNTHETIC_SOURCE_NAME, firstEpochDay, length, values };
  }

  /**
   * Forecast days for the local dates `start`..`end` as issued on the local date `issueDate`:
   * days before the issue date are the generated days themselves; the others carry the
   * forecast error of their lead time.
   */
  forecastDays(cell: GridCell, issueDate: IsoDate, range: DateRange): ForecastDay[] {
    return this.forecastOf(cell, issueDate, this.dailyDays(cell, range));
  }

  /**
   * What a forecast issued on `issueDate` says of the generated days `truths` (made for the call:
   * a day before the issue date becomes its own forecast day, its chance of rain added).
   */
  private forecastOf(cell: GridCell, issueDate: IsoDate, truths: DailyWeather[]): ForecastDay[] {
    const issueDay = toEpochDay(issueDate);
    const draws = new Float64Array(8);
    const climate: DailyClimate = { tmax: 0, tmin: 0, precipitation: 0, wetFraction: 0, radiation: 0, vapourPressure: 0, wind: 0 };
    return truths.map((truth) => {
      const targetDay = toEpochDay(truth.date);
      const lead = targetDay - issueDay;
      if (lead < 0) {
        const day = truth as ForecastDay;
        day.precipitationChance = truth.precipitation! > 0 ? 100 : 0;
        return day;
      }
      dailyClimateAtPhase(this.cellClimate(cell), phaseOfDate(truth.date), this.basis, climate);
      const clearSky = clearSkyRadiation(extraterrestrialRadiation(cell.latitude, dayOfYear(truth.date)), 0) * WH_PER_MJ;
      for (let p = 0; p < 4; p++) normalPairFromHash(hashKeys(this.generator.seed ^ 0x46, cell.id, issueDay, targetDay * 4 + p), draws, 2 * p);
      return forecastDay(truth, climate, lead, clearSky, draws);
    });
  }

  /** Generated weather is a function of the seed, the cell and the dates (forecasts: and the issue date). */
  async revision(): Promise<string> {
    return `${SYNTHETIC_SOURCE_NAME}:${this.generator.seed}`;
  }

  async firstYear(): Promise<number> {
    return SYNTHETIC_FIRST_YEAR;
  }

  /**
   * `hourly` for many cells. Hours without soil (maps) are computed on the compute pool, a task per
   * group of cells, so that hundreds of places cost the event loop only the unpacking; other
   * requests are answered cell by cell.
   */
  async hourlyMany(cells: readonly GridCell[], request: HourlyRequest, requester?: Requester): Promise<(HourlyResult | null)[]> {
    if (request.soil !== false || !this.compute || request.hours <= 0) return Promise.all(cells.map((cell) => this.hourly(cell, request, requester)));
    const { pool, climatologyPath } = this.compute;
    const groups: GridCell[][] = [];
    for (let i = 0; i < cells.length; i += HOURS_TASK_CELLS) groups.push(cells.slice(i, i + HOURS_TASK_CELLS));
    const outputs = await Promise.all(
      groups.map((group) =>
        pool.hoursWithoutSoil(
          { climatologyPath, seed: this.generator.seed, cellIds: group.map((cell) => cell.id), start: request.start, hours: request.hours, issuedAt: request.issuedAt },
          requester,
        ),
      ),
    );
    const width = HOUR_VALUES.length;
    return outputs.flatMap((output, g) =>
      groups[g]!.map((_, c) => {
        if (output.missing[c]) return null;
        const hours: HourlyWeather[] = [];
        for (let j = 0; j < request.hours; j++) hours.push(unpackHour(output.values, (c * request.hours + j) * width, false));
        return { source: SYNTHETIC_SOURCE_NAME, hours };
      }),
    );
  }

  async hourly(cell: GridCell, request: HourlyRequest, requester?: Requester): Promise<HourlyResult | null> {
    if (request.hours <= 0) return { source: SYNTHETIC_SOURCE_NAME, hours: [] };
    if (request.soil === false) {
      const values = this.hoursWithoutSoil(cell, request);
      if (!values) return null;
      const hours: HourlyWeather[] = [];
      for (let i = 0; i < request.hours; i++) hours.push(unpackHour(values, i * HOUR_VALUES.length, false));
      return { source: SYNTHETIC_SOURCE_NAME, hours };
    }
    const timeZone = timeZoneAt(cell.latitude, cell.longitude);
    const dates = forecastDatesOf(request, timeZone);
    if (!dates) return null;
    const { issueDate } = dates;
    const window = await this.forecastWindow(cell, issueDate, requester);
    const first = (request.start - window.start) / HOUR_MS;
    const hours: HourlyWeather[] = [];
    for (let i = Math.max(0, first); i < Math.min(window.count, first + request.hours); i++) hours.push(unpackHour(window.values, i * FORECAST_HOUR_WIDTH, true));
    return { source: SYNTHETIC_SOURCE_NAME, hours };
  }

  /**
   * The forecast window of a cell and issue date: kept, else computed on the compute pool (with
   * its years, in one task) while the event loop goes on, else here.
   */
  private async forecastWindow(cell: GridCell, issueDate: IsoDate, requester: Requester | undefined): Promise<PackedForecastWindow> {
    const key = forecastKey(cell, issueDate);
    const cached = this.forecasts.get(key);
    if (cached) return cached;
    if (!this.compute) return this.forecastWindowOf(cell, issueDate);
    return this.pendingForecasts.join(key, requester, async (shared) => {
      const window = await this.computeWindowSoon(cell, issueDate, shared).join(shared);
      this.forecasts.set(key, window);
      return window;
    });
  }

  /**
   * The window computed on the compute pool in one task: the blocks it needs that are kept here are
   * handed over, the others are generated by the thread with the window and handed back to be kept
   * here (they serve observations and norms of the cell too). Blocks already being generated are
   * waited for, and blocks the window's task generates are waited for by any request that needs
   * them meanwhile: no block is generated twice.
   */
  private computeWindowSoon(cell: GridCell, issueDate: IsoDate, requester: Requester | undefined): SharedWork<PackedForecastWindow> {
    const { pool, climatologyPath } = this.compute!;
    const range = forecastWindowDays(issueDate);
    const { waits, missing } = this.blocksToCome(cell, range);
    const work = new SharedWork(requester, async (shared) => {
      await waitForGenerations(waits, shared);
      const output = await pool.forecastWindow({ climatologyPath, seed: this.generator.seed, cellId: cell.id, issueDate, blocks: this.packedBlocks(cell, range) }, shared);
      this.keepBlocks(cell, output.blocks);
      return output.window;
    });
    if (this.blocks) for (const block of missing) this.pending.set(cellBlockKey(cell, block), work);
    const forget = () => {
      for (const block of missing) if (this.pending.get(cellBlockKey(cell, block)) === work) this.pending.delete(cellBlockKey(cell, block));
    };
    work.result.then(forget, forget);
    return work;
  }

  /**
   * Every forecast hour of one issue day at the cell, from the first hour of the day before it to
   * the last of the eighth day after, with the soil run through the half year before (kept): a
   * request for any of these hours is a slice of it, so an hour has the same values whichever
   * range asked for it. Computed on this thread (the compute pool's threads call it too).
   */
  forecastWindowOf(cell: GridCell, issueDate: IsoDate): PackedForecastWindow {
    return getOrCreate(this.forecasts, forecastKey(cell, issueDate), () => this.computeForecastWindow(cell, issueDate));
  }

  /** As `forecastWindowOf`, computed afresh and not kept (a compute-pool thread hands its buffer over). */
  computeForecastWindow(cell: GridCell, issueDate: IsoDate): PackedForecastWindow {
    const timeZone = timeZoneAt(cell.latitude, cell.longitude);
    const firstDate = addDays(issueDate, -1);
    const lastDate = addDays(issueDate, SYNTHETIC_FORECAST_DAYS);
    const start = Math.floor(startOfLocalDay(firstDate, timeZone) / HOUR_MS) * HOUR_MS;
    const end = startOfLocalDay(addDays(lastDate, 1), timeZone);
    const range = forecastWindowDays(issueDate);
    // The hours look at the days from a few before the issue date on; the days before those only
    // run the soil in, and a past day's forecast is the day itself (its amounts unchanged).
    const generatedFrom = toEpochDay(range.start);
    const firstEpochDay = generatedFrom - (SOIL_SPIN_UP_DAYS - SOIL_WEATHER_DAYS);
    const length = toEpochDay(range.end) - firstEpochDay + 1;
    const spinUp = Math.max(0, daysBetween(range.start, issueDate) - DAYS_BEFORE_ISSUE_FOR_HOURS);
    const days = this.forecastOf(cell, issueDate, this.dailyDays(cell, { start: addDays(range.start, spinUp), end: range.end }));
    // The soil runs through the cell's mean days, the generated days, then the forecast days (every amount stated).
    const [tmax, tmin, precipitation] = [new Float64Array(length), new Float64Array(length), new Float64Array(length)];
    const climateDays = generatedFrom - firstEpochDay;
    const climate = this.cellClimate(cell);
    forEachClimateDay(climate, firstEpochDay, climateDays, (i, mean) => {
      tmax[i] = mean.tmax;
      tmin[i] = mean.tmin;
      precipitation[i] = mean.precipitation;
    });
    const series = (k: number) => (k === TMAX ? tmax : k === TMIN ? tmin : k === PRECIPITATION ? precipitation : undefined)?.subarray(climateDays);
    this.copyDays(cell, generatedFrom, spinUp, series);
    days.forEach((day, i) => {
      const at = climateDays + spinUp + i;
      tmax[at] = day.tmax;
      tmin[at] = day.tmin;
      precipitation[at] = day.precipitation;
    });
    const soil = soilStates({ firstEpochDay, length, tmax, tmin, precipitation }, cell.latitude);
    const values = forecastHours(
      this.hoursInput(cell, issueDate, timeZone, { start, hours: Math.ceil((end - start) / HOUR_MS), firstDay: generatedFrom + spinUp, days, soil: { firstEpochDay, values: soil } }),
    );
    return { start, count: values.length / FORECAST_HOUR_WIDTH, values };
  }

  /**
   * Hours without soil values (`HOUR_VALUES` numbers an hour), or null outside the forecast of the
   * issue date: only the days around them are generated (their blocks as far as they reach, not
   * kept), with no soil spin-up.
   */
  hoursWithoutSoil(cell: GridCell, request: HourlyRequest): Float64Array | null {
    if (request.hours <= 0) return new Float64Array(0);
    const timeZone = timeZoneAt(cell.latitude, cell.longitude);
    const window = forecastDatesOf(request, timeZone);
    if (!window) return null;
    const first = addDays(window.firstDate, -2);
    const days = this.forecastOf(cell, window.issueDate, this.dailyDays(cell, { start: first, end: addDays(window.lastDate, 2) }, false));
    return forecastHours(this.hoursInput(cell, window.issueDate, timeZone, { start: request.start, hours: request.hours, firstDay: toEpochDay(first), days, soil: null }));
  }

  /** The input of `forecastHours` at the cell for the issue date, with the hours and days of `what`. */
  private hoursInput(cell: GridCell, issueDate: IsoDate, timeZone: string, what: Pick<ForecastHoursInput, 'start' | 'hours' | 'firstDay' | 'days' | 'soil'>): ForecastHoursInput {
    return {
      start: what.start,
      hours: what.hours,
      firstDay: what.firstDay,
      days: what.days,
      soil: what.soil,
      latitude: cell.latitude,
      longitude: cell.longitude,
      localKey: cell.id,
      seed: this.generator.seed,
      issueEpochDay: toEpochDay(issueDate),
      startOfDay: (date: IsoDate) => startOfLocalDay(date, timeZone),
      dateAt: (t: number) => localDate(t, timeZone),
    };
  }
}

/**
 * Days before the issue date a window's hours may look at: its first hour's day is the day before
 * the issue date (at some offsets the day before that), whose hours interpolate towards the day
 * before it and whose soil starts from the end of that day: three days, and one to spare.
 */
const DAYS_BEFORE_ISSUE_FOR_HOURS = 4;

/** The generated days a forecast window is made of: the soil's generated spin-up (SOIL_WEATHER_DAYS), then the days of its hours and two after. */
export function forecastWindowDays(issueDate: IsoDate): DateRange {
  return { start: addDays(issueDate, -1 - SOIL_WEATHER_DAYS), end: addDays(issueDate, SYNTHETIC_FORECAST_DAYS + 2) };
}


function forecastKey(cell: GridCell, issueDate: IsoDate): string {
  return `${cell.id}|${issueDate}`;
}

/** Blocks a cell's keys tell apart: those of years −9500 to 13400. */
const BLOCK_KEY_SPAN = 1 << 18;

function cellBlockKey(cell: GridCell, block: number): number {
  return cell.id * BLOCK_KEY_SPAN + (block + BLOCK_KEY_SPAN / 2);
}

/**
 * Waits for generations in flight as `requester`: rejects with its abandonment once it gives up;
 * a generation that failed is not its failure (the years it lacks are generated when read).
 */
async function waitForGenerations(works: readonly SharedWork<unknown>[], requester: Requester | undefined): Promise<void> {
  await Promise.all(
    works.map((work) =>
      work.join(requester).catch((error: unknown) => {
        if (requester?.signal?.aborted) throw error;
      }),
    ),
  );
}

const FORECAST_HOUR_WIDTH = FORECAST_HOUR_VALUES.length;
/** Generated variables the soil is run with (GENERATED_VARIABLES indices). */
const TMAX = GENERATED_VARIABLES.indexOf('tmax');
const TMIN = GENERATED_VARIABLES.indexOf('tmin');
const PRECIPITATION = GENERATED_VARIABLES.indexOf('precipitation');

/**
 * The local issue date of an hourly request and the local dates of its first and last hours, or
 * null when the hours are not all within the forecast of that issue date (the issue day and the
 * next 7, a day either side allowed for shifted block windows). A forecast depends on its local
 * issue date, not on the instant within that day.
 */
function forecastDatesOf(request: HourlyRequest, timeZone: string): { issueDate: IsoDate; firstDate: IsoDate; lastDate: IsoDate } | null {
  const issueDate = localDate(request.issuedAt, timeZone);
  const lastHour = request.start + (request.hours - 1) * HOUR_MS;
  const firstDate = localDate(request.start, timeZone);
  const lastDate = localDate(lastHour + HOUR_MS / 2, timeZone);
  if (daysBetween(issueDate, firstDate) < -1 || daysBetween(issueDate, lastDate) > SYNTHETIC_FORECAST_DAYS) return null;
  return { issueDate, firstDate, lastDate };
}

const HOUR_MS = 3_600_000;

/**
 * Day `i` of a packed block's values `v` (`n` days) as daily weather: one object literal compiled
 * from GENERATED_VARIABLES (see compileDayLiteral), each value its packed number over its scale.
 */
const packedDayOf = compileDayLiteral<(v: Int16Array, n: number, i: number, date: IsoDate) => DailyWeather>(
  GENERATED_VARIABLES,
  ['v', 'n', 'i', 'date'],
  (_, k) => `v[${k} * n + i] / ${PACKING_SCALE[k]!}`,
);


/** The cached value, or `create()`'s result after caching it (without a cache: always created). */
function getOrCreate<K extends {}, V extends {}, C>(cache: LRUCache<K, V, C> | null, key: K, create: () => V): V {
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const value = create();
  cache?.set(key, value);
  return value;
}

export function createSyntheticSource(options: SyntheticSourceOptions = {}): SyntheticSource {
  const climatology = options.climatology ?? loadClimatology(options.climatologyPath);
  // Worker threads read the climatology from its file: a climatology handed over in memory is generated with here.
  const compute = options.compute && !options.climatology ? { pool: options.compute, climatologyPath: options.climatologyPath } : undefined;
  return new SyntheticSource(climatology, { cacheSize: options.cacheSize, seed: options.seed, inlineBlocksPerTurn: options.inlineBlocksPerTurn, ...(compute ? { compute } : {}) });
}
