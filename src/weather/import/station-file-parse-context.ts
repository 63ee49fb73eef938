/**
 * Bookkeeping shared by the station file formats: malformed rows (throw or skip), progress
 * reports, duplicate dates and the final date order.
 */
import { isIsoDate, type IsoDate } from '../../core/dates.js';
import { dailyVariableEntries, type DailyVariableName, type DailyVariableTable, type InternalUnit } from '../daily-variables.js';
import { isColumnUnit, type ColumnUnit } from './weather-units.js';
import { type DailyWeather, emptyDailyWeather } from '../weather-source.js';
import { StationFileError, type ParsedStationFile, type SkippedRow, type StationInfo, type StationParseOptions } from './station-file-format.js';

/** Thrown inside a row parser to reject that row; the context turns it into an error or a skip. */
export class BadRow extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'BadRow';
  }
}

const PROGRESS_STEPS = 200;

export class StationFileParseContext {
  readonly fileName: string;
  private readonly skipBad: boolean;
  private readonly onProgress: ((fraction: number) => void) | undefined;
  private readonly skipped: SkippedRow[] = [];
  private readonly days = new Map<IsoDate, DailyWeather>();
  private lastStep = -1;

  /** `total`: the file's size in the unit `progress` is told in (lines, or bytes); 0 reports none but the end. */
  constructor(
    options: StationParseOptions | undefined,
    private readonly total: number,
  ) {
    this.fileName = options?.fileName ?? '<input>';
    this.skipBad = options?.skipBad ?? false;
    this.onProgress = options?.onProgress;
  }

  /** A problem with the file as a whole (header, missing columns): always an error. */
  fail(line: number, reason: string): never {
    throw new StationFileError(this.fileName, line, reason);
  }

  /** A malformed row: an error, or a skipped row when `skipBad` is set. */
  bad(line: number, reason: string): void {
    if (!this.skipBad) throw new StationFileError(this.fileName, line, reason);
    this.skipped.push({ line, reason });
  }

  /** Runs `parseRow`; a thrown `BadRow` becomes `bad(line, reason)`. */
  row(line: number, parseRow: () => DailyWeather | undefined): void {
    let day: DailyWeather | undefined;
    try {
      day = parseRow();
    } catch (error) {
      if (error instanceof BadRow) return this.bad(line, error.reason);
      throw error;
    }
    if (day === undefined) return;
    if (!isIsoDate(day.date)) return this.bad(line, `invalid date ${day.date}`);
    if (this.days.has(day.date)) return this.bad(line, `duplicate date ${day.date}`);
    this.days.set(day.date, day);
  }

  /** Reports progress after `done` (e.g. line `done`, 1-based) of `total`. */
  progress(done: number): void {
    if (!this.onProgress || this.total <= 0) return;
    const step = Math.floor((Math.min(done, this.total) / this.total) * PROGRESS_STEPS);
    if (step > this.lastStep && step < PROGRESS_STEPS) {
      this.lastStep = step;
      this.onProgress(step / PROGRESS_STEPS);
    }
  }

  finish(station: StationInfo, dataset: string): ParsedStationFile {
    this.onProgress?.(1);
    const days = [...this.days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { station, dataset, days, skipped: [...this.skipped].sort((a, b) => a.line - b.line) };
  }
}

/** Splits text into lines (LF, CRLF or CR), keeping 1-based numbering by index + 1. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Metadata from the file, completed and overridden by the caller's `station` option. */
export function mergeStation(fromFile: StationInfo, override: Partial<StationInfo> | undefined): StationInfo {
  const merged: StationInfo = { ...fromFile };
  if (override) {
    for (const [key, value] of Object.entries(override)) {
      if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/** `import:<format>-<station id>` with the id lower-cased and reduced to [a-z0-9._-]. */
export function defaultDataset(format: string, stationId: string): string {
  const id = stationId.toLowerCase().replace(/[^a-z0-9._-]+/g, '_');
  return `import:${format}-${id}`;
}

/** A number or a BadRow naming the column. */
export function requireNumber(text: string, column: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) throw new BadRow(`${column}: '${trimmed}' is not a number`);
  return Number(trimmed);
}

/** Plausibility limits of daily values, by internal unit; a value outside is a malformed row. */
export const PLAUSIBLE = {
  '°C': [-90, 65],
  mm: [0, 2000],
  'Wh/m²': [0, 13000],
  '%': [0, 100],
  'm/s': [0, 120],
  /** Up to the vapour pressure of a dew point of 65 °C, the highest temperature above. */
  kPa: [0, 25.1],
} as const satisfies Readonly<Record<InternalUnit, readonly [number, number]>>;

export function checkRange(value: number | null, limits: readonly [number, number], column: string): number | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || value < limits[0] || value > limits[1]) {
    throw new BadRow(`${column}: ${value} is outside ${limits[0]}..${limits[1]}`);
  }
  return value;
}

export const emptyDay = emptyDailyWeather;

/** A column of a fixed-layout station format that gives a daily variable, in the format's unit. */
export interface FormatColumn {
  readonly name: DailyVariableName;
  /** The variable's internal unit. */
  readonly unit: InternalUnit;
  readonly column: string;
  readonly columnUnit: ColumnUnit;
}

/** The columns of `format` that give the variables of `table` (their `stationFiles` entries), in table order. */
export function formatColumns(table: DailyVariableTable, format: 'dssat' | 'knmi'): FormatColumn[] {
  return dailyVariableEntries(table).flatMap(([name, { unit, stationFiles }]) => {
    const column = stationFiles[format];
    if (column === undefined) return [];
    if (!isColumnUnit(unit, column.unit)) throw new Error(`daily variable '${name}': ${format} unit '${column.unit}' is not one of ${unit}'s`);
    return [{ name, unit, column: column.column, columnUnit: column.unit }];
  });
}
