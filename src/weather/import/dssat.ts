/**
 * DSSAT weather files (`.WTH`, ICASA): a `*WEATHER DATA : …` title, `!` comments, a station
 * block `@ INSI LAT LONG ELEV TAV AMP REFHT WNDHT` with one line of values, then a column line
 * `@DATE SRAD TMAX TMIN RAIN …` and fixed-width daily rows (each value right-aligned under the
 * end of its column name; a blank field or -99 is missing).
 *
 * Dates: YYDDD (two-digit year: 00–49 → 20YY, 50–99 → 19YY unless `twoDigitYearPivot` says
 * otherwise) or YYYYDDD.
 * Mapping (the `dssat` columns of DAILY_VARIABLES): SRAD MJ/m²/day → solar Wh/m²; TMAX, TMIN
 * °C; RAIN mm; WIND km/day (daily run) → windAverage m/s, brought from WNDHT to 10 m with the
 * FAO-56 logarithmic profile (WNDHT missing: 2 m, the standard agrometeorological height;
 * override with `windHeight`); RHUM (daily mean) → rhMean. DEWP → vapourPressure = e°(DEWP).
 * rhMax and rhMin are shown from the dew point (100·e°(DEWP)/e°(TMIN), 100·e°(DEWP)/e°(TMAX),
 * capped at 100), else as RHUM (agronomy/humidity.ts `shownHumidityRange`). windDayMax and
 * windMorningMax are not in the format: null.
 */
import { DAILY_VARIABLES } from '../daily-variables.js';
import type { DailyWeather } from '../weather-source.js';
import type { ParsedStationFile, StationFileFormat, StationInfo, StationParseOptions } from './station-file-format.js';
import {
  BadRow,
  checkRange,
  defaultDataset,
  emptyDay,
  mergeStation,
  PLAUSIBLE,
  requireNumber,
  splitLines,
  StationFileParseContext,
  formatColumns,
  type FormatColumn,
} from './station-file-parse-context.js';
import { shownHumidityRange, vapourPressureFromDewPoint } from '../../agronomy/humidity.js';
import { windSpeedAt10m } from '../../agronomy/wind-profile.js';
import { toInternalUnit } from './weather-units.js';
import { addDays } from '../../core/dates.js';

export interface DssatParseOptions extends StationParseOptions {
  /** Anemometer height in metres when the file's WNDHT is missing (default 2) or to override it. */
  windHeight?: number;
  /** Two-digit years below this are 20YY, the others 19YY. Default 50. */
  twoDigitYearPivot?: number;
}

export const DEFAULT_DSSAT_WIND_HEIGHT_M = 2;

interface Column {
  name: string;
  start: number;
  end: number;
}

export const dssatFormat: StationFileFormat<DssatParseOptions> = {
  name: 'dssat',
  description: 'DSSAT/ICASA daily weather file (.WTH)',

  detect(firstLines) {
    return (
      firstLines.some((line) => /^[*$]WEATHER/i.test(line)) ||
      (firstLines.some((line) => /^@\s*INSI\b/i.test(line)) && firstLines.some((line) => /^@\s*(YR)?DATE\b/i.test(line)))
    );
  },

  parse(text: string, options?: DssatParseOptions): ParsedStationFile {
    const lines = splitLines(text);
    const context = new StationFileParseContext(options, lines.length);
    const pivot = options?.twoDigitYearPivot ?? 50;
    const variableColumns = options?.variables === undefined ? DEFAULT_COLUMNS : formatColumns(options.variables, 'dssat');
    let title: string | undefined;
    let header: Map<string, string> | undefined;
    let columns: Column[] | undefined;
    let windHeight = options?.windHeight;

    for (let index = 0; index < lines.length; index++) {
      const lineNumber = index + 1;
      const line = lines[index]!;
      context.progress(lineNumber);
      if (line.trim() === '' || line.startsWith('!')) continue;
      const titleMatch = /^[*$]WEATHER(?: DATA)?\s*:?\s*(.*)$/i.exec(line);
      if (titleMatch) {
        title = titleMatch[1]!.trim() || undefined;
        continue;
      }
      if (line.startsWith('@')) {
        const names = line.slice(1).trim().split(/\s+/).map((name) => name.toUpperCase());
        if (names[0] === 'DATE' || names[0] === 'YRDOY') {
          columns = fixedWidthColumns(line);
        } else if (names.includes('INSI') || names.includes('LAT')) {
          const valuesLine = lines[index + 1] ?? '';
          const values = valuesLine.trim().split(/\s+/);
          if (values.length < names.length) context.fail(lineNumber + 1, `station line has ${values.length} values for ${names.length} columns`);
          header = new Map(names.map((name, i) => [name, values[i]!]));
          index++;
          columns = undefined;
        } else {
          columns = undefined; // another table (e.g. monthly averages): not daily rows
        }
        continue;
      }
      if (columns === undefined) continue;
      const tableColumns = columns;
      context.row(lineNumber, () => {
        const row = readRow(line, tableColumns);
        if (windHeight === undefined) windHeight = headerWindHeight(header);
        return dssatDay(row, pivot, windHeight, variableColumns);
      });
    }
    if (header === undefined) return context.fail(lines.length, 'no station line "@ INSI LAT LONG ELEV ..." found');

    const stationHeader = header;
    const number = (name: string): number | undefined => {
      const text = stationHeader.get(name);
      if (text === undefined) return undefined;
      const value = Number(text);
      return Number.isFinite(value) && value !== -99 && value !== -99.9 ? value : undefined;
    };
    const insi = stationHeader.get('INSI') ?? 'unknown';
    const fromFile: StationInfo = { id: insi };
    if (title && title.toUpperCase() !== insi.toUpperCase()) fromFile.name = title;
    const latitude = number('LAT');
    const longitude = number('LONG');
    const elevation = number('ELEV');
    if (latitude !== undefined) fromFile.latitude = latitude;
    if (longitude !== undefined) fromFile.longitude = longitude;
    if (elevation !== undefined) fromFile.elevation = elevation;
    const station = mergeStation(fromFile, options?.station);
    return context.finish(station, options?.dataset ?? defaultDataset('dssat', station.id));
  },
};

