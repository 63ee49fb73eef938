/**
 * The map renderer: composes layers into a PNG for a tile or a field-centred image, caches the
 * result and gives it an ETag. One renderer holds its own parsed reference geodata.
 *
 * An image is drawn for a requester (core/requester.ts): requests for the same image at the same
 * time share one drawing, which stops (its weather, its wait for pixels, its drawing) once every
 * one of them has given up.
 */
import { createHash } from 'node:crypto';
import { NOBODY, type Requester, SharedWorks, throwIfAbandoned } from '../core/requester.js';
import type { Clock } from '../core/clock.js';
import { updateTimeFor } from './archive-time.js';
import { LruTileCache } from './cache/lru-tile-cache.js';
import type { CachedMapImage, TileCache } from './cache/tile-cache.js';
import { sampleField, samplingStep } from './drawing/value-raster.js';
import { ReferenceGeodata } from './geodata/reference-geodata.js';
import { allMapLayers } from './layers/all-layers.js';
import { MapValidationError } from './map-errors.js';
import { type DrawPlan, drawPlan, layerShows, type PlannedField, type ViewportSpec, viewportOf } from './map-drawing.js';
import type { MapLayer } from './map-layer.js';
import { DEFAULT_FIELD_ZOOM, DEFAULT_IMAGE_SIZE, MAX_IMAGE_SIDE, validateCoordinates, validateImageSize } from './map-request.js';
import { createPixelBudget } from './pixel-budget.js';
import { type Viewport, centredViewport, tileViewport } from './viewport.js';
import type { WeatherGridProvider } from './weather-grid/weather-grid-provider.js';
import { type LonLatBBox, validateTileCoordinates, validateZoom } from './web-mercator.js';

/** Bumped when drawing changes, so cached images and ETags from before are not reused. */
const RENDERING_VERSION = 'r3';

export interface MapRendererOptions {
  readonly weather: WeatherGridProvider;
  readonly clock: Clock;
  /** Default: an in-memory LRU cache (4096 images, 64 MiB). */
  readonly cache?: TileCache;
  /** Default: every layer in layers/all-layers.ts. */
  readonly layers?: readonly MapLayer[];
  /**
   * Mixed into cache keys and ETags, e.g. the name of the weather source behind `weather`, so
   * images made from different sources never share a cache entry or an ETag.
   */
  readonly variant?: string;
  /** Pixels drawn at the same time, all images together (default: two of the largest field images, 2 × 2048²). */
  readonly maxPixelsInFlight?: number;
  /**
   * Draws a plan into a PNG elsewhere (the compute pool's worker threads, each with its own
   * geodata); default: on this thread, with this renderer's geodata.
   */
  readonly draw?: (plan: DrawPlan, requester: Requester) => Promise<Uint8Array>;
}

/** Default bound on pixels being drawn at once: two images of the largest accepted size. */
export const DEFAULT_MAX_PIXELS_IN_FLIGHT = 2 * MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

export interface TileRenderRequest {
  /** Layer codes in drawing order (see parseLayerCodes). */
  readonly layers: readonly string[];
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
  /** 0 (default) the latest update, N the N-th earlier one. */
  readonly interval?: number;
}

export interface FieldImageRenderRequest {
  readonly layers: readonly string[];
  /** The field's centre point. */
  readonly latitude: number;
  readonly longitude: number;
  /** Default 18. */
  readonly zoom?: number;
  /** Default 500 × 500; at most MAX_IMAGE_SIDE each. */
  readonly width?: number;
  readonly height?: number;
  readonly interval?: number;
  /** Mark the centre point (the field) with a pin; default false. */
  readonly marker?: boolean;
}

export interface RenderedMapImage extends CachedMapImage {
  readonly width: number;
  readonly height: number;
  /** Update time shown per weather layer code (UTC epoch ms); reference layers are absent. */
  readonly updateTimes: Readonly<Record<string, number>>;
  /** True when the image came from the cache. */
  readonly cached: boolean;
}

