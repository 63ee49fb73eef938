/**
 * Weather map images: field-centred images and web mercator tiles, latest or from an earlier
 * update. A request is checked (its layer codes, place, zoom and size; the field of the account;
 * the key's map limits; a weather source for weather layers) and described (ETag, update times,
 * layers) before anything is drawn, so a conditional request is answered without drawing; the
 * drawing is the map library's (src/maps/).
 *
 * Weather layers read the app's weather source through the lattice grid (map-weather-grid.ts);
 * without a configured source they are refused (503), reference layers are drawn either way.
 */
import type { AuthContext } from '../core/auth-context.js';
import type { Clock } from '../core/clock.js';
import type { Requester } from '../core/requester.js';
import { forbidden, invalidParameterValue, notFoundError } from '../core/errors.js';
import {
  checkMapAccess,
  createMapRenderer,
  drawLegendPng,
  type MapLegend,
  mapLegend,
  MapForbiddenError,
  type MapImageDescription,
  MapNotFoundError,
  type MapRenderer,
  MapValidationError,
  parseImageSize,
  parseInterval,
  parseLayerCodes,
  parseTileAddress,
  parseZoom,
  type RenderedMapImage,
  type TileCache,
  tileBounds,
  type WeatherGridProvider,
} from '../maps/index.js';
import type { ComputePool } from '../compute/compute-pool.js';
import type { DrawPlan } from '../maps/map-drawing.js';
import { SourceUnavailableError, type WeatherSource } from '../weather/weather-source.js';
import type { UnitSystem } from '../core/units.js';
import type { FieldService } from './field-service.js';
import { legendUnits } from './map-legend-units.js';
import { createMapWeatherGrid, type MapWeatherGridOptions } from './map-weather-grid.js';

export type { MapImageDescription, MapLegend, RenderedMapImage } from '../maps/index.js';
export { DEFAULT_FIELD_ZOOM, MAP_LAYER_CODES, MAX_IMAGE_SIDE, MAX_ZOOM, MIN_ZOOM } from '../maps/index.js';

/** Retry-After when weather layers are asked of a server without a weather source. */
const NO_WEATHER_RETRY_SECONDS = 3600;

/** A checked request, ready to be described (no drawing) and drawn. */
export interface PreparedMapImage {
  description: MapImageDescription;
  /** The weather source behind the image's weather layers, or null when it has none. */
  dataSource: string | null;
  /**
   * Draws the image (or takes it from the cache) for `requester`: its weather and drawing queue on
   * the compute pool under its account, and stop once it (and any request for the same image) has
   * given up.
   */
  render(requester?: Requester): Promise<RenderedMapImage>;
}

/** The path and query of a map request, as text. */
export interface FieldImageRequest {
  types: string;
  fieldId: string;
  /** Present on `/archives/{interval}` paths. */
  interval?: string;
  zoom?: string;
  size?: string;
}

export interface TileRequest {
  types: string;
  address: string;
  interval?: string;
}

export interface MapLegendRequest {
  layer: string;
  units: UnitSystem;
}

/** A weather layer's legend: its stops (or classes), and the same drawn as a PNG. */
export interface MapLegendAnswer {
  legend: MapLegend;
  png(): Buffer;
}

export interface MapImageService {
  fieldImage(caller: AuthContext, request: FieldImageRequest): Promise<PreparedMapImage>;
  tile(caller: AuthContext, request: TileRequest): Promise<PreparedMapImage>;
  /** The legend of a weather layer (400 for an unknown code, 404 for a reference layer). */
  legend(request: MapLegendRequest): MapLegendAnswer;
}

export interface MapImageDependencies {
  fields: Pick<FieldService, 'get'>;
  clock: Clock;
  /** The app's weather source; absent: weather layers are refused. */
  weather?: WeatherSource;
  /** Default: the renderer's in-process LRU cache. */
  cache?: TileCache;
  grid?: MapWeatherGridOptions;
  /** Worker threads that draw the images; without them images are drawn on the event loop. */
  compute?: Pick<ComputePool, 'drawMapImage'>;
}

/** Stands in for the grid when the app has no weather source; requests with weather layers are refused before reaching it. */
const noWeatherGrid: WeatherGridProvider = {
  valuesFor() {
    throw new SourceUnavailableError('none', 'This server has no weather source configured.', NO_WEATHER_RETRY_SECONDS);
  },
};

