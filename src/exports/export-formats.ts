/**
 * The crop-model weather file formats an export can be written in (pure): their names in paths
 * and on the command line, and how each writes its text and names its file.
 */
import { apsimFileName, apsimMetFile } from './apsim-met-file.js';
import { dssatFileName, type DssatDateStyle, dssatWeatherFile } from './dssat-weather-file.js';
import type { WeatherFileInput } from './weather-file.js';

export type ExportFormatName = 'dssat' | 'apsim';

export interface ExportOptions {
  /** DSSAT only: YYDDD (default) or YYYYDDD dates. */
  dateStyle?: DssatDateStyle;
  /** DSSAT only: the 4-character station code (INSI) in the file and its name (default `AGWX`). */
  insi?: string;
}

export interface ExportFormat {
  name: ExportFormatName;
  description: string;
  write(input: WeatherFileInput, options: ExportOptions): string;
  fileName(input: WeatherFileInput, options: ExportOptions): string;
}

export const EXPORT_FORMATS: Record<ExportFormatName, ExportFormat> = {
  dssat: {
    name: 'dssat',
    description: 'DSSAT weather file (.WTH)',
    write: (input, options) => dssatWeatherFile(input, { dateStyle: options.dateStyle, insi: options.insi }),
    fileName: (input, options) => dssatFileName(input, { insi: options.insi }),
  },
  apsim: {
    name: 'apsim',
    description: 'APSIM weather file (.met)',
    write: (input) => apsimMetFile(input),
    fileName: (input) => apsimFileName(input),
  },
};

/** Names accepted for each format: its own and its file extension. */
const ALIASES: Record<string, ExportFormatName> = { dssat: 'dssat', wth: 'dssat', apsim: 'apsim', met: 'apsim' };

export const EXPORT_FORMAT_NAMES = Object.keys(ALIASES);

/** The format a name (case-insensitive) stands for, or undefined. */
export function exportFormat(name: string): ExportFormat | undefined {
  const key = ALIASES[name.toLowerCase()];
  return key === undefined ? undefined : EXPORT_FORMATS[key];
}

export const DSSAT_DATE_STYLES: readonly DssatDateStyle[] = ['yyddd', 'yyyyddd'];