/** What a request would produce, known without rendering: for conditional requests and headers. */
export interface MapImageDescription {
  readonly etag: string;
  /** Update time shown per weather layer code (UTC epoch ms); reference layers are absent. */
  readonly updateTimes: Readonly<Record<string, number>>;
  /** The layers, in drawing order. */
  readonly layers: readonly MapLayer[];
  /** Geographic box of the image. */
  readonly bbox: LonLatBBox;
}

export interface MapRenderer {
  readonly layers: readonly MapLayer[];
  readonly geodata: ReferenceGeodata;
  /** Renders a tile for `requester` (default: nobody's, never abandoned). */
  renderTile(request: TileRenderRequest, requester?: Requester): Promise<RenderedMapImage>;
  renderFieldImage(request: FieldImageRenderRequest, requester?: Requester): Promise<RenderedMapImage>;
  /** Geographic box a field image request would show (for access checks before rendering). */
  fieldImageBounds(request: FieldImageRenderRequest): LonLatBBox;
  /** Validates a tile request and tells its ETag, update times and box without rendering. */
  describeTile(request: TileRenderRequest): MapImageDescription;
  /** The same for a field image request. */
  describeFieldImage(request: FieldImageRenderRequest): MapImageDescription;
  /** Loads the reference data of the given layers (default: all) so first requests are not slow. */
  warmUp(codes?: readonly string[]): Promise<void>;
}

function etagFor(key: string): string {
  return `"${createHash('sha1').update(key).digest('base64url').slice(0, 22)}"`;
}

