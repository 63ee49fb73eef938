/**
 * The offline weather source: a stochastic weather generator driven by the CRU CL 1.0
 * climatology. It answers any land or sea point for any date with no network and no data loaded.
 * Daily values are the "observations"; hourly forecasts are those days, moved by an error that
 * grows with lead time, disaggregated to hours. Every result says `source: 'synthetic'`.
 */
import { LRUCache } from 'lru-cache';
import { clearSkyRadiation, extraterrestrialRadiation, WH_PER_MJ } from '../../agronomy/solar-geometry.js';
import { addDays, dayOfYear, daysBetween, fromEpochDay, toEpochDay, yearOf, type IsoDate } from '../../core/dates.js';
import { localDate, startOfLocalDay, timeZoneAt } from '../time-zone.js';
import type { DailyResult, DailyWeather, DateRange, GridCell, HourlyRequest, HourlyResult, HourlyWeather, WeatherSource } from '../weather-source.js';
import { cellClimateAt, dailyClimateOn, type CellClimate } from './cell-climate.js';
import type { ClimatologyGrid } from './climatology-format.js';
import { forecastDay, type ForecastDay } from './forecast-day.js';
import { forecastHours } from './forecast-hours.js';
import { hashKeys, normalPairFromHash } from './hash-random.js';
import { loadClimatology } from './load-climatology.js';
import { createCurveSolver, type CurveSolver } from './mean-preserving-curve.js';
import { soilStates, type SoilState } from './soil-state.js';
import { createWeatherGenerator, type CellYear, type GeneratedDays, type WeatherGenerator } from './weather-generator.js';

export const SYNTHETIC_SOURCE_NAME = 'synthetic';
export const DEFAULT_CELL_YEAR_CACHE_SIZE = 1024;
/**
 * The first year the synthetic source states it holds. The generator could draw any year, but its
 * climatology is a 1961–1990 mean without trend: years before the twentieth century would be
 * weather of a climate nobody measured, so norms over them are refused.
 */
export const SYNTHETIC_FIRST_YEAR = 1900;
/** Forecast days: the local issue day and the next 7. */
export const SYNTHETIC_FORECAST_DAYS = 8;
/** Days of weather run through the soil model before the first forecast day. */
export const SOIL_SPIN_UP_DAYS = 180;

export interface SyntheticSourceOptions {
  /** Compact climatology file; default `data/climatology/cru-cl-1.0-land.bin.gz`. */
  climatologyPath?: string;
  /** An already loaded climatology (shared between sources); wins over `climatologyPath`. */
  climatology?: ClimatologyGrid;
  /** Cell-years kept in memory (about 26 kB each); 0 disables the cache. */
  cacheSize?: number;
  /** Generator seed; the default gives the reference synthetic weather. */
  seed?: number;
}

export class SyntheticSource implements WeatherSource {
  readonly name = SYNTHETIC_SOURCE_NAME;
  readonly generator: WeatherGenerator;
  private readonly solver: CurveSolver;
  /** Generated cell-years; null when the cache size is 0. */
  private readonly cellYears: LRUCache<number, CellYear> | null;
  private readonly climates: LRUCache<number, CellClimate>;
  /** Forecast windows by (cell, local issue date): each costs a soil spin-up of months. */
  private readonly forecasts: LRUCache<string, ForecastWindow>;

  constructor(
    readonly climatology: ClimatologyGrid,
    options: Pick<SyntheticSourceOptions, 'cacheSize' | 'seed'> = {},
  ) {
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
    return getOrCreate(this.cellYears, cell.id * 65536 + (year & 0xffff), () => this.generator.generateCellYear(this.cellClimate(cell), cell.id, year));
  }