/** The map library's errors as domain errors (400 naming the parameter, 404, 403). */
function domainError(error: unknown): unknown {
  if (error instanceof MapValidationError) return invalidParameterValue(error.parameter, `${error.message}.`);
  if (error instanceof MapNotFoundError) return notFoundError(error.parameter === 'layer' ? 'Map legend' : 'Map image', `${error.message}.`);
  if (error instanceof MapForbiddenError) {
    return forbidden(error.reason === 'layer' ? 'Map layer not allowed.' : 'Map region not allowed.', `${error.message}; map access is limited per API key.`);
  }
  return error;
}

/** The renderer of an app: weather layers over its weather source, or refused without one. */
export function createAppMapRenderer(options: Pick<MapImageDependencies, 'weather' | 'clock' | 'cache' | 'grid' | 'compute'>): MapRenderer {
  const weather = options.weather ? createMapWeatherGrid(options.weather, options.grid) : noWeatherGrid;
  return createMapRenderer({
    weather,
    clock: options.clock,
    ...(options.cache ? { cache: options.cache } : {}),
    variant: options.weather ? `weather:${options.weather.name}` : 'no-weather',
    ...(options.compute ? { draw: (plan: DrawPlan, requester: Requester) => options.compute!.drawMapImage(plan, requester) } : {}),
  });
}

export function createMapImageService(deps: MapImageDependencies): MapImageService {
  const renderer = createAppMapRenderer(deps);
  const byCode = new Map(renderer.layers.map((layer) => [layer.code, layer]));

  async function prepared(codes: string[], describe: () => MapImageDescription, render: (requester?: Requester) => Promise<RenderedMapImage>): Promise<PreparedMapImage> {
    const weatherLayers = codes.filter((code) => byCode.get(code)?.kind === 'weather');
    if (weatherLayers.length > 0 && !deps.weather) {
      throw new SourceUnavailableError(
        'none',
        `This server has no weather source configured, so the weather layer${weatherLayers.length > 1 ? 's' : ''} ${weatherLayers.join(', ')} cannot be drawn; reference layers can.`,
        NO_WEATHER_RETRY_SECONDS,
      );
    }
    return {
      description: describe(),
      dataSource: weatherLayers.length > 0 ? deps.weather!.name : null,
      render: (requester) => render(requester).catch((error: unknown) => Promise.reject(domainError(error))),
    };
  }

  /** Runs `work`, turning the map library's errors into domain errors. */
  async function mapped<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw domainError(error);
    }
  }

  return {
    legend(request) {
      try {
        const legend = mapLegend(renderer.layers, request.layer, legendUnits(request.units));
        const ramp = byCode.get(request.layer)?.ramp;
        return { legend, png: () => drawLegendPng(legend, ramp) };
      } catch (error) {
        throw domainError(error);
      }
    },

    fieldImage: (caller, request) =>
      mapped(async () => {
        const codes = parseLayerCodes(request.types);
        const interval = request.interval === undefined ? 0 : parseInterval(request.interval);
        const zoom = parseZoom(request.zoom);
        const { width, height } = parseImageSize(request.size);
        const field = await deps.fields.get(caller.accountId, request.fieldId);
        const spec = { layers: codes, latitude: field.latitude, longitude: field.longitude, zoom, width, height, interval, marker: true };
        checkMapAccess(caller.mapAccess, { layers: codes, bbox: renderer.fieldImageBounds(spec) });
        return prepared(codes, () => renderer.describeFieldImage(spec), (requester) => renderer.renderFieldImage(spec, requester));
      }),

    tile: (caller, request) =>
      mapped(async () => {
        const codes = parseLayerCodes(request.types);
        const interval = request.interval === undefined ? 0 : parseInterval(request.interval);
        const { x, y, zoom } = parseTileAddress(request.address);
        const spec = { layers: codes, x, y, zoom, interval };
        checkMapAccess(caller.mapAccess, { layers: codes, bbox: tileBounds(x, y, zoom) });
        return prepared(codes, () => renderer.describeTile(spec), (requester) => renderer.renderTile(spec, requester));
      }),
  };
}
