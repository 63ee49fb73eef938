/**
 * Generic delimited text (CSV, semicolon or tab separated): one row per day, one header row
 * naming the columns. A column mapping says which column holds the date and each variable, and
 * in which unit; without one, columns named like the internal variables are used (see
 * `guessCsvColumns`). Lines starting with `#` are comments, blank lines are skipped.
 *
 * Fields are read by csv-parse (RFC 4180: double quotes enclose a field, which may then hold the
 * delimiter, a line break or `""` for a quote; a quote inside an unquoted field is kept as it is),
 * one record at a time as it parses: each row becomes its day at once and no list of records is
 * built.
 */
import { type CsvError, parse as parseDelimited } from 'csv-parse/sync';
import { isIsoDate, addDays } from '../../core/dates.js';
import { DAILY_VARIABLES, dailyVariableEntries, type DailyVariableName, type DailyVariableTable, type InternalUnit } from '../daily-variables.js';
import type { DailyWeather } from '../weather-source.js';
import type { ParsedStationFile, StationFileFormat, StationParseOptions } from './station-file-format.js';
import {
  BadRow,
  checkRange,
  defaultDataset,
  emptyDay,
  mergeStation,
  PLAUSIBLE,
  requireNumber,
  StationFileParseContext,
} from './station-file-parse-context.js';
import { shownHumidityRange, vapourPressureFromDewPoint } from '../../agronomy/humidity.js';
import { MIN_WIND_HEIGHT_M, windSpeedAt10m } from '../../agronomy/wind-profile.js';
import { COLUMN_UNITS, isColumnUnit, toInternalUnit, type ColumnUnit, type TemperatureUnit, type WindUnit } from './weather-units.js';

export type CsvDateFormat = 'auto' | 'YYYY-MM-DD' | 'YYYYMMDD' | 'YYYY/MM/DD' | 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'DD.MM.YYYY' | 'YYYYDDD';

/** A column by header name (case-insensitive) or by 0-based index. */
export type CsvColumnRef = string | number;

export interface CsvColumn<Unit extends string> {
  column: CsvColumnRef;
  unit?: Unit;
}

export interface CsvWindColumn extends CsvColumn<WindUnit> {
  /** Anemometer height in metres (default: the `windHeight` option, else 10). */
  height?: number;
}

type Table = typeof DAILY_VARIABLES;
type UnitOf<Name extends DailyVariableName> = Table[Name]['unit'];

/**
 * Which column holds the date and each variable, and in which unit (one of `COLUMN_UNITS` of the
 * variable's internal unit, weather-units.ts). Besides the variables of DAILY_VARIABLES:
 * - `rhMean`, the daily mean humidity, is kept, and shown as both rhMax and rhMin when those are
 *   not mapped or missing;
 * - `dewPoint`, the daily dew point, is kept as the vapour pressure ea = e°(Tdew) (FAO-56 eq. 14)
 *   that reference ET uses, and gives the rhMax/rhMin shown (agronomy/humidity.ts
 *   `shownHumidityRange`) when those are missing.
 */
export type CsvColumnMapping = {
  date: { column: CsvColumnRef; format?: CsvDateFormat };
  dewPoint?: CsvColumn<TemperatureUnit>;
} & { [Name in DailyVariableName]?: UnitOf<Name> extends 'm/s' ? CsvWindColumn : CsvColumn<ColumnUnit<UnitOf<Name>>> };

export interface CsvParseOptions extends StationParseOptions {
  /** Default: guessed from the header names. */
  columns?: CsvColumnMapping;
  /** Default: the most frequent of `,` `;` tab in the header row. */
  delimiter?: string;
  /** Field values meaning "missing" (trimmed, case-insensitive; numeric markers also match -99.0 etc.). */
  missing?: readonly string[];
  /** Default anemometer height in metres for wind columns. Default 10. */
  windHeight?: number;
}

export const DEFAULT_MISSING_MARKERS: readonly string[] = ['', 'NA', 'N/A', 'NaN', 'null', '-', '-99', '-999', '-9999'];

/** A variable a column may give: those of the table, then the dew point. */
interface MappedVariable {
  readonly name: string;
  /** The internal unit its value is read into (a dew point: °C, kept as its vapour pressure). */
  readonly unit: InternalUnit;
  /** Header names (lower case) guessed for its column. */
  readonly aliases: readonly string[];
}

/** The dew point column (not a variable: kept as the vapour pressure e°(Tdew)). */
const DEW_POINT: MappedVariable = { name: 'dewPoint', unit: '°C', aliases: ['dewpoint', 'dew_point', 'tdew', 'dewp'] };

