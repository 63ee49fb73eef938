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

/**
 * Writes the JSON of a list of fields with every property: each field's text as `serializeField`
 * writes `presentField(field)`, joined with commas. A field's text is kept with its record while
 * the record lives (the store hands out the same immutable records for an account's fields until
 * one of them changes, and a changed field is a new record), so a page of fields already listed
 * is joined rather than serialized again.
 */
export function fieldListWriter(serializeField: (field: ReturnType<typeof presentField>) => string): (fields: readonly FieldRecord[]) => string {
  const texts = new WeakMap<FieldRecord, string>();
  return (fields) => {
    let json = '';
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      let text = texts.get(field);
      if (text === undefined) {
        text = serializeField(presentField(field));
        texts.set(field, text);
      }
      json += i === 0 ? text : ',' + text;
    }
    return json;
  };
}
