/** The one place that knows the Planting JSON shape and key order. */
import { plantingPath } from '../paths.js';
export { plantingPath } from '../paths.js';
import { curies, link } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import type { PlantingRecord, Yield } from '../../services/planting-service.js';
import { cropPath } from '../paths.js';
import { fieldPath } from '../fields/field-table.js';
import { PLANTING_PROPERTIES } from './planting-schemas.js';

/** A yield pair as a group: unset is `{ amount: null, units: null }`, never a bare null. */
function yieldGroup(pair: Yield | null) {
  return { amount: pair?.amount ?? null, units: pair?.units ?? null };
}

/**
 * Groups keep their shape (supplement, "Nulls"): `projections` and `yield` are always objects,
 * unset leaves `null`, so clients unpacking them column by column see the same keys in every row.
 */
export function presentPlanting(planting: PlantingRecord, baseUrl: string, chosen: Set<string> | null = null) {
  const body = {
    id: planting.id,
    crop: planting.crop,
    field: planting.fieldId,
    plantingDate: planting.plantingDate,
    projections: { yield: yieldGroup(planting.projectedYield), harvestDate: planting.projectedHarvestDate },
    yield: yieldGroup(planting.actualYield),
    harvestDate: planting.harvestDate,
    _links: {
      self: link(plantingPath(planting.fieldId, planting.id)),
      curies: curies(baseUrl),
      'svc:field': link(fieldPath(planting.fieldId)),
      'svc:crop': link(cropPath(planting.crop)),
    },
  };
  return selectProperties(body, chosen, PLANTING_PROPERTIES);
}
