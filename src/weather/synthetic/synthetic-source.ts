/**
 * The offline weather source: a stochastic weather generator driven by the CRU CL 1.0
 * climatology. It answers any land or sea point for any date with no network and no data loaded.
 * Daily values are the "observations"; hourly forecasts are those days, moved by an error that
 * grows with lead time, disaggregated to hours. Every result says `source: 'synthetic'`.
 */
import { LRUCache } from 'lru-cache';
import { clearSkyRadiation, extraterrestrialRadiation } from '../../agronomy/solar-geometry.js';
import { WH_PER_MJ } from '../../agronomy/unit-conversions.js';
import { addDays, dayOfYear, daysBetween, fromEpochDay, toEpochDay, yearOf, type IsoDate } from '../../core/dates.js';
import { type Requester, SharedWork, SharedWorks } from '../../core/requester.js';
import { localDate, startOfLocalDay, timeZoneAt } from '../time-zone.js';
import type { DailyResult, DailyWeather, DateRange, GridCell, HourlyRequest, HourlyResult, HourlyWeather, WeatherSource } from '../weather-source.js';
import { cellClimateAt, dailyClimateOn, type CellClimate } from './cell-climate.js';
import type { ClimatologyGrid } from './climatology-format.js';
import { forecastDay, type ForecastDay } from './forecast-day.js';
import { forecastHours } from './forecast-hours.js';
import { hashKeys, normalPairFromHash } from './hash-random.js';
import { loadClimatology } from './load-climatology.js';
import { createCurveSolver, type CurveSolver } from './mean-preserving-curve.js';
import { type SoilDayInput, soilStates, type SoilState } from './soil-state.js';
import {
  type CellYearsOutput,
  FORECAST_HOUR_VALUES,
  HOUR_VALUES,
  type PackedCellYear,
  type PackedForecastWindow,
  packHour,
  unpackHour,
  type YearGenerator,
} from './year-generation.js';
import { type DailySeries, emptySeriesValues } from '../daily-series.js';
import { compileDayLiteral, DAILY_VARIABLES } from '../daily-variables.js';
import { createWeatherGenerator, GENERATED_VARIABLES, type CellYear, type GeneratedDays, type WeatherGenerator } from './weather-generator.js';

export const SYNTHETIC_SOURCE_NAME = 'synthetic';
export const DEFAULT_CELL_YEAR_CACHE_SIZE = 1024;
/**
 * The first year the synthetic source states it holds. The generator could draw any year, but its
 * climatology is a 1961–1990 mean without trend: years before the twentieth century would be
 * weather of a climate nobody measured, so norms over them are refused.
 */
export const SYNTHETIC_FIRST_YEAR = 1900;
/** Cells per compute-pool task of hours without soil (a map lattice is a few hundred). */
const HOURS_TASK_CELLS = 48;
/** Forecast days: the local issue day and the next 7. */
export const SYNTHETIC_FORECAST_DAYS = 8;
/** Days of weather run through the soil model before the first forecast day. */
export const SOIL_SPIN_UP_DAYS = 180;

export interface SyntheticSourceOptions {
  /** Compact climatology file; default `data/climatology/cru-cl-1.0-land.bin.gz`. */
  climatologyPath?: string;
  /** An already loaded climatology (shared between sources); wins over `climatologyPath`. */
  climatology?: ClimatologyGrid;
  /** Cell-years kept in memory (about 6.6 kB each); 0 disables the cache. */
  cacheSize?: number;
  /** Generator seed; the default gives the reference synthetic weather. */
  seed?: number;
  /**
   * Worker threads that generate the cell-years a request needs (the source's climatology must
   * then come from a file, which each thread reads). Without it years are generated on the
   * calling thread.
   */
  compute?: YearGenerator;
}

export class SyntheticSource implements WeatherSource {
  readonly name = SYNTHETIC_SOURCE_NAME;
  readonly generator: WeatherGenerator;
  private readonly solver: CurveSolver;
  /** Generated cell-years, packed (see `PackedYear`); null when the cache size is 0. */
  private readonly cellYears: LRUCache<number, PackedYear> | null;
  private readonly climates: LRUCache<number, CellClimate>;
  /** Forecast windows by (cell, local issue date), packed: each costs a soil spin-up of months. */
  private readonly forecasts: LRUCache<string, PackedForecastWindow>;

