/** /v2/agronomics/crops — the crop catalogue. Thin: parse → service → present. */
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import type { CatalogService } from '../../services/catalog-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { presentCrop } from './crop-presenter.js';
import { CROP_PROPERTIES, CROP_SORTS, CropListQuery, CropListSchema, CropParams, CropQuery, CropSchema } from './crop-schemas.js';

const TAGS = ['crops'];

export interface CropRouteOptions {
  catalog: CatalogService;
  baseUrl: string;
}

export const cropRoutes: ApiPlugin<CropRouteOptions> = async (app, { catalog: crops, baseUrl }) => {
  app.get(
    '/v2/agronomics/crops',
    { schema: { summary: 'List crops', tags: TAGS, querystring: CropListQuery, response: { 200: CropListSchema } } },
    async (request, reply) => {
      const query = request.query;
      const paging = parsePaging(query, 'crops', request.auth.enterprise);
      const sort = parseSort(query.sort, CROP_SORTS, []);
      const chosen = parseProperties(query.properties, CROP_PROPERTIES);
      const page = crops.listCrops({
        name: query.crop,
        sort: sort.map((t) => ({ column: t.key, descending: t.descending })),
        ...paging,
      });
      checkOffset(paging.offset, page.total);
      reply.header('Content-Range', `${contentRange(paging.offset, page.items.length, page.total)} crops`);
      const path = request.url.split('?')[0]!;
      return {
        crops: page.items.map((crop) => presentCrop(crop, baseUrl, chosen)),
        _links: { self: link(request.url), ...pageLinks(path, query, paging, page.total) },
      };
    },
  );

  app.get(
    '/v2/agronomics/crops/:cropId',
    { schema: { summary: 'Get a crop', tags: TAGS, params: CropParams, querystring: CropQuery, response: { 200: CropSchema } } },
    async (request) => {
      const chosen = parseProperties(request.query.properties, CROP_PROPERTIES);
      return presentCrop(crops.getCrop(request.params.cropId), baseUrl, chosen);
    },
  );
};