/** Header names (lower case) guessed for the date column. */
const DATE_ALIASES: readonly string[] = ['date', 'day', 'yyyymmdd'];

/** Every variable a column may give, from the table: its own name and the table's CSV names guess its header. */
function mappedVariables(table: DailyVariableTable): readonly MappedVariable[] {
  return [
    ...dailyVariableEntries(table).map(([name, { unit, stationFiles }]) => ({ name, unit, aliases: [name.toLowerCase(), ...stationFiles.csv] })),
    DEW_POINT,
  ];
}

const DEFAULT_VARIABLES = mappedVariables(DAILY_VARIABLES);

/** Maps every header that carries a variable's name (or one of its CSV names) in internal units. */
export function guessCsvColumns(headers: readonly string[], table: DailyVariableTable = DAILY_VARIABLES): CsvColumnMapping {
  const normalized = headers.map((header) => header.trim().toLowerCase());
  const find = (aliases: readonly string[]): number | undefined => {
    for (const alias of aliases) {
      const index = normalized.indexOf(alias);
      if (index >= 0) return index;
    }
    return undefined;
  };
  const dateIndex = find(DATE_ALIASES);
  if (dateIndex === undefined) throw new Error(`no date column among ${headers.join(', ')}; pass a column mapping`);
  const mapping: CsvColumnMapping = { date: { column: dateIndex } };
  for (const variable of table === DAILY_VARIABLES ? DEFAULT_VARIABLES : mappedVariables(table)) {
    const index = find(variable.aliases);
    if (index !== undefined) (mapping as unknown as Record<string, unknown>)[variable.name] = { column: index };
  }
  return mapping;
}

/**
 * Reads a mapping written as text, as a command line would take it:
 * `date=Date:DD/MM/YYYY,tmax=TX:0.1C,precipitation=RH:0.1mm,windAverage=FF:m/s@2`
 * (`variable=column[:unit][@height]`; a column may be a 0-based index).
 */
export function parseCsvColumnSpec(spec: string): CsvColumnMapping {
  const entries = spec.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const mapping: Partial<CsvColumnMapping> = {};
  for (const entry of entries) {
    const match = /^(\w+)=([^:@]+)(?::([^@]+))?(?:@([\d.]+))?$/.exec(entry);
    if (!match) throw new Error(`column mapping '${entry}' is not variable=column[:unit][@height]`);
    const [, variable, columnText, unit, height] = match as unknown as [string, string, string, string | undefined, string | undefined];
    const column: CsvColumnRef = /^\d+$/.test(columnText) ? Number(columnText) : columnText;
    if (variable === 'date') {
      mapping.date = unit ? { column, format: unit as CsvDateFormat } : { column };
      continue;
    }
    if (!DEFAULT_VARIABLES.some(({ name }) => name === variable)) {
      throw new Error(`unknown variable '${variable}' in column mapping; known: date, ${DEFAULT_VARIABLES.map(({ name }) => name).join(', ')}`);
    }
    const entryValue: { column: CsvColumnRef; unit?: string; height?: number } = { column };
    if (unit) entryValue.unit = unit;
    if (height) entryValue.height = Number(height);
    (mapping as Record<string, unknown>)[variable] = entryValue;
  }
  if (!mapping.date) throw new Error('column mapping has no date column');
  return mapping as CsvColumnMapping;
}

function chooseDelimiter(headerLine: string): string {
  let best = ',';
  let bestCount = -1;
  for (const candidate of [',', ';', '\t']) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

export function parseCsvDate(text: string, format: CsvDateFormat): string {
  const t = text.trim();
  let m: RegExpExecArray | null;
  let iso: string | undefined;
  const pad = (n: string) => n.padStart(2, '0');
  switch (format) {
    case 'auto':
      for (const candidate of ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYYMMDD'] as const) {
        try {
          return parseCsvDate(t, candidate);
        } catch {
          /* next */
        }
      }
      break;
    case 'YYYY-MM-DD':
      if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t))) iso = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
      break;
    case 'YYYY/MM/DD':
      if ((m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(t))) iso = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
      break;
    case 'YYYYMMDD':
      if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(t))) iso = `${m[1]}-${m[2]}-${m[3]}`;
      break;
    case 'DD/MM/YYYY':
      if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) iso = `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
      break;
    case 'MM/DD/YYYY':
      if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) iso = `${m[3]}-${pad(m[1]!)}-${pad(m[2]!)}`;
      break;
    case 'DD.MM.YYYY':
      if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t))) iso = `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
      break;
    case 'YYYYDDD':
      if ((m = /^(\d{4})(\d{3})$/.exec(t))) {
        const doy = Number(m[2]);
        const candidate = addDays(`${m[1]}-01-01`, doy - 1);
        if (doy >= 1 && candidate.startsWith(m[1]!)) iso = candidate;
      }
      break;
  }
  if (iso === undefined || !isIsoDate(iso)) throw new BadRow(`date: '${t}' is not a ${format === 'auto' ? 'YYYY-MM-DD' : format} date`);
  return iso;
}

