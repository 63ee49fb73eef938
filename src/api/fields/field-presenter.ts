/** The one place that knows the Field JSON shape and key order. */
import { link, segment } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import type { FieldRecord } from '../../services/field-service.js';
import { FIELD_PROPERTIES } from './field-schemas.js';

export function fieldPath(id: string): string {
  return `/v2/fields/${segment(id)}`;
}

export function presentField(field: FieldRecord, chosen: Set<string> | null = null) {
  const body = {
    name: field.name,
    acres: field.acres,
    centerPoint: { latitude: field.latitude, longitude: field.longitude },
    farmId: field.farmId,
    id: field.id,
    _links: { self: link(fieldPath(field.id)) },
  };
  return selectProperties(body, chosen, FIELD_PROPERTIES);
}
