/**
 * Packs the days of one year of one (dataset, cell) into bytes: 366 slots of 13 float64
 * values [fetchedAt, complete, tmax, tmin, precipitation, solar, rhMax, rhMin, windDayMax,
 * windMorningMax, windAverage, vapourPressure, rhMean]. A slot whose fetchedAt is NaN is empty; a
 * missing value is NaN. Float64 keeps imported values exact.
 *
 * Rows written before vapour pressure and mean humidity were kept have 11 values per slot; they
 * decode with those two missing, and are written back in the 13-value layout.
 */
import { dayOfYear, fromEpochDay, toEpochDay, type IsoDate } from '../../core/dates.js';
import type { DailyWeather } from '../weather-source.js';

const SLOTS = 366;
const WIDTH = 13;
/** Values per slot of the first layout (no vapourPressure, rhMean). */
const LEGACY_WIDTH = 11;
const VARIABLES = [
  'tmax',
  'tmin',
  'precipitation',
  'solar',
  'rhMax',
  'rhMin',
  'windDayMax',
  'windMorningMax',
  'windAverage',
  'vapourPressure',
  'rhMean',
] as const;

export interface StoredDay {
  day: DailyWeather;
  complete: boolean;
  fetchedAt: number;
}

export function emptyYear(): Float64Array {
  return new Float64Array(SLOTS * WIDTH).fill(NaN);
}

export function decodeYear(bytes: Uint8Array | null): Float64Array {
  if (bytes && bytes.length === SLOTS * LEGACY_WIDTH * 8) return widenLegacyYear(bytes);
  if (!bytes || bytes.length !== SLOTS * WIDTH * 8) return emptyYear();
  // Copy: the driver's buffer may not be 8-byte aligned.
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float64Array(copy.buffer);
}

/** An 11-value-per-slot year in the current layout, the two newer values missing. */
function widenLegacyYear(bytes: Uint8Array): Float64Array {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const legacy = new Float64Array(copy.buffer);
  const values = emptyYear();
  for (let slot = 0; slot < SLOTS; slot++) {
    values.set(legacy.subarray(slot * LEGACY_WIDTH, (slot + 1) * LEGACY_WIDTH), slot * WIDTH);
  }
  return values;
}

export function encodeYear(values: Float64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

const valueAt = (values: Float64Array, index: number): number | null => {
  const value = values[index]!;
  return value === value ? value : null; // NaN → null
};

export function readSlot(values: Float64Array, date: IsoDate): StoredDay | undefined {
  const base = (dayOfYear(date) - 1) * WIDTH;
  const fetchedAt = values[base]!;
  if (Number.isNaN(fetchedAt)) return undefined;
  // Written out (not a loop over VARIABLES): this runs for every stored day that is read.
  const day: DailyWeather = {
    date,
    tmax: valueAt(values, base + 2),
    tmin: valueAt(values, base + 3),
    precipitation: valueAt(values, base + 4),
    solar: valueAt(values, base + 5),
    rhMax: valueAt(values, base + 6),
    rhMin: valueAt(values, base + 7),
    windDayMax: valueAt(values, base + 8),
    windMorningMax: valueAt(values, base + 9),
    windAverage: valueAt(values, base + 10),
    vapourPressure: valueAt(values, base + 11),
    rhMean: valueAt(values, base + 12),
  };
  return { day, complete: values[base + 1] === 1, fetchedAt };
}

export function writeSlot(values: Float64Array, stored: StoredDay): void {
  const base = (dayOfYear(stored.day.date) - 1) * WIDTH;
  values[base] = stored.fetchedAt;
  values[base + 1] = stored.complete ? 1 : 0;
  VARIABLES.forEach((name, i) => {
    values[base + 2 + i] = stored.day[name] ?? NaN;
  });
}

/** The dates of [start, end] grouped by calendar year. */
export function datesByYear(start: IsoDate, end: IsoDate): Map<number, IsoDate[]> {
  const out = new Map<number, IsoDate[]>();
  for (let d = toEpochDay(start); d <= toEpochDay(end); d++) {
    const date = fromEpochDay(d);
    const year = Number(date.slice(0, 4));
    let list = out.get(year);
    if (!list) out.set(year, (list = []));
    list.push(date);
  }
  return out;
}