  /**
   * Generations in flight on the compute pool, by cell-year key: a task of years, or a forecast
   * window's task that generates them. Shared by the requests that wait for them (core/requester.ts).
   */
  private readonly pending = new Map<number, SharedWork<unknown>>();
  /** Years of a cell to generate in one task, collected until the current turn's work is done. */
  private readonly batches = new Map<number, { years: number[]; work: SharedWork<void> }>();
  /** Forecast windows in flight on the compute pool, by forecast key. */
  private readonly pendingForecasts = new SharedWorks<string, PackedForecastWindow>();
  private readonly compute: { pool: YearGenerator; climatologyPath: string | undefined } | null;

  constructor(
    readonly climatology: ClimatologyGrid,
    options: Pick<SyntheticSourceOptions, 'cacheSize' | 'seed'> & { compute?: { pool: YearGenerator; climatologyPath: string | undefined } } = {},
  ) {
    this.compute = options.compute ?? null;
    const cacheSize = options.cacheSize ?? DEFAULT_CELL_YEAR_CACHE_SIZE;
    this.generator = createWeatherGenerator({ seed: options.seed });
    this.solver = createCurveSolver();
    if (!Number.isInteger(cacheSize) || cacheSize < 0) throw new RangeError(`cache size must be a whole number >= 0, got ${cacheSize}`);
    this.cellYears = cacheSize > 0 ? new LRUCache({ max: cacheSize }) : null;
    this.climates = new LRUCache({ max: Math.max(cacheSize, 16) });
    this.forecasts = new LRUCache({ max: Math.min(Math.max(cacheSize, 16), 512) });
  }

  /** The daily climatology of the cell (cached). */
  cellClimate(cell: GridCell): CellClimate {
    return getOrCreate(this.climates, cell.id, () => cellClimateAt(this.climatology, this.solver, cell.latitude, cell.longitude));
  }

  /** One generated year at the cell (cached). */
  cellYear(cell: GridCell, year: number): CellYear {
    return unpackYear(this.packedYear(cell, year), year);
  }

  private packedYear(cell: GridCell, year: number): PackedYear {
    return getOrCreate(this.cellYears, cellYearKey(cell, year), () => packYear(this.generator.generateCellYear(this.cellClimate(cell), cell.id, year)));
  }

  /**
   * Makes sure the years of `range` at the cell are kept, generating the missing ones on the
   * compute pool (several years of one cell in one task) while the event loop goes on. Without a
   * pool, or a cache to keep them in, years are generated when they are read. Rejects with the
   * requester's abandonment once it gives up (the generation goes on while others wait for it).
   */
  async prepareYears(cell: GridCell, range: DateRange, requester?: Requester): Promise<void> {
    if (!this.compute || !this.cellYears) return;
    const { waits, missing } = this.yearsToCome(cell, range);
    if (missing.length > 0) waits.push(this.generateSoon(cell, missing, requester));
    await waitForGenerations(waits, requester);
  }

  /** Of the years of `range` at the cell that are not kept: the generations in flight to wait for, and the years no one is generating. */
  private yearsToCome(cell: GridCell, range: DateRange): { waits: SharedWork<unknown>[]; missing: number[] } {
    const waits: SharedWork<unknown>[] = [];
    const missing: number[] = [];
    for (let year = yearOf(range.start); year <= yearOf(range.end); year++) {
      const key = cellYearKey(cell, year);
      if (this.cellYears?.has(key)) continue;
      const pending = this.pending.get(key);
      if (pending && !pending.abandoned) {
        if (!waits.includes(pending)) waits.push(pending);
      } else missing.push(year);
    }
    return { waits, missing };
  }

  /**
   * Generates the years on the compute pool, together with the other years of the cell asked for
   * in the same turn (a norm asks for each of its years at once): one task per cell, not per year,
   * for the first requester's account.
   */
  private generateSoon(cell: GridCell, years: number[], requester: Requester | undefined): SharedWork<unknown> {
    let batch = this.batches.get(cell.id);
    if (!batch || batch.work.abandoned) {
      const batchYears: number[] = [];
      const work: SharedWork<void> = new SharedWork(requester, (shared) =>
        Promise.resolve().then((): Promise<void> => {
          if (this.batches.get(cell.id)?.work === work) this.batches.delete(cell.id);
          return this.generateNow(cell, batchYears, work, shared);
        }),
      );
      batch = { years: batchYears, work };
      this.batches.set(cell.id, batch);
    }
    batch.years.push(...years);
    for (const year of years) this.pending.set(cellYearKey(cell, year), batch.work);
    return batch.work;
  }