function headerWindHeight(header: Map<string, string> | undefined): number {
  const value = Number(header?.get('WNDHT'));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_DSSAT_WIND_HEIGHT_M;
}

/** Each column ends where its right-aligned name ends and starts where the previous one ended. */
function fixedWidthColumns(line: string): Column[] {
  const columns: Column[] = [];
  const pattern = /\S+/g;
  let previousEnd = 0;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    const name = match[0].replace(/^@/, '').toUpperCase();
    if (name === '') continue;
    const end = match.index + match[0].length;
    columns.push({ name, start: previousEnd, end });
    previousEnd = end;
  }
  return columns;
}

function readRow(line: string, columns: Column[]): Map<string, string> {
  const tokens = line.trim().split(/\s+/);
  if (tokens.length === columns.length) return new Map(columns.map((column, i) => [column.name, tokens[i]!]));
  const row = new Map<string, string>();
  for (const [i, column] of columns.entries()) {
    const end = i === columns.length - 1 ? Math.max(column.end, line.length) : column.end;
    const field = line.slice(column.start, end).trim();
    if (/\s/.test(field)) throw new BadRow(`${column.name}: '${field}' does not line up with the column header`);
    row.set(column.name, field);
  }
  return row;
}

function dssatDate(text: string, pivot: number): string {
  let year: number;
  let doy: number;
  if (/^\d{5}$/.test(text)) {
    const yy = Number(text.slice(0, 2));
    year = yy < pivot ? 2000 + yy : 1900 + yy;
    doy = Number(text.slice(2));
  } else if (/^\d{7}$/.test(text)) {
    year = Number(text.slice(0, 4));
    doy = Number(text.slice(4));
  } else {
    throw new BadRow(`DATE: '${text}' is not YYDDD or YYYYDDD`);
  }
  const daysInYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
  if (doy < 1 || doy > daysInYear) throw new BadRow(`DATE: day ${doy} does not exist in ${year}`);
  return addDays(`${String(year).padStart(4, '0')}-01-01`, doy - 1);
}

/** The columns of DAILY_VARIABLES' `dssat` entries. */
const DEFAULT_COLUMNS = formatColumns(DAILY_VARIABLES, 'dssat');

function dssatDay(row: Map<string, string>, pivot: number, windHeight: number, columns: readonly FormatColumn[]): DailyWeather {
  const day = emptyDay(dssatDate(row.get('DATE') ?? row.get('YRDOY') ?? '', pivot));
  const value = (name: string): number | null => {
    const text = row.get(name);
    if (text === undefined || text === '') return null;
    const number = requireNumber(text, name);
    return number <= -99 ? null : number;
  };
  for (const { name, unit, column, columnUnit } of columns) {
    const raw = value(column);
    if (raw === null) continue;
    const converted = toInternalUnit(unit, columnUnit, raw);
    day[name] = checkRange(unit === 'm/s' ? windSpeedAt10m(converted, windHeight) : converted, PLAUSIBLE[unit], column);
  }
  const dewPoint = checkRange(value('DEWP'), PLAUSIBLE['°C'], 'DEWP');
  if (dewPoint !== null) day.vapourPressure = vapourPressureFromDewPoint(dewPoint);
  const shown = shownHumidityRange(day);
  if (shown !== null) ({ rhMax: day.rhMax, rhMin: day.rhMin } = shown);
  return day;
}
