/**
 * The Planting answer, declared once (api/output-table.ts): its schema, its object, its
 * `properties` choices. Key order: id, crop, field, plantingDate, projections, yield, harvestDate,
 * _links. Groups keep their shape (supplement, "Nulls"): `projections` and `yield` are always
 * objects, unset leaves `null` (`{ amount: null, units: null }`, never a bare null), so clients
 * unpacking them column by column see the same keys in every row.
 */
import { Type } from 'typebox';
import { curies, link } from '../../http/links.js';
import type { PlantingRecord, Yield } from '../../services/planting-service.js';
import { choosableProperties, compileEntry, entrySchema, entryTable, type OutputView, out } from '../output-table.js';
import { cropPath, fieldPath, plantingPath } from '../paths.js';
import { CuriesSchema, LinkSchema, Nullable } from '../schema-helpers.js';

export { plantingPath } from '../paths.js';

interface PlantingView extends OutputView {
  baseUrl: string;
}

const YieldSchema = Type.Object({ amount: Type.Optional(Nullable(Type.Number())), units: Type.Optional(Nullable(Type.String())) });
/** A yield pair as a group, as it was entered. */
const yieldGroup = (read: (planting: PlantingRecord) => Yield | null) =>
  out.json<PlantingRecord, PlantingView>(YieldSchema, (planting) => {
    const pair = read(planting);
    return { amount: pair?.amount ?? null, units: pair?.units ?? null };
  });

const PLANTING = entryTable<PlantingRecord, PlantingView>({
  id: { ...out.json<PlantingRecord, PlantingView>(Type.Integer(), (planting) => planting.id), always: true },
  crop: out.text<PlantingRecord>((planting) => planting.crop),
  field: out.text<PlantingRecord>((planting) => planting.fieldId),
  plantingDate: out.text<PlantingRecord>((planting) => planting.plantingDate, true),
  projections: out.object<PlantingRecord, PlantingView>({
    yield: yieldGroup((planting) => planting.projectedYield),
    harvestDate: out.optionalText<PlantingRecord>((planting) => planting.projectedHarvestDate),
  }),
  yield: yieldGroup((planting) => planting.actualYield),
  harvestDate: out.optionalText<PlantingRecord>((planting) => planting.harvestDate),
  _links: {
    ...out.json<PlantingRecord, PlantingView>(
      Type.Object({
        self: Type.Optional(LinkSchema),
        curies: Type.Optional(CuriesSchema),
        'svc:field': Type.Optional(LinkSchema),
        'svc:crop': Type.Optional(LinkSchema),
      }),
      (planting, _, view) => ({
        self: link(plantingPath(planting.fieldId, planting.id)),
        curies: curies(view.baseUrl),
        'svc:field': link(fieldPath(planting.fieldId)),
        'svc:crop': link(cropPath(planting.crop)),
      }),
    ),
    always: true,
  },
});

/** `properties` choices; `id` and `_links` are always included. */
export const PLANTING_PROPERTIES = choosableProperties(PLANTING);
export const PlantingSchema = entrySchema(PLANTING);
export const PlantingListSchema = Type.Object({
  plantings: Type.Optional(Type.Array(PlantingSchema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema), next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) })),
});

/** The Planting answer of `planting`, with the chosen properties (null: all). */
export function presentPlanting(planting: PlantingRecord, baseUrl: string, chosen: Set<string> | null = null) {
  return compileEntry(PLANTING, { units: 'metric', baseUrl }, (name) => chosen === null || chosen.has(name)).object(planting, 0);
}
