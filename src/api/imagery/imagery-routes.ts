/**
 * /v2/imagery/weathermaps — PNG map images: field-centred images and web mercator tiles, latest
 * or from an earlier update. Thin: service (checks and description) → caching headers → render,
 * for the request's requester (drawing stops when the client hangs up). The token may also come
 * as `?token=` on these paths. A weather layer's legend is PNG by default and JSON when asked
 * for (`?format=json`, or `Accept` preferring application/json).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setDataSource } from '../../http/data-source.js';
import { requesterOf } from '../../http/requester.js';
import type { Clock } from '../../core/clock.js';
import type { MapImageService, PreparedMapImage } from '../../services/map-image-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { cacheControl, etagMatches } from './imagery-caching.js';
import { parseUnits } from '../../http/units.js';
import { invalidParameter } from '../../http/api-error.js';
import {
  FieldArchiveParams,
  FieldImageParams,
  FieldImageQuery,
  LegendParams,
  LegendPng,
  LegendQuery,
  LegendSchema,
  TileArchiveParams,
  TileParams,
  TileQuery,
} from './imagery-schemas.js';
import { legendFormat } from './legend-format.js';

const TAGS = ['imagery'];
const BASE = '/v2/imagery/weathermaps/:types';

export interface ImageryRouteOptions {
  maps: MapImageService;
  clock: Clock;
}

export const imageryRoutes: ApiPlugin<ImageryRouteOptions> = async (app, { maps, clock }) => {
  /** Caching headers from the description; 304 for a matching `If-None-Match`, else the drawn PNG. */
  async function send(request: FastifyRequest, reply: FastifyReply, image: PreparedMapImage): Promise<FastifyReply> {
    const { description } = image;
    reply.header('Cache-Control', cacheControl(description, clock.now()));
    reply.header('ETag', description.etag);
    if (image.dataSource !== null) setDataSource(reply, image.dataSource);
    if (etagMatches(request.headers['if-none-match'], description.etag)) return reply.code(304).send();
    const rendered = await image.render(requesterOf(reply));
    reply.header('ETag', rendered.etag);
    return reply.type('image/png').send(rendered.png);
  }

  const config = { queryToken: true };
  app.get(
    '/v2/imagery/weathermaps/:layer/legend',
    {
      config,
      schema: {
        summary: 'Legend of a weather layer: its colour ramp as PNG or JSON',
        tags: TAGS,
        params: LegendParams,
        querystring: LegendQuery,
        response: { 200: { content: { 'image/png': { schema: LegendPng }, 'application/json': { schema: LegendSchema } } } },
      },
    },
    async (request, reply) => {
      const format = legendFormat(request.query.format, request.headers.accept);
      if (format === null) throw invalidParameter('format', `format must be png or json (got '${request.query.format}').`);
      const answer = maps.legend({ layer: request.params.layer, units: parseUnits(request.query.units) });
      reply.header('Cache-Control', 'private, max-age=86400');
      reply.header('Vary', 'Accept');
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(answer.legend);
      return reply.type('image/png').send(answer.png());
    },
  );
  app.get(
    `${BASE}/fields/:fieldId`,
    { config, schema: { summary: 'Map image of a field (latest update)', tags: TAGS, params: FieldImageParams, querystring: FieldImageQuery } },
    async (request, reply) => send(request, reply, await maps.fieldImage(request.auth, { ...request.params, ...request.query })),
  );
  app.get(
    `${BASE}/fields/:fieldId/archives/:interval`,
    { config, schema: { summary: 'Map image of a field from an earlier update', tags: TAGS, params: FieldArchiveParams, querystring: FieldImageQuery } },
    async (request, reply) => send(request, reply, await maps.fieldImage(request.auth, { ...request.params, ...request.query })),
  );
  app.get(
    `${BASE}/tiles/:address`,
    { config, schema: { summary: 'Map tile (latest update)', tags: TAGS, params: TileParams, querystring: TileQuery } },
    async (request, reply) => send(request, reply, await maps.tile(request.auth, request.params)),
  );
  app.get(
    `${BASE}/tiles/:address/archives/:interval`,
    { config, schema: { summary: 'Map tile from an earlier update', tags: TAGS, params: TileArchiveParams, querystring: TileQuery } },
    async (request, reply) => send(request, reply, await maps.tile(request.auth, request.params)),
  );
};
