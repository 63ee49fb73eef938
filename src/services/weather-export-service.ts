/**
 * Crop-model weather files for a place and a date range: the same daily weather the observation
 * endpoints serve (the observation service), the elevation the source names or else the
 * elevation grid's, and the whole calendar years the annual temperature statistics come from
 * (`exports/climate-period.ts`); the writing itself is pure (`src/exports/`).
 */
import type { DateSpan, SpanNames } from '../core/date-spans.js';
import { addDays, daysBetween, type IsoDate } from '../core/dates.js';
import { invalidParameterValue } from '../core/errors.js';
import { climatePeriod } from '../exports/climate-period.js';
import type { DssatDateStyle } from '../exports/dssat-weather-file.js';
import { DSSAT_DATE_STYLES, EXPORT_FORMAT_NAMES, type ExportFormat, exportFormat, type ExportOptions } from '../exports/export-formats.js';
import type { WeatherFileInput } from '../exports/weather-file.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import type { DailyWeather, DateRange } from '../weather/weather-source.js';
import { checkDatesWithin, weatherFileWindow } from './date-windows.js';
import type { ObservationService } from './observation-service.js';
import type { WeatherLocation } from './weather-location.js';

export { DSSAT_DATE_STYLES, EXPORT_FORMAT_NAMES } from '../exports/export-formats.js';

/** Days asked of the weather source at a time when progress is reported. */
const PROGRESS_CHUNK_DAYS = 31;

export interface WeatherExport {
  /** The file's text. */
  text: string;
  fileName: string;
  /** Sources of the numbers, in order of first use (for `X-Data-Source`). */
  sources: string[];
  input: WeatherFileInput;
  format: ExportFormat;
}

/** The file asked for, as the request writes it. */
export interface WeatherFileRequest {
  /** `dssat` (or `wth`), `apsim` (or `met`), any case. */
  format: string;
  /** DSSAT only: `yyddd` (default) or `yyyyddd`. */
  dateFormat?: string;
  /** DSSAT only: the station code, 4 letters or digits (default `AGWX`). */
  insi?: string;
}

/** How the request's parameters are named in refusals: the path's and query's by default, or the command line's options. */
export interface WeatherFileParameterNames {
  span?: SpanNames;
  dateFormat?: string;
  insi?: string;
}

export interface WeatherExportOptions {
  onProgress?: (fraction: number) => void;
  names?: WeatherFileParameterNames;
}

export interface WeatherExportService {
  /**
   * The file for the place's dates `span`: those of the observation endpoints (yesterday or
   * earlier, from 1900-01-01 on, at most 50 years in one file). 400 naming the parameter for an unknown format, date style
   * or station code, or dates outside the window.
   */
  export(place: { location: WeatherLocation; today: IsoDate }, span: DateSpan, file: WeatherFileRequest, options?: WeatherExportOptions): Promise<WeatherExport>;
}

/** The format a name stands for (400 naming `format` otherwise). */
export function exportFormatNamed(text: string): ExportFormat {
  const format = exportFormat(text);
  if (!format) throw invalidParameterValue('format', `format must be one of ${EXPORT_FORMAT_NAMES.join(', ')} (got '${text}').`);
  return format;
}

/** The format's options from the request's text (400 naming the parameter). */
export function exportOptionsOf(file: WeatherFileRequest, names: WeatherFileParameterNames = {}): ExportOptions {
  let dateStyle: DssatDateStyle | undefined;
  if (file.dateFormat !== undefined) {
    const name = names.dateFormat ?? 'dateFormat';
    dateStyle = DSSAT_DATE_STYLES.find((style) => style === file.dateFormat!.toLowerCase());
    if (!dateStyle) throw invalidParameterValue(name, `${name} must be ${DSSAT_DATE_STYLES.join(' or ')} (got '${file.dateFormat}').`);
  }
  let insi: string | undefined;
  if (file.insi !== undefined) {
    const name = names.insi ?? 'insi';
    if (!/^[A-Za-z0-9]{4}$/.test(file.insi)) throw invalidParameterValue(name, `${name} must be 4 letters or digits, such as IAAM (got '${file.insi}').`);
    insi = file.insi.toUpperCase();
  }
  return { dateStyle, insi };
}

export function createWeatherExportService(deps: { observations: ObservationService; elevation: ElevationModel }): WeatherExportService {
  const { observations, elevation } = deps;
  return {
    async export({ location, today }, span, file, options = {}) {
      const format = exportFormatNamed(file.format);
      const exportOptions = exportOptionsOf(file, options.names);
      const window = weatherFileWindow(today);
      checkDatesWithin(span, window, options.names?.span);
      const range: DateRange = { start: span.start, end: span.end };
      const climate = climatePeriod(range, { start: window.earliest, end: window.latest });
      const climateInside = climate !== null && climate.start >= range.start && climate.end <= range.end;
      const totalDays = daysBetween(range.start, range.end) + 1 + (climate && !climateInside ? daysBetween(climate.start, climate.end) + 1 : 0);
      const sources: string[] = [];
      let sourceElevation: number | null = null;
      let done = 0;
      const onProgress = options.onProgress;

      /** The days of `wanted`; `ofRange`: the export's own dates, whose source's elevation the file names. */
      async function fetch(wanted: DateRange, ofRange: boolean): Promise<DailyWeather[]> {
        const days: DailyWeather[] = [];
        for (const piece of onProgress ? chunks(wanted, PROGRESS_CHUNK_DAYS) : [wanted]) {
          const result = await observations.daily(location, piece);
          sources.push(result.source);
          if (ofRange) sourceElevation ??= result.elevation;
          days.push(...result.days);
          done += result.days.length;
          onProgress?.(done / totalDays);
        }
        return days;
      }

      onProgress?.(0);
      const days = await fetch(range, true);
      let climateDays: DailyWeather[] = [];
      if (climate && climateInside) climateDays = days.filter((day) => day.date >= climate.start && day.date <= climate.end);
      else if (climate) climateDays = await fetch(climate, false);
      const { cell } = location;
      const input: WeatherFileInput = {
        latitude: location.latitude,
        longitude: location.longitude,
        // As the agronomic values do (`agronomicPlace`): the source's elevation, else the grid's at the cell.
        elevation: sourceElevation ?? elevation.elevationAt(cell.latitude, cell.longitude),
        source: [...new Set(sources)].join(','),
        days,
        climateDays,
        fieldId: location.fieldId,
      };
      return { text: format.write(input, exportOptions), fileName: format.fileName(input, exportOptions), sources, input, format };
    },
  };
}

/** The range cut into consecutive pieces of at most `size` days. */
export function chunks(range: DateRange, size: number): DateRange[] {
  const pieces: DateRange[] = [];
  for (let start: IsoDate = range.start; start <= range.end; start = addDays(start, size)) {
    const end = addDays(start, size - 1);
    pieces.push({ start, end: end < range.end ? end : range.end });
  }
  return pieces;
}
