/** The one place that knows the Planting JSON shape and key order. */
import { curies, link, segment } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import type { PlantingRecord } from '../../store/planting-repository.js';
import { cropPath } from '../crops/crop-presenter.js';
import { fieldPath } from '../fields/field-presenter.js';
import { PLANTING_PROPERTIES } from './planting-schemas.js';

export function plantingPath(fieldId: string, id: number): string {
  return `/v2/agronomics/fields/${segment(fieldId)}/plantings/${id}`;
}

/** A yield or projections group is `null` when none of its members is set. */
export function presentPlanting(planting: PlantingRecord, baseUrl: string, chosen: Set<string> | null = null) {
  const projected = planting.projectedYield;
  const actual = planting.actualYield;
  const body = {
    id: planting.id,
    crop: planting.crop,
    field: planting.fieldId,
    plantingDate: planting.plantingDate,
    projections:
      projected === null && planting.projectedHarvestDate === null
        ? null
        : {
            yield: projected && { amount: projected.amount, units: projected.units },
            harvestDate: planting.projectedHarvestDate,
          },
    yield: actual && { amount: actual.amount, units: actual.units },
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
