/**
 * Spherical web mercator (EPSG:3857) as used by slippy-map tiles: 256-pixel tiles, the origin
 * tile at the north-west corner, x growing eastwards and y southwards.
 *
 * "Mercator units" are the world square scaled to [0, 1] on both axes; a global pixel at zoom z
 * is a mercator unit times 256 · 2^z.
 */
import { MapValidationError } from './map-errors.js';

export const TILE_SIZE = 256;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 21;
/** Latitude where the square world ends (±85.0511°). */
export const MAX_LATITUDE = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;

/** West, south, east, north in degrees. */
export interface LonLatBBox {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** A box in mercator units: minX west, minY north (y grows southwards). */
export interface MercatorBBox {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function worldSizeInPixels(zoom: number): number {
  return TILE_SIZE * 2 ** zoom;
}

export function longitudeToMercatorX(longitude: number): number {
  return (longitude + 180) / 360;
}

export function latitudeToMercatorY(latitude: number): number {
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

export function mercatorXToLongitude(x: number): number {
  return x * 360 - 180;
}

export function mercatorYToLatitude(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

/** Global pixel coordinates of a point at a zoom. */
export function lonLatToGlobalPixel(longitude: number, latitude: number, zoom: number): { x: number; y: number } {
  const size = worldSizeInPixels(zoom);
  return { x: longitudeToMercatorX(longitude) * size, y: latitudeToMercatorY(latitude) * size };
}

export function globalPixelToLonLat(x: number, y: number, zoom: number): { longitude: number; latitude: number } {
  const size = worldSizeInPixels(zoom);
  return { longitude: mercatorXToLongitude(x / size), latitude: mercatorYToLatitude(y / size) };
}

/** Number of tiles along one axis at a zoom. */
export function tileCount(zoom: number): number {
  return 2 ** zoom;
}

/** Geographic bounds of a tile. */
export function tileBounds(x: number, y: number, zoom: number): LonLatBBox {
  const n = tileCount(zoom);
  return {
    west: mercatorXToLongitude(x / n),
    east: mercatorXToLongitude((x + 1) / n),
    north: mercatorYToLatitude(y / n),
    south: mercatorYToLatitude((y + 1) / n),
  };
}

/** The tile that contains a point. */
export function tileAt(longitude: number, latitude: number, zoom: number): { x: number; y: number } {
  const n = tileCount(zoom);
  const x = Math.min(n - 1, Math.max(0, Math.floor(longitudeToMercatorX(longitude) * n)));
  const y = Math.min(n - 1, Math.max(0, Math.floor(latitudeToMercatorY(latitude) * n)));
  return { x, y };
}

/** Throws a MapValidationError naming `zoom` unless it is an integer from 1 to 21. */
export function validateZoom(zoom: number, parameter = 'zoom'): number {
  if (!Number.isInteger(zoom) || zoom < MIN_ZOOM || zoom > MAX_ZOOM) {
    throw new MapValidationError(parameter, `${parameter} must be an integer from ${MIN_ZOOM} to ${MAX_ZOOM}`);
  }
  return zoom;
}

/** Throws unless X and Y are integers inside the tile grid of the zoom (0 to 2^zoom − 1). */
export function validateTileCoordinates(x: number, y: number, zoom: number): void {
  validateZoom(zoom);
  const max = tileCount(zoom) - 1;
  if (!Number.isInteger(x) || x < 0 || x > max) {
    throw new MapValidationError('X', `X must be an integer from 0 to ${max} at zoom ${zoom}`);
  }
  if (!Number.isInteger(y) || y < 0 || y > max) {
    throw new MapValidationError('Y', `Y must be an integer from 0 to ${max} at zoom ${zoom}`);
  }
}

export function bboxesIntersect(a: LonLatBBox, b: LonLatBBox): boolean {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
}

/** True when `inner` lies wholly inside `outer`. */
export function bboxContains(outer: LonLatBBox, inner: LonLatBBox): boolean {
  return inner.west >= outer.west && inner.east <= outer.east && inner.south >= outer.south && inner.north <= outer.north;
}

/** Keeps the items whose bounding box meets the query box (bounding-box culling). */
export function cullByBBox<T>(items: readonly T[], bboxOf: (item: T) => LonLatBBox, query: LonLatBBox): T[] {
  return items.filter((item) => bboxesIntersect(bboxOf(item), query));
}