export const csvFormat: StationFileFormat<CsvParseOptions> = {
  name: 'csv',
  description: 'Delimited text with a header row and a column mapping',

  detect(firstLines) {
    const header = firstLines.find(isRowLine);
    if (header === undefined) return false;
    let names: string[];
    try {
      names = (parseDelimited(header, { delimiter: chooseDelimiter(header), relax_quotes: true, ltrim: true, to: 1 }) as string[][])[0] ?? [];
    } catch {
      return false;
    }
    return names.length >= 2 && names.some((name) => DATE_ALIASES.includes(name.trim().toLowerCase()));
  },

  parse(text: string, options?: CsvParseOptions): ParsedStationFile {
    // Line numbers count LF, CRLF and CR alike (a file may mix them); csv-parse then splits at LF.
    const input = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
    // Progress is told by the bytes read.
    const context = new StationFileParseContext(options, options?.onProgress ? Buffer.byteLength(input) : 0);
    const header = firstRowLine(input);
    if (header === undefined) return context.fail(1, 'no header row');
    const delimiter = options?.delimiter ?? chooseDelimiter(header.text);
    const markers = options?.missing ?? DEFAULT_MISSING_MARKERS;
    const isMissing = missingMatcher(markers);
    let headers: string[] | undefined;
    let resolved: ResolvedMapping | undefined;
    /** The last line of the last record read. */
    let lastLine = 0;

    const readHeader = (fields: string[], line: number) => {
      headers = fields.map((name) => name.trim());
      let mapping: CsvColumnMapping;
      try {
        mapping = options?.columns ?? guessCsvColumns(headers, options?.variables);
      } catch (error) {
        return context.fail(line, error instanceof Error ? error.message : String(error));
      }
      const variables = options?.variables === undefined ? DEFAULT_VARIABLES : mappedVariables(options.variables);
      resolved = resolveMapping(mapping, headers, variables, options?.windHeight ?? 10, (reason) => context.fail(line, reason));
    };

    parseDelimited(input, {
      delimiter,
      record_delimiter: '\n',
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      ltrim: true,
      skip_records_with_error: true,
      // A record that cannot be read (an unclosed quote runs to the end of the file): a bad row
      // from the line it starts on; the header's is the file's failure.
      on_skip: (error: CsvError | undefined) => {
        const unclosed = error?.code === 'CSV_QUOTE_NOT_CLOSED';
        const line = unclosed ? (firstRowLine(input, lastLine)?.line ?? lastLine + 1) : Number(error?.lines ?? lastLine + 1);
        const reason = unclosed ? 'unterminated quoted field' : (error?.message ?? 'malformed row');
        if (!headers) context.fail(line, reason);
        context.bad(line, reason);
      },
      on_record: (fields, info) => {
        lastLine = info.lines;
        // A field holding line breaks makes its record start that many lines before it ends.
        let line = info.lines;
        for (const field of fields) if (field.includes('\n')) line -= field.split('\n').length - 1;
        if (isBlankRecord(fields, delimiter)) return null;
        if (!headers) {
          readHeader(fields, line);
          return null;
        }
        context.progress(info.bytes);
        const mapping = resolved!;
        context.row(line, () => {
          if (fields.length < mapping.minFields) throw new BadRow(`expected ${headers!.length} fields, found ${fields.length}`);
          return csvDay(fields, mapping, isMissing);
        });
        return null; // kept as a day, not as a record
      },
    });

    const fallbackId = (options?.fileName ?? 'csv').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'csv';
    const station = mergeStation({ id: fallbackId }, options?.station);
    return context.finish(station, options?.dataset ?? defaultDataset('csv', station.id));
  },
};

/** A line that is a row (the header or a day): not blank and not a `#` comment (spaces may come before the `#`). */
function isRowLine(line: string): boolean {
  const text = line.trimStart();
  return text !== '' && !text.startsWith('#');
}

/**
 * A blank line read as a record (the fields' leading spaces are trimmed): one empty field, or only
 * empty fields between whitespace delimiters (tabs); `,,,` is a row with every value missing.
 */
