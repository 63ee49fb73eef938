/**
 * Reads the compact climatology file into typed arrays. Call it once and pass the result on (the
 * synthetic source does this in its factory); nothing is kept at module level.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeClimatology, type ClimatologyGrid } from './climatology-format.js';

/** `data/climatology/cru-cl-1.0-land.bin.gz` at the project root (from `src/` and from `dist/`). */
export function defaultClimatologyPath(): string {
  return fileURLToPath(new URL('../../../data/climatology/cru-cl-1.0-land.bin.gz', import.meta.url));
}

export function loadClimatology(path: string = defaultClimatologyPath()): ClimatologyGrid {
  return decodeClimatology(readFileSync(path));
}
