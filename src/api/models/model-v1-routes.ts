/**
 * /v1/models — the deprecated version 1 model catalogue, kept for existing clients. Every answer
 * carries `Deprecation`, `Sunset` (15 January 2016, the announced removal date) and a link to
 * its successor, /v2/agronomics/models.
 */
import { invalidParameter } from '../../http/api-error.js';
import { link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import type { CatalogService, GrowthStageModel } from '../../services/catalog-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { presentModelV1, MODEL_V1_PROPERTIES, ModelV1ListSchema, ModelV1Schema } from './model-table.js';
import {
  MODEL_V1_CROPS,
  ModelParams,
  ModelV1ListQuery,
  ModelV1Query,
} from './model-schemas.js';

const TAGS = ['models (v1, deprecated)'];

/** RFC 9745 `Deprecation` (a structured date) and RFC 8594 `Sunset` (an HTTP-date), both 15 January 2016. */
export const V1_DEPRECATION = '@1452816000';
export const V1_SUNSET = 'Fri, 15 Jan 2016 00:00:00 GMT';

/** An encapsulated plugin: its hook adds the deprecation headers to its own routes only. */
export const modelV1Routes: ApiPlugin<{ catalog: CatalogService }> = async (v1, { catalog: models }) => {
  const present = (model: GrowthStageModel, chosen: Set<string> | null) => presentModelV1(model, models.getCrop(model.crops[0]!), chosen);

  v1.addHook('onRequest', async (_request, reply) => {
    reply.header('Deprecation', V1_DEPRECATION);
    reply.header('Sunset', V1_SUNSET);
    reply.header('Link', '</v2/agronomics/models>; rel="successor-version"');
  });

  v1.get(
    '/v1/models',
    { schema: { summary: 'List growth-stage models (deprecated: use /v2/agronomics/models)', tags: TAGS, deprecated: true, querystring: ModelV1ListQuery, response: { 200: ModelV1ListSchema } } },
    async (request) => {
      const query = request.query;
      const chosen = parseProperties(query.properties, MODEL_V1_PROPERTIES);
      const crop = query.crop?.trim().toLowerCase();
      if (crop !== undefined && !(MODEL_V1_CROPS as readonly string[]).includes(crop)) {
        throw invalidParameter('crop', `crop must be one crop, one of ${MODEL_V1_CROPS.join(', ')} (got '${query.crop}').`);
      }
      const page = models.listModels({ cropName: crop, sort: [], limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      return { models: page.items.map((model) => present(model, chosen)), _links: { self: link(request.url) } };
    },
  );

  v1.get(
    '/v1/models/:modelId',
    { schema: { summary: 'Get a growth-stage model (deprecated: use /v2/agronomics/models/{modelId})', tags: TAGS, deprecated: true, params: ModelParams, querystring: ModelV1Query, response: { 200: ModelV1Schema } } },
    async (request) => {
      const chosen = parseProperties(request.query.properties, MODEL_V1_PROPERTIES);
      return present(models.getModel(request.params.modelId), chosen);
    },
  );
};
