/**
 * The station file formats this build knows, in detection order (the most specific first: a
 * generic CSV would also match NASA POWER's CSV rows). Adding a format: write `<name>.ts`
 * implementing `StationFileFormat` and list it here.
 */
import { csvFormat } from './csv.js';
import { dssatFormat } from './dssat.js';
import { knmiFormat } from './knmi.js';
import { nasaPowerCsvFormat } from './nasa-power-csv.js';
import { nasaPowerJsonFormat } from './nasa-power-json.js';
import type { StationFileFormat } from './station-file-format.js';

export const STATION_FILE_FORMATS: readonly StationFileFormat[] = [knmiFormat, dssatFormat, nasaPowerCsvFormat, nasaPowerJsonFormat, csvFormat];

/** Lines handed to `detect`. */
export const DETECT_LINES = 60;

export function stationFileFormatByName(name: string): StationFileFormat {
  const format = STATION_FILE_FORMATS.find((candidate) => candidate.name === name);
  if (!format) throw new Error(`unknown station file format '${name}'; known: ${STATION_FILE_FORMATS.map((f) => f.name).join(', ')}`);
  return format;
}

/** The first format whose `detect` accepts the start of `text`, or undefined. */
export function detectStationFileFormat(text: string): StationFileFormat | undefined {
  const firstLines = text.split(/\r\n|\r|\n/, DETECT_LINES);
  return STATION_FILE_FORMATS.find((format) => format.detect(firstLines));
}