function isBlankRecord(fields: readonly string[], delimiter: string): boolean {
  if (fields[0] !== '') return false;
  if (fields.length > 1 && delimiter.trim() !== '') return false;
  return fields.every((field) => field === '');
}

/** The first row line after line `after` of text whose lines end with LF, and its number (1-based). */
function firstRowLine(text: string, after = 0): { text: string; line: number } | undefined {
  let line = 1;
  for (let start = 0; start < text.length; line++) {
    const end = text.indexOf('\n', start);
    const lineText = text.slice(start, end < 0 ? text.length : end);
    if (line > after && isRowLine(lineText)) return { text: lineText, line };
    if (end < 0) break;
    start = end + 1;
  }
  return undefined;
}

interface ResolvedColumn {
  variable: MappedVariable;
  index: number;
  name: string;
  unit: ColumnUnit;
  height: number;
}

interface ResolvedMapping {
  dateIndex: number;
  dateName: string;
  dateFormat: CsvDateFormat;
  columns: ResolvedColumn[];
  minFields: number;
}

function resolveMapping(
  mapping: CsvColumnMapping,
  headers: string[],
  variables: readonly MappedVariable[],
  windHeight: number,
  fail: (reason: string) => never,
): ResolvedMapping {
  const lower = headers.map((header) => header.toLowerCase());
  const indexOf = (ref: CsvColumnRef, what: string): number => {
    if (typeof ref === 'number') {
      if (!Number.isInteger(ref) || ref < 0 || ref >= headers.length) fail(`${what}: column index ${ref} is outside 0..${headers.length - 1}`);
      return ref;
    }
    const index = lower.indexOf(ref.trim().toLowerCase());
    if (index < 0) fail(`${what}: no column named '${ref}' (columns: ${headers.join(', ')})`);
    return index;
  };
  const dateIndex = indexOf(mapping.date.column, 'date');
  const columns: ResolvedColumn[] = [];
  for (const variable of variables) {
    const column = (mapping as Record<string, unknown>)[variable.name] as (CsvColumn<string> & { height?: number }) | undefined;
    if (!column) continue;
    const accepted = COLUMN_UNITS[variable.unit];
    const unit = column.unit ?? accepted[0];
    if (!isColumnUnit(variable.unit, unit)) fail(`${variable.name}: unknown unit '${unit}'; accepted: ${accepted.join(', ')}`);
    const height = column.height ?? windHeight;
    if (variable.unit === 'm/s' && !(height >= MIN_WIND_HEIGHT_M)) fail(`${variable.name}: wind height ${height} m is below ${MIN_WIND_HEIGHT_M} m`);
    const index = indexOf(column.column, variable.name);
    columns.push({ variable, index, name: headers[index]!, unit, height });
  }
  const minFields = Math.max(dateIndex, ...columns.map((column) => column.index)) + 1;
  return { dateIndex, dateName: headers[dateIndex]!, dateFormat: mapping.date.format ?? 'auto', columns, minFields };
}

function missingMatcher(markers: readonly string[]): (text: string) => boolean {
  const texts = new Set(markers.map((marker) => marker.trim().toLowerCase()));
  const numbers = new Set(markers.map((marker) => marker.trim()).filter((marker) => marker !== '' && Number.isFinite(Number(marker))).map(Number));
  return (text) => {
    const t = text.trim();
    if (texts.has(t.toLowerCase())) return true;
    return numbers.size > 0 && t !== '' && numbers.has(Number(t));
  };
}

function convert(column: ResolvedColumn, raw: number): number {
  const { unit } = column.variable;
  const value = toInternalUnit(unit, column.unit, raw);
  return checkRange(unit === 'm/s' ? windSpeedAt10m(value, column.height) : value, PLAUSIBLE[unit], column.name)!;
}

function csvDay(fields: string[], mapping: ResolvedMapping, isMissing: (text: string) => boolean): DailyWeather {
  const dateText = fields[mapping.dateIndex]!;
  if (isMissing(dateText)) throw new BadRow(`${mapping.dateName}: date is missing`);
  const day = emptyDay(parseCsvDate(dateText, mapping.dateFormat));
  let dewPoint: number | null = null;
  for (const column of mapping.columns) {
    const text = fields[column.index]!;
    const value = isMissing(text) ? null : convert(column, requireNumber(text, column.name));
    if (column.variable === DEW_POINT) dewPoint = value;
    else day[column.variable.name as DailyVariableName] = value;
  }
  if (dewPoint !== null) day.vapourPressure = vapourPressureFromDewPoint(dewPoint);
  const shown = shownHumidityRange(day);
  if (shown !== null) ({ rhMax: day.rhMax, rhMin: day.rhMin } = shown);
  return day;
}
