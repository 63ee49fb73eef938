/**
 * Synthetic years generated away from the event loop (on the compute pool's worker threads, or
 * on the calling thread): from plain data (the climatology file, seed, cell, years) to plain data
 * (typed arrays, transferred between threads, not copied). What generation needs that is costly to
 * build (the climatology, generators, cell climates) is built once per thread, on its first task,
 * and kept by the thread's `GenerationContext`.
 */
import { LRUCache } from 'lru-cache';
import { type Checkpoint, NO_CHECKPOINT, type Requester } from '../../core/requester.js';
import { cellById } from '../grid.js';
import type { HourlyWeather } from '../weather-source.js';
import { cellClimateAt, type CellClimate } from './cell-climate.js';
import type { ClimatologyGrid } from './climatology-format.js';
import { loadClimatology } from './load-climatology.js';
import { createCurveSolver, type CurveSolver } from './mean-preserving-curve.js';
import { createWeatherGenerator, GENERATED_VARIABLES, type WeatherGenerator } from './weather-generator.js';

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
export interface YearGenerator {
  cellYears(input: CellYearsInput, requester?: Requester): Promise<CellYearsOutput>;
  /** Forecast hours without soil at many cells (see hours-generation.ts). */
  hoursWithoutSoil(input: HoursWithoutSoilInput, requester?: Requester): Promise<HoursWithoutSoilOutput>;
  /**
   * Every forecast hour of one issue date at a cell, with soil (see hours-generation.ts), and the
   * years of the cell it generated for them.
   */
  forecastWindow(input: ForecastWindowInput, requester?: Requester): Promise<ForecastWindowOutput>;
}

export interface CellYearsInput {
  /** The climatology file (undefined: the shipped one). */
  climatologyPath?: string;
  seed: number;
  cellId: number;
  years: number[];
}

/**
 * Generated years of one cell: for each year its first epoch day, length and one buffer holding
 * every generated variable's series in GENERATED_VARIABLES order (transferred, not copied).
 */
export interface CellYearsOutput {
  years: { year: number; firstEpochDay: number; length: number; values: Float64Array }[];
}

/** The years of the input; `checkpoint` is passed before each. */
export function generateCellYears(context: GenerationContext, input: CellYearsInput, checkpoint: Checkpoint = NO_CHECKPOINT): CellYearsOutput {
  const generator = context.generator(input.seed);
  const climate = context.cellClimate(input.climatologyPath, input.cellId);
  return {
    years: input.years.map((year) => {
      checkpoint();
      const generated = generator.generateCellYear(climate, input.cellId, year);
      const values = new Float64Array(GENERATED_VARIABLES.length * generated.length);
      GENERATED_VARIABLES.forEach((name, k) => values.set(generated[name], k * generated.length));
      return { year, firstEpochDay: generated.firstEpochDay, length: generated.length, values };
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

/** Values of an hour without soil, in this order, in `HoursWithoutSoilOutput.values`. */
export const HOUR_VALUES = ['time', 'temperature', 'precipitation', 'precipitationChance', 'cloudCover', 'solar', 'relativeHumidity', 'windAverage', 'windGust', 'dewPoint'] as const;

/**
 * The hours of each cell, `HOUR_VALUES.length` numbers an hour, cells one after another; a cell
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
   * Years of the cell the window needs that the caller has already generated, packed (see
   * `PackedYear` in synthetic-source.ts): the thread uses them instead of generating them again,
   * and generates the others in the same task.
   */
  years?: PackedCellYear[];
}

/** A forecast window, and the years of the cell the thread generated for it (not given in the input: the caller may keep them). */
export interface ForecastWindowOutput {
  window: PackedForecastWindow;
  years: PackedCellYear[];
}

/** A generated cell-year as kept: each variable's series in GENERATED_VARIABLES order, each value times its packing scale (`PACKING_SCALE` in synthetic-source.ts). */
export interface PackedCellYear {
  year: number;
  firstEpochDay: number;
  length: number;
  values: Int16Array;
}

/** Values of a forecast hour, in this order, in `PackedForecastWindow.values`. */
export const FORECAST_HOUR_VALUES = [
  ...HOUR_VALUES,
  'soilTemperature0',
  'soilTemperature1',
  'soilTemperature2',
  'soilTemperature3',
  'soilMoisture0',
  'soilMoisture1',
  'soilMoisture2',
  'soilMoisture3',
] as const;

/**
 * Writes an hour at `base`: `HOUR_VALUES`, then with `soil` its four soil temperatures and four
 * soil moistures (`FORECAST_HOUR_VALUES`).
 */
export function packHour(values: Float64Array, base: number, hour: HourlyWeather, soil: boolean): void {
  HOUR_VALUES.forEach((name, k) => (values[base + k] = hour[name]));
  if (!soil) return;
  for (let layer = 0; layer < 4; layer++) {
    values[base + HOUR_VALUES.length + layer] = hour.soilTemperature[layer]!;
    values[base + HOUR_VALUES.length + 4 + layer] = hour.soilMoisture[layer]!;
  }
}

/** The hour `packHour` wrote at `base`; without `soil`, its soil values are NaN. */
export function unpackHour(values: Float64Array, base: number, soil: boolean): HourlyWeather {
  const s = base + HOUR_VALUES.length;
  return {
    time: values[base]!,
    temperature: values[base + 1]!,
    precipitation: values[base + 2]!,
    precipitationChance: values[base + 3]!,
    cloudCover: values[base + 4]!,
    solar: values[base + 5]!,
    relativeHumidity: values[base + 6]!,
    windAverage: values[base + 7]!,
    windGust: values[base + 8]!,
    dewPoint: values[base + 9]!,
    soilTemperature: soil ? [values[s]!, values[s + 1]!, values[s + 2]!, values[s + 3]!] : [NaN, NaN, NaN, NaN],
    soilMoisture: soil ? [values[s + 4]!, values[s + 5]!, values[s + 6]!, values[s + 7]!] : [NaN, NaN, NaN, NaN],
  };
}

/**
 * The forecast hours of one issue date at a cell, from `start` (UTC epoch ms, a whole hour):
 * `count` hours of `FORECAST_HOUR_VALUES.length` numbers each.
 */
export interface PackedForecastWindow {
  start: number;
  count: number;
  values: Float64Array;
}
