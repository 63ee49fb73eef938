/**
 * Crop-model weather files for a place and a date range: the same daily weather the observation
 * endpoints serve (the observation service), the elevation the source names or else the
 * elevation grid's, and the whole calendar years the annual temperature statistics come from
 * (`exports/climate-period.ts`); the writing itself is pure (`src/exports/`).
 */
import type { DateSpan, SpanNames } from '../core/date-spans.js';
import { addDays, daysBetween, type IsoDate } from '../core/dates.js';
import { climatePeriod } from '../exports/climate-period.js';
import type { ExportFormat, ExportOptions } from '../exports/export-formats.js';
import type { WeatherFileInput } from '../exports/weather-file.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import type { DailyWeather, DateRange } from '../weather/weather-source.js';
import { checkDatesWithin, observationWindow } from './date-windows.js';
import type { ObservationService } from './observation-service.js';
import type { WeatherLocation } from './weather-service.js';

/** Days asked of the weather source at a time when progress is reported. */
const PROGRESS_CHUNK_DAYS = 31;

export interface WeatherExport {
  /** The file's text. */
  text: string;
  fileName: string;
  /** Sources of the numbers, in order of first use (for `X-Data-Source`). */
  sources: string[];
  input: WeatherFileInput;
}

export interface WeatherExportOptions extends ExportOptions {
  onProgress?: (fraction: number) => void;
  /** How the range's ends are named in a refusal (the path's by default; the command line's options). */
  spanNames?: SpanNames;
}

export interface WeatherExportService {
  /**
   * The file of `format` for the place's dates `span`: those of the observation endpoints
   * (yesterday or earlier, at most 30 months back; 400 otherwise).
   */
  export(place: { location: WeatherLocation; today: IsoDate }, span: DateSpan, format: ExportFormat, options?: WeatherExportOptions): Promise<WeatherExport>;
}

export function createWeatherExportService(deps: { observations: ObservationService; elevation: ElevationModel }): WeatherExportService {
  const { observations, elevation } = deps;
  return {
    async export({ location, today }, span, format, options = {}) {
      const window = observationWindow(today);
      checkDatesWithin(span, window, options.spanNames);
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
      return { text: format.write(input, options), fileName: format.fileName(input, options), sources, input };
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