export function createMapRenderer(options: MapRendererOptions): MapRenderer {
  const layers = options.layers ?? allMapLayers;
  const byCode = new Map(layers.map((layer) => [layer.code, layer]));
  const geodata = new ReferenceGeodata();
  const cache = options.cache ?? new LruTileCache();
  /** Images being drawn, by cache key: requests for one at once share its drawing. */
  const drawing = new SharedWorks<string, CachedMapImage>();
  const pixels = createPixelBudget(options.maxPixelsInFlight ?? DEFAULT_MAX_PIXELS_IN_FLIGHT);
  const drawElsewhere = options.draw;
  const drawHere = (plan: DrawPlan, requester: Requester) => drawPlan(plan, { geodata, layers: byCode }, () => throwIfAbandoned(requester));

  function resolveLayers(codes: readonly string[]): MapLayer[] {
    if (codes.length === 0) throw new MapValidationError('types', 'at least one layer code is needed');
    return codes.map((code) => {
      const layer = byCode.get(code);
      if (!layer) throw new MapValidationError('types', `unknown layer code '${code}'`);
      return layer;
    });
  }

  /** The plan of an image: its layers and update times, and the weather fields they show, sampled here. */
  async function planImage(spec: ViewportSpec, viewport: Viewport, chosen: readonly MapLayer[], times: readonly (number | null)[], requester: Requester): Promise<DrawPlan> {
    const fields: PlannedField[] = [];
    for (let i = 0; i < chosen.length; i++) {
      const layer = chosen[i]!;
      const time = times[i]!;
      if (!layer.weatherFields || time === null || !layerShows(layer, viewport)) continue;
      for (const { variable, baseStep } of layer.weatherFields) {
        if (fields.some((f) => f.variable === variable && f.baseStep === baseStep && f.time === time)) continue;
        const sampler = await options.weather.valuesFor(variable, viewport.bbox, time, requester);
        fields.push({ variable, baseStep, time, field: sampleField(sampler, viewport, samplingStep(viewport, baseStep)) });
      }
    }
    return { viewport: spec, layers: chosen.map((layer) => layer.code), times, fields };
  }

  async function draw(spec: ViewportSpec, viewport: Viewport, chosen: readonly MapLayer[], times: readonly (number | null)[], requester: Requester): Promise<Uint8Array> {
    const plan = await planImage(spec, viewport, chosen, times, requester);
    const release = await pixels.acquire(viewport.width * viewport.height, requester);
    try {
      return await (drawElsewhere ?? drawHere)(plan, requester);
    } finally {
      release();
    }
  }

  const version = options.variant ? `${RENDERING_VERSION}/${options.variant}` : RENDERING_VERSION;

  function plan(codes: readonly string[], interval: number, place: string) {
    const chosen = resolveLayers(codes);
    const now = options.clock.now();
    const times = chosen.map((layer) => updateTimeFor(layer, now, interval));
    const updateTimes: Record<string, number> = {};
    chosen.forEach((layer, i) => {
      if (times[i] !== null) updateTimes[layer.code] = times[i]!;
    });
    const key = `${version}|${place}|${codes.join(',')}|${times.map((t) => t ?? '-').join(',')}`;
    return { chosen, times, updateTimes, key };
  }

  async function render(
    spec: ViewportSpec,
    viewport: Viewport,
    codes: readonly string[],
    interval: number,
    place: string,
    requester: Requester | undefined,
  ): Promise<RenderedMapImage> {
    const { chosen, times, updateTimes, key } = plan(codes, interval, place);
    const base = { width: viewport.width, height: viewport.height, updateTimes };
    const hit = await cache.get(key);
    if (hit) return { ...hit, ...base, cached: true };
    const image = await drawing.join(key, requester, (shared) =>
      draw(spec, viewport, chosen, times, shared).then(async (png) => {
        const result = { png: Buffer.from(png.buffer, png.byteOffset, png.byteLength), etag: etagFor(key) };
        await cache.set(key, result);
        return result;
      }),
    );
    return { ...image, ...base, cached: false };
  }

  function fieldViewport(request: FieldImageRenderRequest): Viewport {
    validateCoordinates(request.latitude, request.longitude);
    const zoom = validateZoom(request.zoom ?? DEFAULT_FIELD_ZOOM);
    const width = request.width ?? DEFAULT_IMAGE_SIZE.width;
    const height = request.height ?? DEFAULT_IMAGE_SIZE.height;
    validateImageSize(width, height);
    return centredViewport(request.longitude, request.latitude, zoom, width, height);
  }

  const tilePlace = (request: TileRenderRequest) => `tile/${request.zoom}/${request.x}/${request.y}`;
  const fieldPlace = (request: FieldImageRenderRequest, viewport: Viewport) =>
    `field/${viewport.zoom}/${request.latitude.toFixed(6)}/${request.longitude.toFixed(6)}/${viewport.width}x${viewport.height}${request.marker ? '/marked' : ''}`;

  function describe(viewport: Viewport, codes: readonly string[], interval: number, place: string): MapImageDescription {
    const { chosen, updateTimes, key } = plan(codes, interval, place);
    return { etag: etagFor(key), updateTimes, layers: chosen, bbox: viewport.bbox };
  }

  return {
    layers,
    geodata,
    async renderTile(request, requester) {
      validateTileCoordinates(request.x, request.y, request.zoom);
      const spec: ViewportSpec = { kind: 'tile', x: request.x, y: request.y, zoom: request.zoom };
      return render(spec, viewportOf(spec), request.layers, request.interval ?? 0, tilePlace(request), requester);
    },
    async renderFieldImage(request, requester) {
      const viewport = fieldViewport(request);
      const spec: ViewportSpec = {
        kind: 'centred',
        longitude: request.longitude,
        latitude: request.latitude,
        zoom: viewport.zoom,
        width: viewport.width,
        height: viewport.height,
        marker: request.marker === true,
      };
      return render(spec, viewport, request.layers, request.interval ?? 0, fieldPlace(request, viewport), requester);
    },
    fieldImageBounds(request) {
      return fieldViewport(request).bbox;
    },
    describeTile(request) {
      validateTileCoordinates(request.x, request.y, request.zoom);
      return describe(tileViewport(request.x, request.y, request.zoom), request.layers, request.interval ?? 0, tilePlace(request));
    },
    describeFieldImage(request) {
      const viewport = fieldViewport(request);
      return describe(viewport, request.layers, request.interval ?? 0, fieldPlace(request, viewport));
    },
    async warmUp(codes = layers.map((layer) => layer.code)) {
      const chosen = resolveLayers(codes);
      const times = chosen.map((layer) => updateTimeFor(layer, options.clock.now(), 0));
      for (const zoom of [2, 5, 8]) {
        const spec: ViewportSpec = { kind: 'tile', x: 0, y: 0, zoom };
        await draw(spec, viewportOf(spec), chosen, times, NOBODY);
      }
    },
  };
}
