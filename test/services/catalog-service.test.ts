/**
 * The catalogue service over a small catalogue of its own: filters by crop name and id, byte-wise
 * sorting with nulls last and stable ties, pages with the total, 400 for unknown filters and 404
 * for unknown ids.
 */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/catalog/catalog.js';
import { createCatalogService, type CropRecord, type GrowthStageModel } from '../../src/services/catalog-service.js';
import { parameterMessage, refusal } from '../support/domain-errors.js';

const crop = (id: string, name: string, type: string | null, variety: string | null, isDefaultForCrop: boolean): CropRecord => ({ id, name, type, variety, isDefaultForCrop });

const CROPS = [
  crop('zea-1', 'Zea', null, 'y', true),
  crop('apple-b', 'apple', 'B', 'x', false),
  crop('bean-1', 'bean', 'éclair', null, true),
  crop('apple-a', 'apple', 'a', null, true),
];

const model = (id: string, name: string, crops: string[]): GrowthStageModel => ({
  id,
  name,
  description: `${name} model`,
  type: 'growthstage',
  source: { name: 'test', link: null },
  crops,
  biofix: 0,
  gddMethod: 'standard',
  gddBaseTemp: 10,
  gddMaxBoundary: null,
  gddMinBoundary: null,
  stages: [{ id: 's1', stage: null, description: 'first', gddThreshold: 100 }],
});

const MODELS = [model('M2', 'Same', ['apple-a']), model('M1', 'Same', ['apple-b', 'zea-1']), model('aModel', 'Another', ['bean-1'])];

const catalog = createCatalogService(createCatalog({ crops: CROPS }, { models: MODELS }));
const everything = { sort: [], limit: 100, offset: 0 };
const ids = (page: { items: { id: string }[]; total: number }) => ({ ids: page.items.map((item) => item.id), total: page.total });

describe('catalogue service', () => {
  describe('crops', () => {
    it('lists every crop by id unless sorted otherwise', () => {
      expect(ids(catalog.listCrops(everything))).toEqual({ ids: ['apple-a', 'apple-b', 'bean-1', 'zea-1'], total: 4 });
    });

    it('sorts byte-wise (capitals first, accented letters last), nulls last either way, ties by id', () => {
      expect(ids(catalog.listCrops({ ...everything, sort: [{ column: 'name', descending: false }] })).ids).toEqual(['zea-1', 'apple-a', 'apple-b', 'bean-1']);
      expect(ids(catalog.listCrops({ ...everything, sort: [{ column: 'name', descending: true }] })).ids).toEqual(['bean-1', 'apple-a', 'apple-b', 'zea-1']);
      expect(ids(catalog.listCrops({ ...everything, sort: [{ column: 'type', descending: false }] })).ids).toEqual(['apple-b', 'apple-a', 'bean-1', 'zea-1']);
      expect(ids(catalog.listCrops({ ...everything, sort: [{ column: 'type', descending: true }] })).ids).toEqual(['bean-1', 'apple-a', 'apple-b', 'zea-1']);
      expect(ids(catalog.listCrops({ ...everything, sort: [{ column: 'variety', descending: true }, { column: 'id', descending: true }] })).ids).toEqual([
        'zea-1',
        'apple-b',
        'bean-1',
        'apple-a',
      ]);
    });

    it('filters by crop name, whatever its case, and pages with the total', () => {
      expect(ids(catalog.listCrops({ ...everything, name: 'APPLE' }))).toEqual({ ids: ['apple-a', 'apple-b'], total: 2 });
      expect(ids(catalog.listCrops({ sort: [], limit: 2, offset: 1 }))).toEqual({ ids: ['apple-b', 'bean-1'], total: 4 });
      expect(ids(catalog.listCrops({ sort: [], limit: 2, offset: 4 }))).toEqual({ ids: [], total: 4 });
    });

    it("is 400 naming 'crop' for a name no crop has, listing the names", () => {
      const error = refusal(() => catalog.listCrops({ ...everything, name: 'pear' }), { kind: 'invalid', simpleMessage: parameterMessage('crop') });
      expect(error.detailedMessage).toBe("crop must be a crop name, one of Zea, apple, bean (got 'pear').");
    });

    it('reads a crop by id, 404 for an unknown one', () => {
      expect(catalog.getCrop('bean-1')).toEqual(CROPS[2]);
      refusal(() => catalog.getCrop('Bean-1'), { kind: 'notFound', simpleMessage: 'Crop not found.' });
    });
  });

  describe('models', () => {
    it("keeps the catalogue's order unsorted, and within equal sort keys", () => {
      expect(ids(catalog.listModels(everything))).toEqual({ ids: ['M2', 'M1', 'aModel'], total: 3 });
      expect(ids(catalog.listModels({ ...everything, sort: [{ column: 'name', descending: false }] })).ids).toEqual(['aModel', 'M2', 'M1']);
      expect(ids(catalog.listModels({ ...everything, sort: [{ column: 'id', descending: false }] })).ids).toEqual(['M1', 'M2', 'aModel']);
    });

    it('filters by crop name (any crop of that name) and by crop id, both together too', () => {
      expect(ids(catalog.listModels({ ...everything, cropName: 'Apple' })).ids).toEqual(['M2', 'M1']);
      expect(ids(catalog.listModels({ ...everything, cropId: 'zea-1' })).ids).toEqual(['M1']);
      expect(ids(catalog.listModels({ ...everything, cropName: 'apple', cropId: 'apple-a' })).ids).toEqual(['M2']);
      expect(ids(catalog.listModels({ ...everything, cropName: 'bean', cropId: 'apple-a' }))).toEqual({ ids: [], total: 0 });
      expect(ids(catalog.listModels({ sort: [], limit: 1, offset: 1, cropName: 'apple' }))).toEqual({ ids: ['M1'], total: 2 });
    });

    it("is 400 naming 'crop' or 'cropId' for filters that name no crop", () => {
      refusal(() => catalog.listModels({ ...everything, cropName: 'pear' }), { kind: 'invalid', simpleMessage: parameterMessage('crop') });
      const error = refusal(() => catalog.listModels({ ...everything, cropId: 'apple' }), { kind: 'invalid', simpleMessage: parameterMessage('cropId') });
      expect(error.detailedMessage).toContain("(got 'apple')");
    });

    it('reads a model by id, 404 for an unknown one', () => {
      expect(catalog.getModel('aModel')).toEqual(MODELS[2]);
      refusal(() => catalog.getModel('amodel'), { kind: 'notFound', simpleMessage: 'Model not found.' });
    });
  });
});
