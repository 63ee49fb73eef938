/** The one place that knows the Crop JSON shape and key order. */
import type { CropRecord } from '../../services/catalog-service.js';
import { curies, link, segment } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import { CROP_PROPERTIES } from './crop-schemas.js';

export function cropPath(id: string): string {
  return `/v2/agronomics/crops/${segment(id)}`;
}

export function presentCrop(crop: CropRecord, baseUrl: string, chosen: Set<string> | null = null) {
  const body = {
    id: crop.id,
    name: crop.name,
    type: crop.type,
    variety: crop.variety,
    isDefaultForCrop: crop.isDefaultForCrop,
    _links: {
      self: link(cropPath(crop.id)),
      curies: curies(baseUrl),
      'svc:plantings': link(`/v2/agronomics/plantings?crop=${encodeURIComponent(crop.id)}`),
    },
  };
  return selectProperties(body, chosen, CROP_PROPERTIES);
}
