/**
 * The window of the world one image shows: a rectangle of global pixels at a zoom.
 * Tiles and field images both become a Viewport; layers only ever see this.
 */
import {
  type LonLatBBox,
  type MercatorBBox,
  TILE_SIZE,
  globalPixelToLonLat,
  latitudeToMercatorY,
  lonLatToGlobalPixel,
  longitudeToMercatorX,
  mercatorYToLatitude,
  worldSizeInPixels,
} from './web-mercator.js';

export interface Viewport {
  readonly zoom: number;
  readonly width: number;
  readonly height: number;
  /** Global pixel of the image's top-left corner. */
  readonly originX: number;
  readonly originY: number;
  /** Pixels per mercator unit (256 · 2^zoom). */
  readonly scale: number;
  readonly bbox: LonLatBBox;
  readonly mercatorBBox: MercatorBBox;
  /** Image pixel of a point (fractional). */
  project(longitude: number, latitude: number): { x: number; y: number };
  /** Point at an image pixel position (use +0.5 for a pixel centre). */
  unproject(x: number, y: number): { longitude: number; latitude: number };
}

export function createViewport(zoom: number, originX: number, originY: number, width: number, height: number): Viewport {
  const scale = worldSizeInPixels(zoom);
  const topLeft = globalPixelToLonLat(originX, originY, zoom);
  const bottomRight = globalPixelToLonLat(originX + width, originY + height, zoom);
  const bbox: LonLatBBox = {
    west: topLeft.longitude,
    north: topLeft.latitude,
    east: bottomRight.longitude,
    south: bottomRight.latitude,
  };
  return {
    zoom,
    width,
    height,
    originX,
    originY,
    scale,
    bbox,
    mercatorBBox: {
      minX: originX / scale,
      minY: originY / scale,
      maxX: (originX + width) / scale,
      maxY: (originY + height) / scale,
    },
    project(longitude, latitude) {
      return {
        x: longitudeToMercatorX(longitude) * scale - originX,
        y: latitudeToMercatorY(latitude) * scale - originY,
      };
    },
    unproject(x, y) {
      return { longitude: ((originX + x) / scale) * 360 - 180, latitude: mercatorYToLatitude((originY + y) / scale) };
    },
  };
}

export function tileViewport(x: number, y: number, zoom: number): Viewport {
  return createViewport(zoom, x * TILE_SIZE, y * TILE_SIZE, TILE_SIZE, TILE_SIZE);
}

/** An image of width × height pixels centred on a point. */
export function centredViewport(longitude: number, latitude: number, zoom: number, width: number, height: number): Viewport {
  const centre = lonLatToGlobalPixel(longitude, latitude, zoom);
  return createViewport(zoom, Math.round(centre.x - width / 2), Math.round(centre.y - height / 2), width, height);
}
