/** Reading the crop and growth-stage model catalogue: filters, sorting and pages, all in memory. */
import type { Catalog, CropRecord, GrowthStageModel } from '../catalog/catalog.js';
import { invalid, notFoundError } from '../core/errors.js';
import type { Page } from '../store/field-repository.js';
import type { SortTerm } from '../store/ordering.js';

export type { CropRecord, GrowthStageModel } from '../catalog/catalog.js';

export type CropSortColumn = 'id' | 'name' | 'type' | 'variety';
export type ModelSortColumn = 'id' | 'name' | 'type';

export interface CatalogService {
  listCrops(options: { name?: string; sort: SortTerm<CropSortColumn>[]; limit: number; offset: number }): Page<CropRecord>;
  getCrop(id: string): CropRecord;
  listModels(options: { cropName?: string; cropId?: string; sort: SortTerm<ModelSortColumn>[]; limit: number; offset: number }): Page<GrowthStageModel>;
  getModel(id: string): GrowthStageModel;
}

/**
 * Byte-wise text order (as the database lists sort), nulls last whatever the direction; items
 * equal in every term keep their order in `items` (the sort is stable).
 */
function sorted<T>(items: readonly T[], sort: SortTerm<string>[], value: (item: T, column: string) => string | null): T[] {
  return [...items].sort((a, b) => {
    for (const term of sort) {
      const x = value(a, term.column);
      const y = value(b, term.column);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const order = Buffer.compare(Buffer.from(x), Buffer.from(y));
      return term.descending ? -order : order;
    }
    return 0;
  });
}

export function createCatalogService(catalog: Catalog): CatalogService {
  const names = () => [...new Set(catalog.crops.map((crop) => crop.name))];
  const cropsNamed = (name: string, parameter: string) => {
    const crops = catalog.cropsNamed(name);
    if (crops.length === 0) {
      throw invalid(`Invalid value for parameter '${parameter}'.`, `${parameter} must be a crop name, one of ${names().join(', ')} (got '${name}').`);
    }
    return crops;
  };
  return {
    listCrops({ name, sort, limit, offset }) {
      const crops = name === undefined ? catalog.crops : cropsNamed(name, 'crop');
      const all = sorted(crops, [...sort, { column: 'id', descending: false }], (crop, column) => crop[column as CropSortColumn]);
      return { items: all.slice(offset, offset + limit), total: all.length };
    },
    getCrop(id) {
      const crop = catalog.crop(id);
      if (!crop) throw notFoundError('Crop', `No crop with id '${id}' exists; see /v2/agronomics/crops.`);
      return crop;
    },
    listModels({ cropName, cropId, sort, limit, offset }) {
      let models = [...catalog.models];
      if (cropName !== undefined) {
        const ids = new Set(cropsNamed(cropName, 'crop').map((crop) => crop.id));
        models = models.filter((model) => model.crops.some((id) => ids.has(id)));
      }
      if (cropId !== undefined) {
        if (!catalog.crop(cropId)) {
          throw invalid("Invalid value for parameter 'cropId'.", `cropId must be a crop id from /v2/agronomics/crops (got '${cropId}').`);
        }
        models = models.filter((model) => model.crops.includes(cropId));
      }
      // Unsorted, and within equal sort keys, models keep the catalogue's order (the original
      // service's order).
      const all = sorted(models, sort, (model, column) => model[column as ModelSortColumn]);
      return { items: all.slice(offset, offset + limit), total: all.length };
    },
    getModel(id) {
      const model = catalog.model(id);
      if (!model) throw notFoundError('Model', `No model with id '${id}' exists; see /v2/agronomics/models.`);
      return model;
    },
  };
}
