/**
 * Per-key map access limits as the operator writes them (`agwx keys limit`): layer codes
 * (`base,radar`, or `all`) and regions (`west,south,east,north` boxes separated by `;`, or
 * `world`). The limits are stored on the key and checked with `checkMapAccess` on every image.
 */
import { MAP_LAYER_CODES } from '../maps/index.js';
import type { KeyMapAccess, MapRegion } from '../store/key-repository.js';

/** Layer codes a key may use; `all` (or nothing) lifts the limit (null). */
export function parseLayerLimit(text: string): string[] | null {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'all') return null;
  const codes = trimmed.split(',').map((code) => code.trim());
  if (codes.some((code) => code === '')) throw new Error(`layers must be comma-separated layer codes or 'all', not '${text}'`);
  const unknown = codes.filter((code) => !MAP_LAYER_CODES.includes(code));
  if (unknown.length > 0) throw new Error(`unknown layer code${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known codes: ${MAP_LAYER_CODES.join(', ')}`);
  return [...new Set(codes)];
}

/** Boxes `west,south,east,north;…` in degrees; `world` lifts the limit (null). */
export function parseRegionLimit(text: string): MapRegion[] | null {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'world') return null;
  const boxes = trimmed.split(';').map((box) => box.trim()).filter((box) => box !== '');
  if (boxes.length === 0) throw new Error(`regions must be west,south,east,north boxes separated by ';', or 'world'`);
  return boxes.map((box) => {
    const numbers = box.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
    if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) {
      throw new Error(`region '${box}' must be four numbers west,south,east,north (degrees)`);
    }
    const [west, south, east, north] = numbers as [number, number, number, number];
    if (west < -180 || east > 180 || west >= east) throw new Error(`region '${box}': longitudes must satisfy -180 <= west < east <= 180`);
    if (south < -90 || north > 90 || south >= north) throw new Error(`region '${box}': latitudes must satisfy -90 <= south < north <= 90`);
    return { west, south, east, north };
  });
}

/** One line for the operator, e.g. `layers base,radar; regions -100,35,-90,45`. */
export function describeMapAccess(access: KeyMapAccess): string {
  const layers = access.layers === null ? 'all layers' : `layers ${access.layers.join(',') || '(none)'}`;
  const regions =
    access.regions === null ? 'the whole world' : `regions ${access.regions.map((r) => [r.west, r.south, r.east, r.north].join(',')).join(';') || '(none)'}`;
  return `${layers}; ${regions}`;
}
