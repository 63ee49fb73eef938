/**
 * The elevation of any place on land from the global grid shipped in `data/elevation/`
 * (ETOPO5, 10 arc-minutes, built by `scripts/build-elevation.ts`; see DATA-SOURCES.md and
 * docs/weather.md). Used for places whose weather source names no elevation: the synthetic
 * source, and any place without a station or provider elevation.
 *
 * File format (gzip): the 8 ASCII bytes `AGWXDEM1`, then uint16 LE columns and rows, then
 * columns × rows int16 LE metres, row 0 the northernmost band (90° N down), column 0 starting at
 * 180° W, each value the mean land elevation of its cell (0 where the cell is sea). Delta-coded
 * along each row (each value stored as the difference to the one before it), which gzip packs
 * far better.
 *
 * Read once per app and passed on (nothing is kept at module level).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export interface ElevationModel {
  /** Metres above sea level at the point (0 at sea); latitude −90..90, longitude −180..180. */
  elevationAt(latitude: number, longitude: number): number;
}

export const ELEVATION_GRID_MAGIC = 'AGWXDEM1';

export interface ElevationGrid extends ElevationModel {
  readonly columns: number;
  readonly rows: number;
  /** Row-major metres, north first, from 180° W. */
  readonly values: Int16Array;
}

/** `data/elevation/etopo5-10min.bin.gz` at the project root (from `src/` and from `dist/`). */
export function defaultElevationGridPath(): string {
  return fileURLToPath(new URL('../../../data/elevation/etopo5-10min.bin.gz', import.meta.url));
}

/** Packs a grid into the file format above (gzip level 9). */
export function encodeElevationGrid(columns: number, rows: number, values: Int16Array, gzip: (bytes: Uint8Array) => Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + columns * rows * 2);
  out.set(new TextEncoder().encode(ELEVATION_GRID_MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint16(8, columns, true);
  view.setUint16(10, rows, true);
  for (let r = 0; r < rows; r++) {
    let previous = 0;
    for (let c = 0; c < columns; c++) {
      const value = values[r * columns + c]!;
      view.setInt16(12 + (r * columns + c) * 2, value - previous, true);
      previous = value;
    }
  }
  return gzip(out);
}

export function decodeElevationGrid(compressed: Uint8Array): ElevationGrid {
  const bytes = gunzipSync(compressed);
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== ELEVATION_GRID_MAGIC) throw new Error('not an agwx elevation grid');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const columns = view.getUint16(8, true);
  const rows = view.getUint16(10, true);
  if (bytes.length !== 12 + columns * rows * 2) throw new Error('elevation grid: truncated');
  // Copy into an aligned buffer; the stored values are little-endian, as on every platform Node runs on.
  const values = new Int16Array(columns * rows);
  new Uint8Array(values.buffer).set(bytes.subarray(12));
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    for (let i = 0; i < values.length; i++) values[i] = view.getInt16(12 + i * 2, true);
  }
  for (let r = 0; r < rows; r++) {
    let value = 0;
    for (let i = r * columns, end = i + columns; i < end; i++) {
      value += values[i]!;
      values[i] = value;
    }
  }
  const rowsPerDegree = rows / 180;
  const columnsPerDegree = columns / 360;
  return {
    columns,
    rows,
    values,
    elevationAt(latitude, longitude) {
      const row = Math.min(rows - 1, Math.max(0, Math.floor((90 - latitude) * rowsPerDegree)));
      const wrapped = ((((longitude + 180) % 360) + 360) % 360) * columnsPerDegree;
      const column = Math.min(columns - 1, Math.floor(wrapped));
      return values[row * columns + column]!;
    },
  };
}

export function loadElevationGrid(path: string = defaultElevationGridPath()): ElevationGrid {
  return decodeElevationGrid(readFileSync(path));
}

/** An elevation model that reads the grid file on first use (once per app). */
export function lazyElevationGrid(path?: string): ElevationModel {
  let grid: ElevationGrid | undefined;
  return {
    elevationAt(latitude, longitude) {
      grid ??= loadElevationGrid(path);
      return grid.elevationAt(latitude, longitude);
    },
  };
}
