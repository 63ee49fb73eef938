/**
 * The contract every station file format implements (one file per format in this folder; the
 * list of known formats is `station-file-formats.ts`). A format turns the text of a file into
 * daily weather in the internal units of `weather-source.ts`.
 */
import type { DailyVariableTable } from '../daily-variables.js';
import type { DailyWeather } from '../weather-source.js';

export interface StationInfo {
  id: string;
  name?: string;
  latitude?: number;
  longitude?: number;
  /** Metres above sea level. */
  elevation?: number;
}

export interface SkippedRow {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

export interface ParsedStationFile {
  station: StationInfo;
  /** Provenance written with every imported value, e.g. `import:knmi-260`. */
  dataset: string;
  /** In date order, one entry per date found in the file. */
  days: DailyWeather[];
  /** Rows left out because `skipBad` was set; empty otherwise. */
  skipped: SkippedRow[];
}

export interface StationParseOptions {
  /** Name used in error messages (`file:line`). Default `<input>`. */
  fileName?: string;
  /** List malformed rows in `skipped` and go on instead of failing on the first one. */
  skipBad?: boolean;
  /** Called with the fraction of lines read (0–1), a few hundred times at most and once with 1. */
  onProgress?: (fraction: number) => void;
  /** Station metadata that completes or overrides what the file's header says. */
  station?: Partial<StationInfo>;
  /** Provenance to use instead of the format's default `import:<format>-<station id>`. */
  dataset?: string;
  /** The daily variables read (their `stationFiles` columns and units, their `nasaPower` parameters). Default DAILY_VARIABLES. */
  variables?: DailyVariableTable;
}

export interface StationFileFormat<Options extends StationParseOptions = StationParseOptions> {
  /** Short name used on the command line (`csv`, `dssat`, `knmi`, …). */
  readonly name: string;
  readonly description: string;
  /** True when the first lines of a file (up to 60) look like this format. */
  detect(firstLines: readonly string[]): boolean;
  /** Parses a whole file. Throws `StationFileError` for the first malformed row unless `skipBad`. */
  parse(text: string, options?: Options): ParsedStationFile;
}

/** A file that cannot be read as its format; `file:line: reason`. */
export class StationFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'StationFileError';
  }
}