  /** The generated days of the range, synchronously. */
  dailyDays(cell: GridCell, range: DateRange): DailyWeather[] {
    const first = toEpochDay(range.start);
    const last = toEpochDay(range.end);
    const days: DailyWeather[] = [];
    let year: CellYear | null = null;
    for (let e = first; e <= last; e++) {
      const date = fromEpochDay(e);
      if (!year || e < year.firstEpochDay || e >= year.firstEpochDay + year.length) year = this.cellYear(cell, yearOf(date));
      days.push(dayOf(year, e - year.firstEpochDay, date));
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

  async daily(cell: GridCell, range: DateRange): Promise<DailyResult | null> {
    return { source: SYNTHETIC_SOURCE_NAME, days: this.dailyDays(cell, range) };
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

  async hourly(cell: GridCell, request: HourlyRequest): Promise<HourlyResult | null> {
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
    const window = this.forecastWindow(cell, issueDate, timeZone);
    const first = (request.start - window.start) / HOUR_MS;
    return { source: SYNTHETIC_SOURCE_NAME, hours: window.hours.slice(first, first + request.hours).map(copyHour) };
  }

  /**
   * Every forecast hour of one issue day at the cell, from the first hour of the day before it to
   * the last of the eighth day after, with the soil run through the half year before (cached):
   * a request for any of these hours is a slice of it, so an hour has the same values whichever
   * range asked for it.
   */
  private forecastWindow(cell: GridCell, issueDate: IsoDate, timeZone: string): ForecastWindow {
    const key = `${cell.id}|${issueDate}`;
    const cached = this.forecasts.get(key);
    if (cached) return cached;
    const firstDate = addDays(issueDate, -1);
    const lastDate = addDays(issueDate, SYNTHETIC_FORECAST_DAYS);
    const start = Math.floor(startOfLocalDay(firstDate, timeZone) / HOUR_MS) * HOUR_MS;
    const end = startOfLocalDay(addDays(lastDate, 1), timeZone);
    const days = this.forecastDays(cell, issueDate, { start: addDays(firstDate, -SOIL_SPIN_UP_DAYS), end: addDays(lastDate, 2) });
    const soil = soilStates(days, cell.latitude);
    const dayMap = new Map<IsoDate, ForecastDay>();
    const soilMap = new Map<IsoDate, SoilState>();
    days.forEach((d, i) => {
      dayMap.set(d.date, d);
      soilMap.set(d.date, soil[i]!);
    });
    const hours = forecastHours({
      ...this.hoursInput(cell, issueDate, timeZone),
      start,
      hours: Math.ceil((end - start) / HOUR_MS),
      days: dayMap,
      soil: soilMap,
    });
    const window = { start, hours };
    this.forecasts.set(key, window);
    return window;
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

/** The forecast hours of one issue date at a cell, from `start` (UTC epoch ms, a whole hour). */
interface ForecastWindow {
  start: number;
  hours: readonly HourlyWeather[];
}

const HOUR_MS = 3_600_000;

/** Day `i` of generated days as daily weather. */
function dayOf(days: GeneratedDays, i: number, date: IsoDate): DailyWeather {
  return {
    date,
    tmax: days.tmax[i]!,
    tmin: days.tmin[i]!,
    precipitation: days.precipitation[i]!,
    solar: days.solar[i]!,
    rhMax: days.rhMax[i]!,
    rhMin: days.rhMin[i]!,
    windDayMax: days.windDayMax[i]!,
    windMorningMax: days.windMorningMax[i]!,
    windAverage: days.windAverage[i]!,
  };
}

/** The cached value, or `create()`'s result after caching it (without a cache: always created). */
function getOrCreate<K extends {}, V extends {}>(cache: LRUCache<K, V> | null, key: K, create: () => V): V {
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const value = create();
  cache?.set(key, value);
  return value;
}

function copyHour(hour: HourlyWeather): HourlyWeather {
  return { ...hour, soilTemperature: [...hour.soilTemperature], soilMoisture: [...hour.soilMoisture] };
}

export function createSyntheticSource(options: SyntheticSourceOptions = {}): SyntheticSource {
  const climatology = options.climatology ?? loadClimatology(options.climatologyPath);
  return new SyntheticSource(climatology, { cacheSize: options.cacheSize, seed: options.seed });
}