  private async generateNow(cell: GridCell, years: number[], work: SharedWork<unknown>, requester: Requester): Promise<void> {
    const { pool, climatologyPath } = this.compute!;
    const cache = this.cellYears!;
    try {
      const output = await pool.cellYears({ climatologyPath, seed: this.generator.seed, cellId: cell.id, years }, requester);
      for (const generated of output.years) cache.set(cellYearKey(cell, generated.year), packYear(cellYearOf(generated)));
    } finally {
      for (const year of years) if (this.pending.get(cellYearKey(cell, year)) === work) this.pending.delete(cellYearKey(cell, year));
    }
  }

  /** The kept packed years of the cell over the range (those still kept). */
  packedYears(cell: GridCell, range: DateRange): PackedCellYear[] {
    const kept: PackedCellYear[] = [];
    for (let year = yearOf(range.start); year <= yearOf(range.end); year++) {
      const packed = this.cellYears?.get(cellYearKey(cell, year));
      if (packed) kept.push({ year, ...packed });
    }
    return kept;
  }

  /** Keeps years of the cell generated elsewhere (they are exactly what this source would generate). */
  keepYears(cell: GridCell, years: readonly PackedCellYear[]): void {
    for (const { year, firstEpochDay, length, values } of years) this.cellYears?.set(cellYearKey(cell, year), { firstEpochDay, length, values });
  }

  /** The generated days of the range, synchronously. */
  dailyDays(cell: GridCell, range: DateRange): DailyWeather[] {
    const first = toEpochDay(range.start);
    const last = toEpochDay(range.end);
    const days: DailyWeather[] = [];
    let year: PackedYear | null = null;
    for (let e = first; e <= last; e++) {
      const date = fromEpochDay(e);
      if (!year || e < year.firstEpochDay || e >= year.firstEpochDay + year.length) year = this.packedYear(cell, yearOf(date));
      days.push(packedDayOf(year.values, year.length, e - year.firstEpochDay, date));
    }
    return days;
  }

  /**
   * The days of the range generated on their own (a month of spin-up, not whole years): for a
   * few days at many places, where generating and keeping each place's years would cost far
   * more. Values agree with `dailyDays` to within the generator's memory of its start.
   */
  windowDays(cell: GridCell, range: DateRange): DailyWeather[] {
    const first = toEpochDay(range.start);
    const generated = this.generator.generateDays(this.cellClimate(cell), cell.id, first, toEpochDay(range.end) - first + 1);
    return Array.from({ length: generated.length }, (_, i) => dayOf(generated, i, fromEpochDay(first + i)));
  }

