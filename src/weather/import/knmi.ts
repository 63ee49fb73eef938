/**
 * KNMI daily station data (`etmgeg_<stn>.txt`, "daggegevens"): a free-text header, a column line
 * `# STN,YYYYMMDD,DDVEC,…` and comma-separated rows with right-aligned numbers; a blank field is
 * missing.
 *
 * Mapping (the `knmi` columns of DAILY_VARIABLES; KNMI anemometers stand at 10 m, so wind needs
 * no height correction):
 *   TX, TN (0.1 °C)        → tmax, tmin
 *   RH (0.1 mm; -1 = <0.05 mm) → precipitation (-1 becomes 0 mm: a trace below the resolution)
 *   Q (J/cm²)              → solar (× 10⁴ / 3600 Wh/m²)
 *   UX, UN, UG (%)         → rhMax, rhMin, rhMean
 *   FHX (0.1 m/s, highest hourly mean speed) → windDayMax
 *   FG (0.1 m/s, mean of the day's 24 hourly means) → windAverage
 *   windMorningMax → null: the daily file has no hourly speeds (FHXH only says in which UT hour
 *   the day's maximum fell), and a morning maximum cannot be derived from it.
 * Station coordinates come from a `STN LON(east) LAT(north) ALT(m) NAME` header block when the
 * file has one (newer downloads); otherwise pass them with the `station` option.
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
import { toInternalUnit } from './weather-units.js';

const COLUMN_LINE = /^\s*#?\s*STN\s*,\s*YYYYMMDD\s*,/i;
const STATION_TABLE_HEAD = /^\s*#?\s*STN\s+LON\(east\)\s+LAT\(north\)/i;
const STATION_TABLE_ROW = /^\s*#?\s*(\d+):?\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(.*?)\s*$/;

export const knmiFormat: StationFileFormat = {
  name: 'knmi',
  description: 'KNMI daily station data (etmgeg_<station>.txt)',

  detect(firstLines) {
    return firstLines.some((line) => COLUMN_LINE.test(line) || /KONINKLIJK NEDERLANDS METEOROLOGISCH INSTITUUT/i.test(line));
  },

  parse(text: string, options?: StationParseOptions): ParsedStationFile {
    const lines = splitLines(text);
    const context = new StationFileParseContext(options, lines.length);
    const variableColumns = options?.variables === undefined ? DEFAULT_COLUMNS : formatColumns(options.variables, 'knmi');
    let columns: string[] | undefined;
    let fromHeader: Omit<StationInfo, 'id'> & { id?: string } = {};
    let stationId: string | undefined;

    for (let index = 0; index < lines.length; index++) {
      const lineNumber = index + 1;
      const line = lines[index]!;
      context.progress(lineNumber);
      if (columns === undefined) {
        if (STATION_TABLE_HEAD.test(line)) {
          const match = STATION_TABLE_ROW.exec(lines[index + 1] ?? '');
          if (match) {
            fromHeader = {
              id: match[1]!,
              longitude: Number(match[2]),
              latitude: Number(match[3]),
              elevation: Number(match[4]),
              ...(match[5] ? { name: match[5] } : {}),
            };
          }
        } else if (COLUMN_LINE.test(line)) {
          columns = line.replace(/^\s*#/, '').split(',').map((name) => name.trim().toUpperCase());
        }
        continue;
      }
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      const header = columns;
      context.row(lineNumber, () => {
        const fields = line.split(',');
        if (fields.length !== header.length) throw new BadRow(`expected ${header.length} fields, found ${fields.length}`);
        const row = new Map(header.map((name, i) => [name, fields[i]!.trim()]));
        const stn = row.get('STN')!;
        if (!/^\d+$/.test(stn)) throw new BadRow(`STN: '${stn}' is not a station number`);
        if (stationId === undefined) stationId = stn;
        else if (stn !== stationId) throw new BadRow(`STN ${stn} differs from the file's station ${stationId}`);
        return knmiDay(row, variableColumns);
      });
    }
    if (columns === undefined) return context.fail(lines.length, 'no column line "# STN,YYYYMMDD,..." found');

    const station = mergeStation({ ...fromHeader, id: fromHeader.id ?? stationId ?? 'unknown' }, options?.station);
    return context.finish(station, options?.dataset ?? defaultDataset('knmi', station.id));
  },
};

/** The columns of DAILY_VARIABLES' `knmi` entries. */
const DEFAULT_COLUMNS = formatColumns(DAILY_VARIABLES, 'knmi');

function knmiDay(row: Map<string, string>, columns: readonly FormatColumn[]): DailyWeather {
  const dateText = row.get('YYYYMMDD')!;
  if (!/^\d{8}$/.test(dateText)) throw new BadRow(`YYYYMMDD: '${dateText}' is not a date`);
  const day = emptyDay(`${dateText.slice(0, 4)}-${dateText.slice(4, 6)}-${dateText.slice(6, 8)}`);
  for (const { name, unit, column, columnUnit } of columns) {
    const text = row.get(column);
    if (text === undefined || text === '') continue;
    const raw = requireNumber(text, column);
    // Amounts: -1 is a trace below the resolution (< 0.05 mm), counted as 0.
    const value = unit === 'mm' && raw === -1 ? 0 : toInternalUnit(unit, columnUnit, raw);
    day[name] = checkRange(value, PLAUSIBLE[unit], column);
  }
  return day;
}
