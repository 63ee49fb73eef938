/** /v2/agronomics/plantings and /v2/agronomics/fields/{fieldId}/plantings. Thin: parse → service → present. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { invalid } from '../../core/errors.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import type { Page, PlantingListQuery as ListOptions, PlantingRecord, PlantingService } from '../../services/planting-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { PLANTING_PROPERTIES, PlantingListSchema, plantingPath, PlantingSchema, presentPlanting } from './planting-table.js';
import {
  AccountPlantingBody,
  FieldPlantingParams,
  FieldPlantingsParams,
  parsePlantingId,
  parsePlantingRef,
  PLANTING_SORTS,
  PlantingBody,
  PlantingListQuery,
  PlantingParams,
  PlantingPatchBody,
  PlantingQuery,
} from './planting-schemas.js';

const TAGS = ['plantings'];

type Query = Static<typeof PlantingListQuery>;

export interface PlantingRouteOptions {
  plantings: PlantingService;
  baseUrl: string;
}

export const plantingRoutes: ApiPlugin<PlantingRouteOptions> = async (app, { plantings, baseUrl }) => {
  const present = (planting: PlantingRecord, chosen: Set<string> | null = null) => presentPlanting(planting, baseUrl, chosen);

  function listOptions(request: FastifyRequest, query: Query): { options: ListOptions; chosen: Set<string> | null } {
    const paging = parsePaging(query, 'plantings', request.auth.enterprise);
    const sort = parseSort(query.sort, PLANTING_SORTS, [], 1);
    const chosen = parseProperties(query.properties, PLANTING_PROPERTIES);
    return {
      options: { crop: query.crop, sort: sort.map((t) => ({ column: t.key, descending: t.descending })), ...paging },
      chosen,
    };
  }

  function sendList(request: FastifyRequest, reply: FastifyReply, page: Page<PlantingRecord>, options: ListOptions, chosen: Set<string> | null, query: Query) {
    checkOffset(options.offset, page.total);
    reply.header('Content-Range', `${contentRange(options.offset, page.items.length, page.total)} plantings`);
    const path = request.url.split('?')[0]!;
    return {
      plantings: page.items.map((planting) => present(planting, chosen)),
      _links: { self: link(request.url), ...pageLinks(path, query, options, page.total) },
    };
  }

  function checkWriteBack(body: { id?: number; field?: string }, fieldId: string, plantingId?: number): void {
    if (body.field !== undefined && body.field !== fieldId) {
      throw invalid("Invalid value for property 'field'.", `'field' must be the field of the path ('${fieldId}') when given (got '${body.field}').`);
    }
    if (body.id !== undefined && body.id !== plantingId) {
      throw invalid("Invalid value for property 'id'.", plantingId === undefined ? "'id' is issued by the service; leave it out when creating a planting." : `'id' must be the planting's id (${plantingId}) when given.`);
    }
  }

  async function create(request: FastifyRequest, reply: FastifyReply, fieldId: string, body: Static<typeof PlantingBody>) {
    checkWriteBack(body, fieldId);
    const planting = await plantings.create(request.auth.accountId, fieldId, body);
    reply.code(201).header('Location', `${baseUrl}${plantingPath(planting.fieldId, planting.id)}`);
    return present(planting);
  }

  app.get(
    '/v2/agronomics/plantings',
    { schema: { summary: 'List the plantings of every field, historical ones included', tags: TAGS, querystring: PlantingListQuery, response: { 200: PlantingListSchema } } },
    async (request, reply) => {
      const { options, chosen } = listOptions(request, request.query);
      return sendList(request, reply, await plantings.list(request.auth.accountId, options), options, chosen, request.query);
    },
  );

  app.get(
    '/v2/agronomics/plantings/current',
    { schema: { summary: 'List the current planting of every field', tags: TAGS, querystring: PlantingListQuery, response: { 200: PlantingListSchema } } },
    async (request, reply) => {
      const { options, chosen } = listOptions(request, request.query);
      return sendList(request, reply, await plantings.list(request.auth.accountId, { ...options, currentOnly: true }), options, chosen, request.query);
    },
  );

  app.get(
    '/v2/agronomics/plantings/:plantingId',
    { schema: { summary: 'Get a planting', tags: TAGS, params: PlantingParams, querystring: PlantingQuery, response: { 200: PlantingSchema } } },
    async (request) => {
      const chosen = parseProperties(request.query.properties, PLANTING_PROPERTIES);
      return present(await plantings.get(request.auth.accountId, parsePlantingId(request.params.plantingId)), chosen);
    },
  );

  app.post(
    '/v2/agronomics/plantings',
    { schema: { summary: 'Create a planting for the field named in the body', tags: TAGS, body: AccountPlantingBody, response: { 201: PlantingSchema } } },
    async (request, reply) => {
      return create(request, reply, request.body.field, request.body);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/plantings',
    { schema: { summary: "List a field's plantings, historical ones included", tags: TAGS, params: FieldPlantingsParams, querystring: PlantingListQuery, response: { 200: PlantingListSchema } } },
    async (request, reply) => {
      const { options, chosen } = listOptions(request, request.query);
      return sendList(request, reply, await plantings.listInField(request.auth.accountId, request.params.fieldId, options), options, chosen, request.query);
    },
  );

  app.post(
    '/v2/agronomics/fields/:fieldId/plantings',
    { schema: { summary: 'Create a planting; it becomes the current one of the field', tags: TAGS, params: FieldPlantingsParams, body: PlantingBody, response: { 201: PlantingSchema } } },
    async (request, reply) => {
      return create(request, reply, request.params.fieldId, request.body);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/plantings/:plantingId',
    { schema: { summary: "Get a field's planting (or its current one)", tags: TAGS, params: FieldPlantingParams, querystring: PlantingQuery, response: { 200: PlantingSchema } } },
    async (request) => {
      const { fieldId, plantingId } = request.params;
      const chosen = parseProperties(request.query.properties, PLANTING_PROPERTIES);
      return present(await plantings.getInField(request.auth.accountId, fieldId, parsePlantingRef(plantingId, true)), chosen);
    },
  );

  app.put(
    '/v2/agronomics/fields/:fieldId/plantings/:plantingId',
    { schema: { summary: 'Replace a planting (absent properties become null)', tags: TAGS, params: FieldPlantingParams, body: PlantingBody, response: { 200: PlantingSchema } } },
    async (request) => {
      const { fieldId, plantingId } = request.params;
      const ref = parsePlantingRef(plantingId, true);
      const body = request.body;
      const accountId = request.auth.accountId;
      if (body.id !== undefined) checkWriteBack(body, fieldId, (await plantings.getInField(accountId, fieldId, ref)).id);
      else checkWriteBack(body, fieldId);
      return present(await plantings.replace(accountId, fieldId, ref, body));
    },
  );

  app.patch(
    '/v2/agronomics/fields/:fieldId/plantings/:plantingId',
    { schema: { summary: 'Change a planting (JSON-Patch test/replace)', tags: TAGS, params: FieldPlantingParams, body: PlantingPatchBody, response: { 200: PlantingSchema } } },
    async (request) => {
      const { fieldId, plantingId } = request.params;
      return present(await plantings.patch(request.auth.accountId, fieldId, parsePlantingRef(plantingId, true), request.body));
    },
  );

  app.delete(
    '/v2/agronomics/fields/:fieldId/plantings/:plantingId',
    { schema: { summary: 'Delete a planting', tags: TAGS, params: FieldPlantingParams } },
    async (request, reply) => {
      const { fieldId, plantingId } = request.params;
      await plantings.delete(request.auth.accountId, fieldId, parsePlantingRef(plantingId, true));
      return reply.code(204).send();
    },
  );
};
