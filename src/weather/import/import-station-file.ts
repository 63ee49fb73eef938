/**
 * Imports a station file into the store: parse (format named or detected), place it on the grid
 * cell of the file's coordinates (or the ones given), write every day as a complete day of the
 * file's dataset, and the station's elevation (the file's, or the one given) with it, for the air
 * pressure of reference ET. Re-importing the same file writes the same bytes: nothing changes.
 */
import { cellAt } from '../grid.js';
import type { WeatherCache } from '../weather-cache.js';
import type { GridCell } from '../weather-source.js';
import { parseCsvColumnSpec } from './csv.js';
import type { SkippedRow } from './station-file-format.js';
import { detectStationFileFormat, stationFileFormatByName, STATION_FILE_FORMATS } from './station-file-formats.js';

export interface ImportRequest {
  text: string;
  fileName: string;
  /** Format name; detected from the first lines when absent. */
  format?: string;
  latitude?: number;
  longitude?: number;
  elevation?: number;
  /** Provenance name instead of the format's default (`import:` is prefixed when missing). */
  dataset?: string;
  skipBad?: boolean;
  /** CSV column mapping, e.g. `date=Datum,tmax=TX:F`. */
  columns?: string;
  onProgress?: (fraction: number) => void;
}

export interface ImportResult {
  dataset: string;
  format: string;
  cell: GridCell;
  /** The station elevation stored with the data, m; null when neither the file nor the caller gave one. */
  elevation: number | null;
  days: number;
  firstDate: string | null;
  lastDate: string | null;
  skipped: SkippedRow[];
}

/** Imported days are final and carry no fetch time, so a re-import writes identical rows. */
const IMPORTED_AT = 0;
const WRITE_BATCH_DAYS = 3660;

export async function importStationFile(request: ImportRequest, cache: WeatherCache): Promise<ImportResult> {
  const format = request.format ? stationFileFormatByName(request.format) : detectStationFileFormat(request.text);
  if (!format) {
    throw new Error(
      `${request.fileName}: the format could not be recognised; name it with --format (${STATION_FILE_FORMATS.map((f) => f.name).join(', ')})`,
    );
  }
  const station = {
    ...(request.latitude !== undefined ? { latitude: request.latitude } : {}),
    ...(request.longitude !== undefined ? { longitude: request.longitude } : {}),
    ...(request.elevation !== undefined ? { elevation: request.elevation } : {}),
  };
  const dataset = request.dataset ? (request.dataset.startsWith('import:') ? request.dataset : `import:${request.dataset}`) : undefined;
  const parsed = format.parse(request.text, {
    fileName: request.fileName,
    skipBad: request.skipBad,
    onProgress: request.onProgress,
    station,
    ...(dataset ? { dataset } : {}),
    ...(request.columns ? { columns: parseCsvColumnSpec(request.columns) } : {}),
  } as Parameters<typeof format.parse>[1]);
  const { latitude, longitude } = parsed.station;
  if (latitude === undefined || longitude === undefined) {
    throw new Error(`${request.fileName}: the file gives no coordinates; pass --lat and --lon`);
  }
  if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) {
    throw new Error(`${request.fileName}: coordinates ${latitude}, ${longitude} are outside -90..90, -180..180`);
  }
  const cell = cellAt(latitude, longitude);
  const { elevation } = parsed.station;
  if (elevation !== undefined) {
    if (!(Number.isFinite(elevation) && elevation >= -500 && elevation <= 9000)) {
      throw new Error(`${request.fileName}: elevation ${elevation} m is outside -500..9000`);
    }
    await cache.writeElevation(cell.id, parsed.dataset, elevation);
  }
  for (let i = 0; i < parsed.days.length; i += WRITE_BATCH_DAYS) {
    await cache.writeDaily(cell.id, parsed.dataset, parsed.days.slice(i, i + WRITE_BATCH_DAYS), true, IMPORTED_AT);
  }
  return {
    dataset: parsed.dataset,
    format: format.name,
    cell,
    elevation: elevation ?? null,
    days: parsed.days.length,
    firstDate: parsed.days[0]?.date ?? null,
    lastDate: parsed.days.at(-1)?.date ?? null,
    skipped: parsed.skipped,
  };
}
