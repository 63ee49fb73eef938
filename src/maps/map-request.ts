/**
 * Validation of the map request parameters, one helper per parameter, each throwing a
 * MapValidationError that names the parameter as the API spells it.
 */
import { MapValidationError } from './map-errors.js';
import { MAP_LAYER_CODES } from './layers/all-layers.js';
import { MAX_ZOOM, MIN_ZOOM, validateTileCoordinates, validateZoom } from './web-mercator.js';

/** Largest width or height of a field image, pixels. */
export const MAX_IMAGE_SIDE = 2048;
export const DEFAULT_IMAGE_SIZE = { width: 500, height: 500 } as const;
export const DEFAULT_FIELD_ZOOM = 18;

const INTEGER = /^\d+$/;

/**
 * `base,states,temperatures` → codes in the order given. Unknown, empty or repeated codes are
 * rejected, so one request stacks at most every layer once.
 */
export function parseLayerCodes(types: string, known: readonly string[] = MAP_LAYER_CODES): string[] {
  const codes = types.split(',').map((code) => code.trim());
  if (codes.length === 0 || codes.some((code) => code === '')) {
    throw new MapValidationError('types', 'types must be a comma-separated list of layer codes');
  }
  for (const code of codes) {
    if (!known.includes(code)) {
      throw new MapValidationError('types', `unknown layer code '${code}'; known codes: ${known.join(', ')}`);
    }
  }
  if (new Set(codes).size !== codes.length) throw new MapValidationError('types', 'a layer code may appear only once');
  return codes;
}

function parseInteger(text: string | number, parameter: string): number {
  if (typeof text === 'number') {
    if (!Number.isInteger(text)) throw new MapValidationError(parameter, `${parameter} must be an integer`);
    return text;
  }
  if (!INTEGER.test(text.trim())) throw new MapValidationError(parameter, `${parameter} must be a non-negative integer`);
  return Number(text.trim());
}

/** `zoom` 1–21; `undefined` gives the default (field images: 18). */
export function parseZoom(text: string | number | undefined, defaultZoom = DEFAULT_FIELD_ZOOM): number {
  if (text === undefined || text === '') return defaultZoom;
  const zoom = parseInteger(text, 'zoom');
  if (zoom < MIN_ZOOM || zoom > MAX_ZOOM) throw new MapValidationError('zoom', `zoom must be from ${MIN_ZOOM} to ${MAX_ZOOM}`);
  return validateZoom(zoom);
}

/** The `{X},{Y},{zoom}` path segment of a tile URL. */
export function parseTileAddress(text: string): { x: number; y: number; zoom: number } {
  const parts = text.split(',');
  if (parts.length !== 3) throw new MapValidationError('X,Y,zoom', 'a tile address is {X},{Y},{zoom}');
  const zoom = parseZoom(parts[2]!, NaN);
  const x = parseInteger(parts[0]!, 'X');
  const y = parseInteger(parts[1]!, 'Y');
  validateTileCoordinates(x, y, zoom);
  return { x, y, zoom };
}

/** `size={width}x{height}`, each 1 to MAX_IMAGE_SIDE; `undefined` gives 500x500. */
export function parseImageSize(text: string | undefined): { width: number; height: number } {
  if (text === undefined || text === '') return { ...DEFAULT_IMAGE_SIZE };
  const match = /^(\d+)x(\d+)$/.exec(text.trim());
  if (!match) throw new MapValidationError('size', 'size must be {width}x{height}, e.g. 500x500');
  const width = Number(match[1]);
  const height = Number(match[2]);
  validateImageSize(width, height);
  return { width, height };
}

export function validateImageSize(width: number, height: number): void {
  for (const [name, value] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_IMAGE_SIDE) {
      throw new MapValidationError('size', `size ${name} must be an integer from 1 to ${MAX_IMAGE_SIDE}`);
    }
  }
}

/** `archives/{interval}`: an integer ≥ 0 (whether that update is still kept is checked when rendering). */
export function parseInterval(text: string | number | undefined): number {
  if (text === undefined || text === '') return 0;
  return parseInteger(text, 'interval');
}

export function validateCoordinates(latitude: number, longitude: number): void {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new MapValidationError('latitude', 'latitude must be from -90 to 90');
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new MapValidationError('longitude', 'longitude must be from -180 to 180');
  }
}
