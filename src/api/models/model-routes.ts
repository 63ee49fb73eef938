/**
 * /v2/agronomics/models (the growth-stage model catalogue, model details) and
 * /v2/agronomics/fields/{fieldId}/models/{modelId}/results; the deprecated /v1/models is in
 * model-v1-routes.ts. Thin: parse → service → present.
 */
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import type { CatalogService } from '../../services/catalog-service.js';
import type { GrowthStageService } from '../../services/growth-stage-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { presentModel, presentModelDetails, presentModelResults, MODEL_PROPERTIES, ModelDetailsSchema, ModelListSchema, ModelResultsSchema, ModelSchema, RESULTS_PROPERTIES } from './model-table.js';
import {
  FieldModelParams,
  MODEL_SORTS,
  ModelListQuery,
  ModelParams,
  ModelQuery,
  ResultsQuery,
  UnitsQuery,
} from './model-schemas.js';
import { modelV1Routes } from './model-v1-routes.js';

const TAGS = ['models'];

export interface ModelRouteOptions {
  catalog: CatalogService;
  growthStages: GrowthStageService;
  baseUrl: string;
}

export const modelRoutes: ApiPlugin<ModelRouteOptions> = async (app, { catalog: models, growthStages, baseUrl }) => {
  app.get(
    '/v2/agronomics/models',
    { schema: { summary: 'List growth-stage models', tags: TAGS, querystring: ModelListQuery, response: { 200: ModelListSchema } } },
    async (request, reply) => {
      const query = request.query;
      const paging = parsePaging(query, 'models', request.auth.enterprise);
      const sort = parseSort(query.sort, MODEL_SORTS, []);
      const chosen = parseProperties(query.properties, MODEL_PROPERTIES);
      const page = models.listModels({
        cropName: query.crop,
        cropId: query.cropId,
        sort: sort.map((t) => ({ column: t.key, descending: t.descending })),
        ...paging,
      });
      checkOffset(paging.offset, page.total);
      reply.header('Content-Range', `${contentRange(paging.offset, page.items.length, page.total)} models`);
      const path = request.url.split('?')[0]!;
      return {
        models: page.items.map((model) => presentModel(model, baseUrl, chosen)),
        _links: { self: link(request.url), ...pageLinks(path, query, paging, page.total) },
      };
    },
  );

  app.get(
    '/v2/agronomics/models/:modelId',
    { schema: { summary: 'Get a growth-stage model', tags: TAGS, params: ModelParams, querystring: ModelQuery, response: { 200: ModelSchema } } },
    async (request) => {
      const chosen = parseProperties(request.query.properties, MODEL_PROPERTIES);
      return presentModel(models.getModel(request.params.modelId), baseUrl, chosen);
    },
  );

  app.get(
    '/v2/agronomics/models/:modelId/details',
    {
      schema: {
        summary: 'Get the GDD method and stage thresholds of a growth-stage model',
        tags: TAGS,
        params: ModelParams,
        querystring: UnitsQuery,
        response: { 200: ModelDetailsSchema },
      },
    },
    async (request) => {
      const { modelId } = request.params;
      const units = parseUnits(request.query.units);
      return presentModelDetails(modelId, growthStages.details(modelId, units), request.url, baseUrl);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/models/:modelId/results',
    {
      schema: {
        summary: "Run a growth-stage model on the field's current planting",
        tags: TAGS,
        params: FieldModelParams,
        querystring: ResultsQuery,
        response: { 200: ModelResultsSchema },
      },
    },
    async (request, reply) => {
      const { fieldId, modelId } = request.params;
      const query = request.query;
      const units = parseUnits(query.units);
      const chosen = parseProperties(query.properties, RESULTS_PROPERTIES);
      const results = await growthStages.results(request.auth.accountId, fieldId, modelId, units);
      reply.header('X-Data-Source', results.source);
      return presentModelResults(results, request.url, baseUrl, chosen);
    },
  );

  await app.register(modelV1Routes, { catalog: models });
};
