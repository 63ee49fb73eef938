/**
 * Packs the days of one year of one (dataset, cell) into bytes: 366 slots of float64 values
 * [fetchedAt, complete, then each variable of DAILY_VARIABLES at its `slot`]. Today that is 13
 * values: [fetchedAt, complete, tmax, tmin, precipitation, solar, rhMax, rhMin, windDayMax,
 * windMorningMax, windAverage, vapourPressure, rhMean]. A slot whose fetchedAt is NaN is empty; a
 * missing value is NaN. Float64 keeps imported values exact.
 *
 * Rows written before a variable was added are narrower (the first layout had 11 values, without
 * vapourPressure and rhMean); they decode with the newer variables missing, and are written back
 * in the current layout.
 */
import { dayOfYear, fromEpochDay, toEpochDay, type IsoDate } from '../core/dates.js';
import type { RowPart } from '../store/weather-repository.js';
import { DAILY_VARIABLE_NAMES, DAILY_VARIABLES, type DailyVariableName } from './daily-variables.js';
import type { DailyWeather } from './weather-source.js';

const SLOTS = 366;
/** fetchedAt and complete come before the variables. */
const HEADER = 2;
/** Values per slot of the first layout (no vapourPressure, rhMean). */
const LEGACY_WIDTH = 11;

/** The variables in slot order, each with its index within a stored day. */
const STORED: readonly { readonly name: DailyVariableName; readonly offset: number }[] = storedLayout();
const WIDTH = HEADER + STORED.length;

function storedLayout(): { name: DailyVariableName; offset: number }[] {
  const layout = DAILY_VARIABLE_NAMES.map((name) => ({ name, offset: HEADER + DAILY_VARIABLES[name].slot })).sort((a, b) => a.offset - b.offset);
  layout.forEach(({ name, offset }, i) => {
    if (offset !== HEADER + i) throw new Error(`daily variable '${name}' has slot ${offset - HEADER}; slots must run from 0 without gaps or repeats`);
  });
  return layout;
}

export interface StoredDay {
  day: DailyWeather;
  complete: boolean;
  fetchedAt: number;
}

export function emptyYear(): Float64Array {
  return new Float64Array(SLOTS * WIDTH).fill(NaN);
}

/**
 * The values of a stored year; they may share memory with `bytes` (a year of the current layout
 * read in place): decode a copy of bytes that must stay as they are.
 */
export function decodeYear(bytes: Uint8Array | null): Float64Array {
  const width = bytes ? bytes.length / (SLOTS * 8) : 0;
  if (!bytes || !Number.isInteger(width) || width < LEGACY_WIDTH || width > WIDTH) return emptyYear();
  const values = float64sOf(bytes);
  return width === WIDTH ? values : widenYear(values, width);
}

/**
 * The bytes as float64 values: read in place when they are 8-byte aligned (both drivers give a
 * row's bytes in memory of their own), else from a copy.
 */
function float64sOf(bytes: Uint8Array): Float64Array {
  return bytes.byteOffset % 8 === 0 ? new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8) : new Float64Array(new Uint8Array(bytes).buffer);
}

/** A year written with `width` values per slot in the current layout, the newer values missing. */
function widenYear(narrow: Float64Array, width: number): Float64Array {
  const values = emptyYear();
  for (let slot = 0; slot < SLOTS; slot++) {
    values.set(narrow.subarray(slot * width, (slot + 1) * width), slot * WIDTH);
  }
  return values;
}

/** The last slot of a year (31 December of a leap year). */
export const LAST_SLOT = SLOTS - 1;

/** The slots [first, first + count) of a year (0-based days of the year), decoded. */
export interface YearSlots {
  first: number;
  count: number;
  /** `count` slots in the current layout. */
  values: Float64Array;
}

/** The bytes of slots [first, last] of a row in the current layout (rows of older layouts are read whole). */
export function slotsPart(first: number, last: number): RowPart {
  return { rowBytes: SLOTS * WIDTH * 8, from: first * WIDTH * 8, length: (last - first + 1) * WIDTH * 8 };
}

