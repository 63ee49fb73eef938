/**
 * The Field answer, declared once (api/output-table.ts): its schema, its object, its `properties`
 * choices. Key order: name, acres, centerPoint, farmId, id, _links (clients read by position).
 * Acres and the centre point are written as they were entered.
 */
import { Type } from 'typebox';
import { link } from '../../http/links.js';
import type { FieldRecord } from '../../services/field-service.js';
import { choosableProperties, compileEntry, entrySchema, entryTable, type OutputView, out } from '../output-table.js';
import { fieldPath } from '../paths.js';
import { LinkSchema, Nullable } from '../schema-helpers.js';

export { fieldPath } from '../paths.js';

const FIELD = entryTable<FieldRecord, OutputView>({
  name: out.optionalText<FieldRecord>((field) => field.name),
  acres: out.json<FieldRecord, OutputView>(Nullable(Type.Number()), (field) => field.acres),
  centerPoint: out.json<FieldRecord, OutputView>(Type.Object({ latitude: Type.Number(), longitude: Type.Number() }), (field) => ({
    latitude: field.latitude,
    longitude: field.longitude,
  })),
  farmId: out.text<FieldRecord>((field) => field.farmId),
  id: { ...out.text<FieldRecord>((field) => field.id), always: true },
  _links: { ...out.json<FieldRecord, OutputView>(Type.Object({ self: LinkSchema }), (field) => ({ self: link(fieldPath(field.id)) })), always: true },
});

/** `properties` choices (wire names are matched case-insensitively). */
export const FIELD_PROPERTIES = choosableProperties(FIELD);
export const FieldSchema = entrySchema(FIELD);
export const FieldListSchema = Type.Object({
  fields: Type.Optional(Type.Array(FieldSchema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema), next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) })),
});

const EVERY_PROPERTY = compileEntry(FIELD, { units: 'metric' });

/** The Field answer of `field`, with the chosen properties (null: all). */
export function presentField(field: FieldRecord, chosen: Set<string> | null = null) {
  const entry = chosen === null ? EVERY_PROPERTY : compileEntry(FIELD, { units: 'metric' }, (name) => chosen.has(name));
  return entry.object(field, 0);
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
