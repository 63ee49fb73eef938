import { describe, expect, it } from 'vitest';
import { MapValidationError } from '../../src/maps/index.js';
import {
  cullByBBox,
  globalPixelToLonLat,
  lonLatToGlobalPixel,
  tileAt,
  tileBounds,
  validateTileCoordinates,
  validateZoom,
} from '../../src/maps/web-mercator.js';
import { centredViewport, tileViewport } from '../../src/maps/viewport.js';

describe('web mercator', () => {
  it('puts (0°, 0°) in the middle of the world and the corners at ±180°, ±85.0511°', () => {
    expect(lonLatToGlobalPixel(0, 0, 1)).toEqual({ x: 256, y: 256 });
    const corner = globalPixelToLonLat(0, 0, 3);
    expect(corner.longitude).toBeCloseTo(-180, 9);
    expect(corner.latitude).toBeCloseTo(85.05112878, 6);
  });

  it('matches the published slippy-map tile of a known place', () => {
    // Des Moines, Iowa: zoom 10 tile 245/381 (computed independently with the OpenStreetMap wiki formula).
    expect(tileAt(-93.6091, 41.6005, 10)).toEqual({ x: 245, y: 381 });
    const bounds = tileBounds(0, 0, 1);
    expect(bounds.west).toBe(-180);
    expect(bounds.east).toBe(0);
    expect(bounds.south).toBeCloseTo(0, 9);
  });

  it('round-trips lon/lat through global pixels', () => {
    for (const [lon, lat] of [[-93.6, 41.6], [139.69, 35.69], [-58.4, -34.6]] as const) {
      const pixel = lonLatToGlobalPixel(lon, lat, 12);
      const back = globalPixelToLonLat(pixel.x, pixel.y, 12);
      expect(back.longitude).toBeCloseTo(lon, 9);
      expect(back.latitude).toBeCloseTo(lat, 9);
    }
  });

  it('validates zoom and X/Y against the zoom', () => {
    expect(() => validateZoom(0)).toThrow(MapValidationError);
    expect(() => validateZoom(22)).toThrow(MapValidationError);
    expect(() => validateZoom(2.5)).toThrow(MapValidationError);
    expect(() => validateTileCoordinates(3, 3, 2)).not.toThrow();
    const error = (() => {
      try {
        validateTileCoordinates(4, 0, 2);
      } catch (e) {
        return e as MapValidationError;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(MapValidationError);
    expect(error!.parameter).toBe('X');
    expect(() => validateTileCoordinates(0, 4, 2)).toThrow(/Y must be/);
    expect(() => validateTileCoordinates(-1, 0, 2)).toThrow(MapValidationError);
  });

  it('culls features by bounding box', () => {
    const items = [
      { name: 'iowa', bbox: { west: -96.6, south: 40.4, east: -90.1, north: 43.5 } },
      { name: 'japan', bbox: { west: 129, south: 31, east: 146, north: 45.5 } },
    ];
    const tile = tileBounds(tileAt(-93.6, 41.6, 6).x, tileAt(-93.6, 41.6, 6).y, 6);
    expect(cullByBBox(items, (item) => item.bbox, tile).map((item) => item.name)).toEqual(['iowa']);
  });

  it('builds viewports for tiles and centred images', () => {
    const tile = tileViewport(245, 381, 10);
    const desMoines = tile.project(-93.6091, 41.6005);
    expect(desMoines.x).toBeGreaterThanOrEqual(0);
    expect(desMoines.x).toBeLessThan(256);
    const image = centredViewport(-93.6091, 41.6005, 18, 500, 300);
    const centre = image.project(-93.6091, 41.6005);
    expect(centre.x).toBeCloseTo(250, 0);
    expect(centre.y).toBeCloseTo(150, 0);
  });
});