/**
 * The slots a stored row's bytes hold: those of the part read (`offset`, where the bytes begin in
 * the row: see `slotsPart`), or every slot of a whole row of any layout. Shares memory with
 * `bytes` as `decodeYear` does.
 */
export function decodeSlots(bytes: Uint8Array, offset: number | undefined): YearSlots {
  if (offset === undefined) return { first: 0, count: SLOTS, values: decodeYear(bytes) };
  const first = offset / (WIDTH * 8);
  const count = bytes.length / (WIDTH * 8);
  if (!Number.isInteger(first) || !Number.isInteger(count) || first + count > SLOTS) throw new Error(`a stored year part of ${bytes.length} bytes at ${offset} is not whole slots`);
  return { first, count, values: float64sOf(bytes) };
}

export function encodeYear(values: Float64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

const valueAt = (values: Float64Array, index: number): number | null => {
  const value = values[index]!;
  return value === value ? value : null; // NaN → null
};

/**
 * The day of a slot as one object literal with every variable written out, compiled once from
 * the table: this runs for every stored day that is read, and a loop over the variables (keyed
 * stores) is several times slower. The names are the table's keys, checked to be identifiers.
 */
const readDay = compileDayReader();

function compileDayReader(): (values: Float64Array, base: number, date: IsoDate) => DailyWeather {
  const properties = STORED.map(({ name, offset }) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`daily variable '${name}' is not an identifier`);
    return `${name}: valueAt(values, base + ${offset})`;
  });
  const factory = new Function('valueAt', `return (values, base, date) => ({ date, ${properties.join(', ')} });`) as (
    read: typeof valueAt,
  ) => (values: Float64Array, base: number, date: IsoDate) => DailyWeather;
  return factory(valueAt);
}

export function readSlot(values: Float64Array, date: IsoDate): StoredDay | undefined {
  return storedDayAt(values, (dayOfYear(date) - 1) * WIDTH, date);
}

/** As `readSlot`, of decoded slots; the date's slot must be among them. */
export function readYearSlot(slots: YearSlots, date: IsoDate): StoredDay | undefined {
  const index = dayOfYear(date) - 1 - slots.first;
  if (index < 0 || index >= slots.count) throw new Error(`day ${date} is not among the slots read`);
  return storedDayAt(slots.values, index * WIDTH, date);
}

/** The stored day whose slot begins at `base`; undefined when the slot is empty. */
function storedDayAt(values: Float64Array, base: number, date: IsoDate): StoredDay | undefined {
  const fetchedAt = values[base]!;
  if (Number.isNaN(fetchedAt)) return undefined;
  return { day: readDay(values, base, date), complete: values[base + 1] === 1, fetchedAt };
}

export function writeSlot(values: Float64Array, stored: StoredDay): void {
  const base = (dayOfYear(stored.day.date) - 1) * WIDTH;
  values[base] = stored.fetchedAt;
  values[base + 1] = stored.complete ? 1 : 0;
  for (const { name, offset } of STORED) values[base + offset] = stored.day[name] ?? NaN;
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

/**
 * Copies the stored days `dayIndex`… (0-based days of the year, among the slots read) into `into`
 * from position `at`, one series per variable (NaN where a value is missing), `count` days,
 * without a day object each. Answers false, leaving `into` partly written, when one of the days
 * was never stored.
 */
export function readSlotsInto(slots: YearSlots, dayIndex: number, count: number, into: Record<DailyVariableName, Float64Array>, at: number): boolean {
  const { values } = slots;
  const index = dayIndex - slots.first;
  if (index < 0 || index + count > slots.count) throw new Error(`days ${dayIndex + 1}…${dayIndex + count} of the year are not among the slots read`);
  for (let i = 0; i < count; i++) {
    if (Number.isNaN(values[(index + i) * WIDTH]!)) return false;
  }
  for (const { name, offset } of STORED) {
    const series = into[name];
    for (let i = 0; i < count; i++) series[at + i] = values[(index + i) * WIDTH + offset]!;
  }
  return true;
}
