/**
 * /v2/imagery/weathermaps — PNG map images: field-centred images and web mercator tiles, latest
 * or from an earlier update. Thin: parse → checks (field, key limits, weather source) → render.
 * The token may also come as `?token=` on these paths.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ApiError, invalidParameter } from '../../http/api-error.js';
import { setDataSource } from '../../http/data-source.js';
import {
  MapForbiddenError,
  MapNotFoundError,
  MapValidationError,
  type MapImageDescription,
  type MapRenderer,
  type RenderedMapImage,
  checkMapAccess,
  parseImageSize,
  parseInterval,
  parseLayerCodes,
  parseTileAddress,
  parseZoom,
  tileBounds,
} from '../../maps/index.js';
import { createFieldService } from '../../services/field-service.js';
import { cacheControl, etagMatches } from './imagery-caching.js';
import { createImageryRenderer } from './imagery-renderer.js';
import { FieldArchiveParams, FieldImageParams, FieldImageQuery, TileArchiveParams, TileParams, TileQuery } from './imagery-schemas.js';

const TAGS = ['imagery'];
const BASE = '/v2/imagery/weathermaps/:types';
/** Retry-After when weather layers are asked of a server without a weather source. */
const NO_WEATHER_RETRY_SECONDS = 3600;

/** The map library's errors as API errors. */
export function toApiError(error: unknown): unknown {
  if (error instanceof MapValidationError) return invalidParameter(error.parameter, `${error.message}.`);
  if (error instanceof MapNotFoundError) return new ApiError(404, 'Map image not found.', `${error.message}.`);
  if (error instanceof MapForbiddenError) {
    return new ApiError(
      403,
      error.reason === 'layer' ? 'Map layer not allowed.' : 'Map region not allowed.',
      `${error.message}; map access is limited per API key.`,
    );
  }
  return error;
}

interface ImageRequest {
  codes: string[];
  describe(): MapImageDescription;
  render(): Promise<RenderedMapImage>;
}

export async function imageryRoutes(app: FastifyInstance, context: AppContext, renderer?: MapRenderer): Promise<void> {
  const maps = renderer ?? context.maps ?? createImageryRenderer({ weather: context.weather, clock: context.clock });
  const fields = createFieldService(context.store, context.clock);
  const byCode = new Map(maps.layers.map((layer) => [layer.code, layer]));

  async function serve(request: FastifyRequest, reply: FastifyReply, prepare: () => Promise<ImageRequest>): Promise<FastifyReply> {
    try {
      const image = await prepare();
      const weatherLayers = image.codes.filter((code) => byCode.get(code)?.kind === 'weather');
      if (weatherLayers.length > 0 && !context.weather) {
        throw new ApiError(
          503,
          'Weather data not available.',
          `This server has no weather source configured, so the weather layer${weatherLayers.length > 1 ? 's' : ''} ${weatherLayers.join(', ')} cannot be drawn; reference layers can.`,
          { 'Retry-After': String(NO_WEATHER_RETRY_SECONDS) },
        );
      }
      const description = image.describe();
      reply.header('Cache-Control', cacheControl(description, context.clock.now()));
      reply.header('ETag', description.etag);
      if (weatherLayers.length > 0) setDataSource(reply, context.weather!.name);
      if (etagMatches(request.headers['if-none-match'], description.etag)) return reply.code(304).send();
      const rendered = await image.render();
      reply.header('ETag', rendered.etag);
      return reply.type('image/png').send(rendered.png);
    } catch (error) {
      throw toApiError(error);
    }
  }

  async function fieldImage(request: FastifyRequest, reply: FastifyReply, archive: boolean): Promise<FastifyReply> {
    const params = request.params as { types: string; fieldId: string; interval?: string };
    const query = request.query as { zoom?: string; size?: string };
    return serve(request, reply, async () => {
      const codes = parseLayerCodes(params.types);
      const interval = archive ? parseInterval(params.interval) : 0;
      const zoom = parseZoom(query.zoom);
      const { width, height } = parseImageSize(query.size);
      const field = await fields.get(request.auth.accountId, params.fieldId);
      const spec = { layers: codes, latitude: field.latitude, longitude: field.longitude, zoom, width, height, interval };
      checkMapAccess(request.auth.mapAccess, { layers: codes, bbox: maps.fieldImageBounds(spec) });
      return { codes, describe: () => maps.describeFieldImage(spec), render: () => maps.renderFieldImage(spec) };
    });
  }

  async function tile(request: FastifyRequest, reply: FastifyReply, archive: boolean): Promise<FastifyReply> {
    const params = request.params as { types: string; address: string; interval?: string };
    return serve(request, reply, async () => {
      const codes = parseLayerCodes(params.types);
      const interval = archive ? parseInterval(params.interval) : 0;
      const { x, y, zoom } = parseTileAddress(params.address);
      const spec = { layers: codes, x, y, zoom, interval };
      checkMapAccess(request.auth.mapAccess, { layers: codes, bbox: tileBounds(x, y, zoom) });
      return { codes, describe: () => maps.describeTile(spec), render: () => maps.renderTile(spec) };
    });
  }

  const config = { queryToken: true };
  app.get(
    `${BASE}/fields/:fieldId`,
    { config, schema: { summary: 'Map image of a field (latest update)', tags: TAGS, params: FieldImageParams, querystring: FieldImageQuery } },
    (request, reply) => fieldImage(request, reply, false),
  );
  app.get(
    `${BASE}/fields/:fieldId/archives/:interval`,
    { config, schema: { summary: 'Map image of a field from an earlier update', tags: TAGS, params: FieldArchiveParams, querystring: FieldImageQuery } },
    (request, reply) => fieldImage(request, reply, true),
  );
  app.get(
    `${BASE}/tiles/:address`,
    { config, schema: { summary: 'Map tile (latest update)', tags: TAGS, params: TileParams, querystring: TileQuery } },
    (request, reply) => tile(request, reply, false),
  );
  app.get(
    `${BASE}/tiles/:address/archives/:interval`,
    { config, schema: { summary: 'Map tile from an earlier update', tags: TAGS, params: TileArchiveParams, querystring: TileQuery } },
    (request, reply) => tile(request, reply, true),
  );
}
