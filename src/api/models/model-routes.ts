/**
 * /v2/agronomics/models (the growth-stage model catalogue, model details) and
 * /v2/agronomics/fields/{fieldId}/models/{modelId}/results; the deprecated /v1/models is in
 * model-v1-routes.ts. Thin: parse → service → present.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Catalog } from '../../catalog/catalog.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { createCatalogService, type ModelSortColumn } from '../../services/catalog-service.js';
import { createGrowthStageService } from '../../services/growth-stage-service.js';
import { presentModel, presentModelDetails, presentModelResults } from './model-presenter.js';
import {
  FieldModelParams,
  MODEL_PROPERTIES,
  MODEL_SORTS,
  ModelDetailsSchema,
  ModelListQuery,
  ModelListSchema,
  ModelParams,
  ModelQuery,
  ModelResultsSchema,
  ModelSchema,
  RESULTS_PROPERTIES,
  ResultsQuery,
  UnitsQuery,
} from './model-schemas.js';
import { modelV1Routes } from './model-v1-routes.js';

const TAGS = ['models'];

export async function modelRoutes(app: FastifyInstance, context: AppContext, catalog: Catalog): Promise<void> {
  const models = createCatalogService(catalog);
  const growthStages = createGrowthStageService({
    store: context.store,
    catalog,
    clock: context.clock,
    weather: context.weather,
    elevation: context.elevation,
    referenceEt: context.referenceEt,
  });
  const baseUrl = context.config.baseUrl;

  app.get(
    '/v2/agronomics/models',
    { schema: { summary: 'List growth-stage models', tags: TAGS, querystring: ModelListQuery, response: { 200: ModelListSchema } } },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const paging = parsePaging(query, 'models', request.auth.enterprise);
      const sort = parseSort(query.sort, MODEL_SORTS, []);
      const chosen = parseProperties(query.properties, MODEL_PROPERTIES);
      const page = models.listModels({
        cropName: query.crop,
        cropId: query.cropId,
        sort: sort.map((t) => ({ column: t.key as ModelSortColumn, descending: t.descending })),
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
      const { modelId } = request.params as { modelId: string };
      const chosen = parseProperties((request.query as { properties?: string }).properties, MODEL_PROPERTIES);
      return presentModel(models.getModel(modelId), baseUrl, chosen);
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
      const { modelId } = request.params as { modelId: string };
      const units = parseUnits((request.query as { units?: string }).units);
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
      const { fieldId, modelId } = request.params as { fieldId: string; modelId: string };
      const query = request.query as { units?: string; properties?: string };
      const units = parseUnits(query.units);
      const chosen = parseProperties(query.properties, RESULTS_PROPERTIES);
      const results = await growthStages.results(request.auth.accountId, fieldId, modelId, units);
      reply.header('X-Data-Source', results.source);
      return presentModelResults(results, request.url, baseUrl, chosen);
    },
  );

  await modelV1Routes(app, catalog);
}
