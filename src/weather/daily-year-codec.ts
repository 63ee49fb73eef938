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
import { compileDayLiteral, DAILY_VARIABLES, dailyVariableEntries, type DailyVariableName, type DailyVariableTable } from './daily-variables.js';
import type { DailyWeather } from './weather-source.js';

const SLOTS = 366;
/** fetchedAt and complete come before the variables. */
const HEADER = 2;
/** Values per slot of the first layout (no vapourPressure, rhMean). */
const LEGACY_WIDTH = 11;

export interface StoredDay {
  day: DailyWeather;
  complete: boolean;
  fetchedAt: number;
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

/** The stored layout of one table of daily variables, and reading and writing by it. */
export interface DailyYearCodec {
  emptyYear(): Float64Array;
  /**
   * The values of a stored year; they may share memory with `bytes` (a year of the current layout
   * read in place): decode a copy of bytes that must stay as they are.
   */
  decodeYear(bytes: Uint8Array | null): Float64Array;
  /** The bytes of slots [first, last] of a row in the current layout (rows of older layouts are read whole). */
  slotsPart(first: number, last: number): RowPart;
  /**
   * The slots a stored row's bytes hold: those of the part read (`offset`, where the bytes begin in
   * the row: see `slotsPart`), or every slot of a whole row of any layout. Shares memory with
   * `bytes` as `decodeYear` does.
   */
  decodeSlots(bytes: Uint8Array, offset: number | undefined): YearSlots;
  readSlot(values: Float64Array, date: IsoDate): StoredDay | undefined;
  /** As `readSlot`, of decoded slots; the date's slot must be among them. */
  readYearSlot(slots: YearSlots, date: IsoDate): StoredDay | undefined;
  writeSlot(values: Float64Array, stored: StoredDay): void;
  /**
   * Copies the stored days `dayIndex`… (0-based days of the year, among the slots read) into `into`
   * from position `at`, one series per variable (NaN where a value is missing), `count` days,
   * without a day object each. Answers false, leaving `into` partly written, when one of the days
   * was never stored.
   */
  readSlotsInto(slots: YearSlots, dayIndex: number, count: number, into: Record<DailyVariableName, Float64Array>, at: number): boolean;
}

export function encodeYear(values: Float64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/**
 * The bytes as float64 values: read in place when they are 8-byte aligned (both drivers give a
 * row's bytes in memory of their own), else from a copy.
 */
function float64sOf(bytes: Uint8Array): Float64Array {
  return bytes.byteOffset % 8 === 0 ? new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8) : new Float64Array(new Uint8Array(bytes).buffer);
}

const valueAt = (values: Float64Array, index: number): number | null => {
  const value = values[index]!;
  return value === value ? value : null; // NaN → null
};

/** The variables of `table` in slot order, each with its index within a stored day. */
function storedLayout(table: DailyVariableTable): { name: DailyVariableName; offset: number }[] {
  const layout = dailyVariableEntries(table)
    .map(([name, variable]) => ({ name, offset: HEADER + variable.slot }))
    .sort((a, b) => a.offset - b.offset);
  layout.forEach(({ name, offset }, i) => {
    if (offset !== HEADER + i) throw new Error(`daily variable '${name}' has slot ${offset - HEADER}; slots must run from 0 without gaps or repeats`);
  });
  return layout;
}

/** The codec of the stored years of the variables of `table` (their `slot`s). */
export function createDailyYearCodec(table: DailyVariableTable): DailyYearCodec {
  const stored = storedLayout(table);
  const width = HEADER + stored.length;

  const emptyYear = () => new Float64Array(SLOTS * width).fill(NaN);

  /** A year written with `narrowWidth` values per slot in the current layout, the newer values missing. */
  const widenYear = (narrow: Float64Array, narrowWidth: number): Float64Array => {
    const values = emptyYear();
    for (let slot = 0; slot < SLOTS; slot++) values.set(narrow.subarray(slot * narrowWidth, (slot + 1) * narrowWidth), slot * width);
    return values;
  };

  const decodeYear = (bytes: Uint8Array | null): Float64Array => {
    const rowWidth = bytes ? bytes.length / (SLOTS * 8) : 0;
    if (!bytes || !Number.isInteger(rowWidth) || rowWidth < LEGACY_WIDTH || rowWidth > width) return emptyYear();
    const values = float64sOf(bytes);
    return rowWidth === width ? values : widenYear(values, rowWidth);
  };

  /** The day of a slot as one object literal with every variable written out (see compileDayLiteral). */
  const readDay = compileDayLiteral<(values: Float64Array, base: number, date: IsoDate) => DailyWeather>(
    stored.map(({ name }) => name),
    ['values', 'base', 'date'],
    (_, k) => `valueAt(values, base + ${stored[k]!.offset})`,
    { valueAt },
  );

  /** The stored day whose slot begins at `base`; undefined when the slot is empty. */
  const storedDayAt = (values: Float64Array, base: number, date: IsoDate): StoredDay | undefined => {
    const fetchedAt = values[base]!;
    if (Number.isNaN(fetchedAt)) return undefined;
    return { day: readDay(values, base, date), complete: values[base + 1] === 1, fetchedAt };
  };

  return {
    emptyYear,
    decodeYear,
    slotsPart(first, last) {
      return { rowBytes: SLOTS * width * 8, from: first * width * 8, length: (last - first + 1) * width * 8 };
    },
    decodeSlots(bytes, offset) {
      if (offset === undefined) return { first: 0, count: SLOTS, values: decodeYear(bytes) };
      const first = offset / (width * 8);
      const count = bytes.length / (width * 8);
      if (!Number.isInteger(first) || !Number.isInteger(count) || first + count > SLOTS) throw new Error(`a stored year part of ${bytes.length} bytes at ${offset} is not whole slots`);
      return { first, count, values: float64sOf(bytes) };
    },
    readSlot(values, date) {
      return storedDayAt(values, (dayOfYear(date) - 1) * width, date);
    },
    readYearSlot(slots, date) {
      const index = dayOfYear(date) - 1 - slots.first;
      if (index < 0 || index >= slots.count) throw new Error(`day ${date} is not among the slots read`);
      return storedDayAt(slots.values, index * width, date);
    },
    writeSlot(values, { day, complete, fetchedAt }) {
      const base = (dayOfYear(day.date) - 1) * width;
      values[base] = fetchedAt;
      values[base + 1] = complete ? 1 : 0;
      for (const { name, offset } of stored) values[base + offset] = day[name] ?? NaN;
    },
    readSlotsInto(slots, dayIndex, count, into, at) {
      const { values } = slots;
      const index = dayIndex - slots.first;
      if (index < 0 || index + count > slots.count) throw new Error(`days ${dayIndex + 1}…${dayIndex + count} of the year are not among the slots read`);
      for (let i = 0; i < count; i++) {
        if (Number.isNaN(values[(index + i) * width]!)) return false;
      }
      for (const { name, offset } of stored) {
        const series = into[name];
        for (let i = 0; i < count; i++) series[at + i] = values[(index + i) * width + offset]!;
      }
      return true;
    },
  };
}

/** The codec of DAILY_VARIABLES: the stored years of the application. */
export const DAILY_YEAR_CODEC: DailyYearCodec = createDailyYearCodec(DAILY_VARIABLES);

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
