/**
 * /v2/agronomics/crops — the crop catalogue. The whole resource: its output table, its routes.
 * Thin: parse → service → answer. Key order: id, name, type, variety, isDefaultForCrop, _links.
 */
import { Type } from 'typebox';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { curies, link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import type { CropRecord } from '../../services/catalog-service.js';
import type { CatalogService } from '../../services/catalog-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { choosableProperties, compileEntry, entrySchema, entryTable, type OutputView, out } from '../output-table.js';
import { cropPath } from '../paths.js';
import { CuriesSchema, LinkSchema, listQuery, PropertiesQuery } from '../schema-helpers.js';

interface CropView extends OutputView {
  baseUrl: string;
}

const CROP = entryTable<CropRecord, CropView>({
  id: { ...out.text<CropRecord>((crop) => crop.id), always: true },
  name: out.text<CropRecord>((crop) => crop.name),
  type: out.optionalText<CropRecord>((crop) => crop.type),
  variety: out.optionalText<CropRecord>((crop) => crop.variety),
  isDefaultForCrop: out.boolean<CropRecord>((crop) => crop.isDefaultForCrop),
  _links: {
    ...out.json<CropRecord, CropView>(
      Type.Object({ self: Type.Optional(LinkSchema), curies: Type.Optional(CuriesSchema), 'svc:plantings': Type.Optional(LinkSchema) }),
      (crop, _, view) => ({
        self: link(cropPath(crop.id)),
        curies: curies(view.baseUrl),
        'svc:plantings': link(`/v2/agronomics/plantings?crop=${encodeURIComponent(crop.id)}`),
      }),
    ),
    always: true,
  },
});

const CROP_PROPERTIES = choosableProperties(CROP);
const CROP_SORTS = { id: 'id', name: 'name', type: 'type', variety: 'variety' } as const;

const CropSchema = entrySchema(CROP);
const CropListSchema = Type.Object({
  crops: Type.Optional(Type.Array(CropSchema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema), next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) })),
});

const TAGS = ['crops'];

export interface CropRouteOptions {
  catalog: CatalogService;
  baseUrl: string;
}

export const cropRoutes: ApiPlugin<CropRouteOptions> = async (app, { catalog: crops, baseUrl }) => {
  const presenter = (properties: string | undefined) => {
    const chosen = parseProperties(properties, CROP_PROPERTIES);
    const entry = compileEntry(CROP, { units: 'metric', baseUrl }, (name) => chosen === null || chosen.has(name));
    return (crop: CropRecord) => entry.object(crop, 0);
  };

  app.get(
    '/v2/agronomics/crops',
    {
      schema: {
        summary: 'List crops',
        tags: TAGS,
        querystring: Type.Object({ ...listQuery('crops', Object.keys(CROP_SORTS)), crop: Type.Optional(Type.String({ description: 'a crop name, such as corn' })) }),
        response: { 200: CropListSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = parsePaging(query, 'crops', request.auth.enterprise);
      const sort = parseSort(query.sort, CROP_SORTS, []);
      const present = presenter(query.properties);
      const page = crops.listCrops({
        name: query.crop,
        sort: sort.map((t) => ({ column: t.key, descending: t.descending })),
        ...paging,
      });
      checkOffset(paging.offset, page.total);
      reply.header('Content-Range', `${contentRange(paging.offset, page.items.length, page.total)} crops`);
      const path = request.url.split('?')[0]!;
      return {
        crops: page.items.map(present),
        _links: { self: link(request.url), ...pageLinks(path, query, paging, page.total) },
      };
    },
  );

  app.get(
    '/v2/agronomics/crops/:cropId',
    {
      schema: {
        summary: 'Get a crop',
        tags: TAGS,
        params: Type.Object({ cropId: Type.String() }),
        querystring: Type.Object(PropertiesQuery),
        response: { 200: CropSchema },
      },
    },
    async (request) => presenter(request.query.properties)(crops.getCrop(request.params.cropId)),
  );
};
