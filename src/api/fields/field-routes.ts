/** /v2/fields — the field registry. Thin: parse → service → present. */
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import { Value } from 'typebox/value';
import { invalid } from '../../core/errors.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { link } from '../../http/links.js';
import { JSON_TYPE } from '../../http/representation.js';
import { aroundArray } from '../../http/written-body.js';
import { parseProperties } from '../../http/properties.js';
import type { EditableField, FieldService } from '../../services/field-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { FIELD_PROPERTIES, FieldListSchema, fieldListWriter, fieldPath, FieldSchema, presentField } from './field-table.js';
import {
  CreateFieldBody,
  FarmIdSchema,
  FIELD_SORTS,
  FieldListQuery,
  FieldNameSchema,
  FieldParams,
  FieldPatchBody,
  FieldQuery,
} from './field-schemas.js';

const TAGS = ['fields'];

/** The rules of the Field table for what JSON-Patch may change. */
function checkEditable(field: EditableField): void {
  if (!Value.Check(FieldNameSchema, field.name)) {
    throw invalid("Invalid value for property 'name'.", "'name' must be null or 1 to 255 letters, digits, underscores or dashes; nothing was changed.");
  }
  if (!Value.Check(FarmIdSchema, field.farmId)) {
    throw invalid("Invalid value for property 'farmId'.", "'farmId' must be 1 to 50 letters, digits, underscores or dashes; nothing was changed.");
  }
}

export interface FieldRouteOptions {
  fields: FieldService;
  baseUrl: string;
}

export const fieldRoutes: ApiPlugin<FieldRouteOptions> = async (app, { fields, baseUrl }) => {
  // A list with every property is written from its fields' bytes, each serialized once (by the
  // serializer of the list's items) for as long as the store hands out the same record.
  const writeFieldList = fieldListWriter(fastJson(FieldSchema));
  app.get(
    '/v2/fields',
    { schema: { summary: 'List fields', tags: TAGS, querystring: FieldListQuery, response: { 200: FieldListSchema } } },
    async (request, reply) => {
      const query = request.query;
      const paging = parsePaging(query, 'fields', request.auth.enterprise);
      const sort = parseSort(query.sort, FIELD_SORTS, []);
      const chosen = parseProperties(query.properties, FIELD_PROPERTIES);
      const page = await fields.list(request.auth.accountId, {
        sort: sort.map((t) => ({ column: t.key, descending: t.descending })),
        ...paging,
      });
      checkOffset(paging.offset, page.total);
      reply.header('Content-Range', `${contentRange(paging.offset, page.items.length, page.total)} fields`);
      const path = request.url.split('?')[0]!;
      const links = { self: link(request.url), ...pageLinks(path, query, paging, page.total) };
      if (chosen !== null) return { fields: page.items.map((field) => presentField(field, chosen)), _links: links };
      // The bytes are sent as they are (the reply's type is that of the objects, which they stand for).
      const [before, after] = aroundArray((value) => reply.serialize(value) as string, { _links: links }, 'fields');
      return (reply as FastifyReply).type(JSON_TYPE).send(writeFieldList(before, page.items, after));
    },
  );

  app.get(
    '/v2/fields/:fieldId',
    { schema: { summary: 'Get a field', tags: TAGS, params: FieldParams, querystring: FieldQuery, response: { 200: FieldSchema } } },
    async (request) => {
      const { fieldId } = request.params;
      const chosen = parseProperties(request.query.properties, FIELD_PROPERTIES);
      return presentField(await fields.get(request.auth.accountId, fieldId), chosen);
    },
  );

  app.post(
    '/v2/fields',
    { schema: { summary: 'Create a field', tags: TAGS, body: CreateFieldBody, response: { 201: FieldSchema } } },
    async (request, reply) => {
      const body = request.body;
      const field = await fields.create(request.auth.accountId, {
        id: body.id,
        name: body.name ?? null,
        farmId: body.farmId,
        acres: body.acres ?? null,
        latitude: body.centerPoint.latitude,
        longitude: body.centerPoint.longitude,
      });
      reply.code(201).header('Location', `${baseUrl}${fieldPath(field.id)}`);
      return presentField(field);
    },
  );

  app.patch(
    '/v2/fields/:fieldId',
    { schema: { summary: 'Change a field (JSON-Patch test/replace on /name and /farmId)', tags: TAGS, params: FieldParams, body: FieldPatchBody, response: { 200: FieldSchema } } },
    async (request) => {
      const { fieldId } = request.params;
      const operations = request.body;
      return presentField(await fields.patch(request.auth.accountId, fieldId, operations, checkEditable));
    },
  );

  app.delete(
    '/v2/fields/:fieldId',
    { schema: { summary: 'Delete a field', tags: TAGS, params: FieldParams } },
    async (request, reply) => {
      const { fieldId } = request.params;
      await fields.delete(request.auth.accountId, fieldId);
      return reply.code(204).send();
    },
  );
};