  async daily(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailyResult | null> {
    await this.prepareYears(cell, range, requester);
    return { source: SYNTHETIC_SOURCE_NAME, days: this.dailyDays(cell, range) };
  }

  /** As `daily`, copied from the kept years into series (no day objects); the optional variables are NaN. */
  async dailySeries(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailySeries | null> {
    await this.prepareYears(cell, range, requester);
    const firstEpochDay = toEpochDay(range.start);
    const length = toEpochDay(range.end) - firstEpochDay + 1;
    const values = emptySeriesValues(Math.max(0, length));
    for (let at = 0; at < length; ) {
      const e = firstEpochDay + at;
      const year = this.packedYear(cell, yearOf(fromEpochDay(e)));
      const from = e - year.firstEpochDay;
      const count = Math.min(length - at, year.length - from);
      GENERATED_VARIABLES.forEach((name, k) => {
        const series = values[name];
        const scale = PACKING_SCALE[k]!;
        const packed = year.values;
        const base = k * year.length + from;
        for (let j = 0; j < count; j++) series[at + j] = packed[base + j]! / scale;
      });
      at += count;
    }
    return { source: SYNTHETIC_SOURCE_NAME, firstEpochDay, length: Math.max(0, length), values };
  }

  /**
   * Forecast days for the local dates `start`..`end` as issued on the local date `issueDate`:
   * days before the issue date are the generated days themselves; the others carry the
   * forecast error of their lead time.
   */
  forecastDays(cell: GridCell, issueDate: IsoDate, range: DateRange): ForecastDay[] {
    return this.forecastOf(cell, issueDate, this.dailyDays(cell, range));
  }

  /** What a forecast issued on `issueDate` says of the generated days `truths`. */
  private forecastOf(cell: GridCell, issueDate: IsoDate, truths: readonly DailyWeather[]): ForecastDay[] {
    const issueDay = toEpochDay(issueDate);
    const draws = new Float64Array(8);
    return truths.map((truth) => {
      const targetDay = toEpochDay(truth.date);
      const lead = targetDay - issueDay;
      if (lead < 0) return { ...(truth as ForecastDay), precipitationChance: truth.precipitation! > 0 ? 100 : 0 };
      const climate = dailyClimateOn(this.cellClimate(cell), truth.date);
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
    // A forecast depends on its local issue date, not on the instant within that day.
    const timeZone = timeZoneAt(cell.latitude, cell.longitude);
    const issueDate = localDate(request.issuedAt, timeZone);
    const lastHour = request.start + (request.hours - 1) * HOUR_MS;
    const firstDate = localDate(request.start, timeZone);
    const lastDate = localDate(lastHour + HOUR_MS / 2, timeZone);
    // Hours of the issue day and the next 7 (a day either side allowed for shifted block windows).
    if (daysBetween(issueDate, firstDate) < -1 || daysBetween(issueDate, lastDate) > SYNTHETIC_FORECAST_DAYS) return null;
    if (request.soil === false) return { source: SYNTHETIC_SOURCE_NAME, hours: this.hoursWithoutSoil(cell, issueDate, timeZone, request, firstDate, lastDate) };
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
   * The window computed on the compute pool in one task: the years it needs that are kept here are
   * handed over, the others are generated by the thread with the window and handed back to be kept
   * here (they serve observations and norms of the cell too). Years already being generated are
   * waited for, and years the window's task generates are waited for by any request that needs
   * them meanwhile: no year is generated twice.
   */
  private computeWindowSoon(cell: GridCell, issueDate: IsoDate, requester: Requester | undefined): SharedWork<PackedForecastWindow> {
    const { pool, climatologyPath } = this.compute!;
    const range = forecastWindowDays(issueDate);
    const { waits, missing } = this.yearsToCome(cell, range);
    const work = new SharedWork(requester, async (shared) => {
      await waitForGenerations(waits, shared);
      const output = await pool.forecastWindow({ climatologyPath, seed: this.generator.seed, cellId: cell.id, issueDate, years: this.packedYears(cell, range) }, shared);
      this.keepYears(cell, output.years);
      return output.window;
    });
    if (this.cellYears) for (const year of missing) this.pending.set(cellYearKey(cell, year), work);
    const forget = () => {
      for (const year of missing) if (this.pending.get(cellYearKey(cell, year)) === work) this.pending.delete(cellYearKey(cell, year));
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
    const truths = this.dailyDays(cell, range);
    // The hours look at the days from a few before the issue date on; the days before those only
    // run the soil in, and a past day's forecast is the day itself (its amounts unchanged).
    const spinUp = Math.max(0, daysBetween(range.start, issueDate) - DAYS_BEFORE_ISSUE_FOR_HOURS);
    const days = this.forecastOf(cell, issueDate, truths.slice(spinUp));
    // Generated days have every amount (not null).
    const soil = soilStates(spinUp > 0 ? [...(truths.slice(0, spinUp) as SoilDayInput[]), ...days] : days, cell.latitude);
    const dayMap = new Map<IsoDate, ForecastDay>();
    const soilMap = new Map<IsoDate, SoilState>();
    days.forEach((d, i) => {
      dayMap.set(d.date, d);
      soilMap.set(d.date, soil[spinUp + i]!);
    });
    const hours = forecastHours({
      ...this.hoursInput(cell, issueDate, timeZone),
      start,
      hours: Math.ceil((end - start) / HOUR_MS),
      days: dayMap,
      soil: soilMap,
    });
    return { start, count: hours.length, values: packForecastHours(hours) };
  }

  /** Hours without soil values: only the days around them are generated, and nothing is kept. */
  private hoursWithoutSoil(cell: GridCell, issueDate: IsoDate, timeZone: string, request: HourlyRequest, firstDate: IsoDate, lastDate: IsoDate): HourlyWeather[] {
    const truths = this.windowDays(cell, { start: addDays(firstDate, -2), end: addDays(lastDate, 2) });
    const dayMap = new Map<IsoDate, ForecastDay>(this.forecastOf(cell, issueDate, truths).map((d) => [d.date, d]));
    return forecastHours({ ...this.hoursInput(cell, issueDate, timeZone), start: request.start, hours: request.hours, days: dayMap, soil: null });
  }

  private hoursInput(cell: GridCell, issueDate: IsoDate, timeZone: string) {
    return {
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

/** The generated days a forecast window is made of: the soil's spin-up, then the days of its hours and two after. */
export function forecastWindowDays(issueDate: IsoDate): DateRange {
  return { start: addDays(issueDate, -1 - SOIL_SPIN_UP_DAYS), end: addDays(issueDate, SYNTHETIC_FORECAST_DAYS + 2) };
}


function forecastKey(cell: GridCell, issueDate: IsoDate): string {
  return `${cell.id}|${issueDate}`;
}

function cellYearKey(cell: GridCell, year: number): number {
  return cell.id * 65536 + (year & 0xffff);
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

/** A year generated on the compute pool: views on its one buffer. */
function cellYearOf(generated: CellYearsOutput['years'][number]): CellYear {
  const { year, firstEpochDay, length, values } = generated;
  const series = Object.fromEntries(GENERATED_VARIABLES.map((name, k) => [name, values.subarray(k * length, (k + 1) * length)]));
  return { year, firstEpochDay, length, ...series } as CellYear;
}

const FORECAST_HOUR_WIDTH = FORECAST_HOUR_VALUES.length;

/** Forecast hours packed as `FORECAST_HOUR_VALUES` says (the values exactly as computed). */
function packForecastHours(hours: readonly HourlyWeather[]): Float64Array {
  const values = new Float64Array(hours.length * FORECAST_HOUR_WIDTH);
  hours.forEach((hour, i) => packHour(values, i * FORECAST_HOUR_WIDTH, hour, true));
  return values;
}

const HOUR_MS = 3_600_000;

/**
 * A generated year kept in a quarter of the memory of its Float64 series, exactly: the generator
 * writes every value rounded to its variable's `precision.internal` decimals (0.1; solar whole
 * Wh/m²), so each value times 10^decimals is a whole number that fits 16 bits, and dividing it
 * back gives the same number.
 */
type PackedYear = Readonly<Omit<PackedCellYear, 'year'>>;

/** The factor each generated variable is stored with (GENERATED_VARIABLES order): 10^decimals. */
const PACKING_SCALE = GENERATED_VARIABLES.map((name) => 10 ** DAILY_VARIABLES[name].precision.internal);

function packYear(year: GeneratedDays): PackedYear {
  const values = new Int16Array(GENERATED_VARIABLES.length * year.length);
  GENERATED_VARIABLES.forEach((name, k) => {
    const series = year[name];
    const scale = PACKING_SCALE[k]!;
    for (let i = 0; i < year.length; i++) values[k * year.length + i] = Math.round(series[i]! * scale);
  });
  return { firstEpochDay: year.firstEpochDay, length: year.length, values };
}

function unpackYear(packed: PackedYear, year: number): CellYear {
  const series = Object.fromEntries(
    GENERATED_VARIABLES.map((name, k) => {
      const out = new Float64Array(packed.length);
      for (let i = 0; i < packed.length; i++) out[i] = packed.values[k * packed.length + i]! / PACKING_SCALE[k]!;
      return [name, out];
    }),
  );
  return { year, firstEpochDay: packed.firstEpochDay, length: packed.length, ...series } as CellYear;
}

/**
 * Day `i` of a packed year's values `v` (`n` days) as daily weather: one object literal compiled
 * from GENERATED_VARIABLES (see compileDayLiteral), each value its packed number over its scale.
 */
const packedDayOf = compileDayLiteral<(v: PackedYear['values'], n: number, i: number, date: IsoDate) => DailyWeather>(
  GENERATED_VARIABLES,
  ['v', 'n', 'i', 'date'],
  (_, k) => `v[${k} * n + i] / ${PACKING_SCALE[k]!}`,
);

/** Day `i` of generated days as daily weather (compiled as `packedDayOf`). */
const dayOf = compileDayLiteral<(days: GeneratedDays, i: number, date: IsoDate) => DailyWeather>(GENERATED_VARIABLES, ['days', 'i', 'date'], (name) => `days.${name}[i]`);

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
  return new SyntheticSource(climatology, { cacheSize: options.cacheSize, seed: options.seed, ...(compute ? { compute } : {}) });
}
