/** The one place that knows the Field JSON shape and key order. */
import { fieldPath } from '../paths.js';
export { fieldPath } from '../paths.js';
import { link } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import type { FieldRecord } from '../../services/field-service.js';
import { FIELD_PROPERTIES } from './field-schemas.js';

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
 * Writes the items of a list of fields with every property as UTF-8: each field's JSON as
 * `serializeField` writes `presentField(field)`, comma-separated, between `before` and `after`.
 * A field's bytes are kept with its record while the record lives (the store hands out the same
 * immutable records for an account's fields until one of them changes, and a changed field is a
 * new record), so a page of fields already listed is copied together rather than serialized and
 * encoded again.
 */
export function fieldListWriter(serializeField: (field: ReturnType<typeof presentField>) => string): (before: string, fields: readonly FieldRecord[], after: string) => Buffer {
  // Each field's bytes in memory of their own (TextEncoder): a small Buffer.from would share, and
  // keep alive, a slab of Node's buffer pool.
  const utf8 = new TextEncoder();
  const bytes = new WeakMap<FieldRecord, Uint8Array>();
  const comma = utf8.encode(',');
  return (before, fields, after) => {
    const parts: Uint8Array[] = [Buffer.from(before, 'utf8')];
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      let text = bytes.get(field);
      if (text === undefined) {
        text = utf8.encode(serializeField(presentField(field)));
        bytes.set(field, text);
      }
      if (i > 0) parts.push(comma);
      parts.push(text);
    }
    parts.push(Buffer.from(after, 'utf8'));
    return Buffer.concat(parts);
  };
}
