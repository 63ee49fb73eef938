/**
 * The 5-arc-minute global grid: 4320 columns × 2160 rows. Row 0 is the band just south of 90° N,
 * column 0 the band just east of 180° W. Every location snaps to the cell that contains it.
 */
import type { GridCell } from './weather-source.js';

export const CELLS_PER_DEGREE = 12;
export const GRID_COLUMNS = 360 * CELLS_PER_DEGREE;
export const GRID_ROWS = 180 * CELLS_PER_DEGREE;

export function cellAt(latitude: number, longitude: number): GridCell {
  const row = Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((90 - latitude) * CELLS_PER_DEGREE)));
  const lon = ((((longitude + 180) % 360) + 360) % 360);
  const col = Math.min(GRID_COLUMNS - 1, Math.floor(lon * CELLS_PER_DEGREE));
  return cellByIndex(row, col);
}

export function cellByIndex(row: number, col: number): GridCell {
  return {
    id: row * GRID_COLUMNS + col,
    row,
    col,
    latitude: 90 - (row + 0.5) / CELLS_PER_DEGREE,
    longitude: -180 + (col + 0.5) / CELLS_PER_DEGREE,
  };
}

export function cellById(id: number): GridCell {
  return cellByIndex(Math.floor(id / GRID_COLUMNS), id % GRID_COLUMNS);
}
