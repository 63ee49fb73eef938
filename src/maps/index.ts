/** Public API of the map rendering library. */
export { createMapRenderer } from './map-renderer.js';
export type { FieldImageRenderRequest, MapImageDescription, MapRenderer, MapRendererOptions, RenderedMapImage, TileRenderRequest } from './map-renderer.js';
export {
  DEFAULT_FIELD_ZOOM,
  DEFAULT_IMAGE_SIZE,
  MAX_IMAGE_SIDE,
  parseImageSize,
  parseInterval,
  parseLayerCodes,
  parseTileAddress,
  parseZoom,
  validateCoordinates,
  validateImageSize,
} from './map-request.js';
export { MapForbiddenError, MapNotFoundError, MapValidationError } from './map-errors.js';
export { checkMapAccess } from './map-access.js';
export type { MapAccessLimits, MapAccessRequest } from './map-access.js';
export { ARCHIVE_HISTORY_HOURS, keptUpdates, updateTimeFor } from './archive-time.js';
export { LruTileCache } from './cache/lru-tile-cache.js';
export type { LruTileCacheOptions } from './cache/lru-tile-cache.js';
export { noTileCache } from './cache/tile-cache.js';
export type { CachedMapImage, TileCache } from './cache/tile-cache.js';
export { allMapLayers, MAP_LAYER_CODES } from './layers/all-layers.js';
export type { LayerFrame, MapLayer } from './map-layer.js';
export type { Coverage } from './coverage.js';
export type { WeatherGridProvider, WeatherGridSampler, WeatherGridVariable } from './weather-grid/weather-grid-provider.js';
export { syntheticWeatherGrid } from './weather-grid/synthetic-weather-grid.js';
export type { SyntheticWeatherGrid, SyntheticWeatherGridOptions } from './weather-grid/synthetic-weather-grid.js';
export {
  MAX_ZOOM,
  MIN_ZOOM,
  TILE_SIZE,
  globalPixelToLonLat,
  lonLatToGlobalPixel,
  tileAt,
  tileBounds,
  validateTileCoordinates,
  validateZoom,
} from './web-mercator.js';
export type { LonLatBBox } from './web-mercator.js';
export { mapLegend, sameUnits } from './legend.js';
export type { LegendClass, LegendStop, LegendUnit, LegendUnits, MapLegend } from './legend.js';
export { drawLegendPng, LEGEND_WIDTH, legendImageHeight } from './drawing/legend-image.js';
