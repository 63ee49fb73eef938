/** TypeBox schemas of the Planting resource: validation, serialization (key order) and OpenAPI. */
import { Type } from 'typebox';
import { invalidParameter } from '../../http/api-error.js';
import { PLANTING_PATCH_PATHS, type PlantingRef } from '../../services/planting-service.js';
import { listQuery, Nullable, PropertiesQuery } from '../schema-helpers.js';

const DATE = { description: 'a date written YYYY-MM-DD' };

/** Planting and irrigation ids are issued by the database as 32-bit integers: a larger one cannot exist. */
export const MAX_PLANTING_ID = 2_147_483_647;

/** Whether a path segment is an id the database could have issued: a whole number from 1 to MAX_PLANTING_ID. */
export function isIssuedId(value: string): boolean {
  return /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= MAX_PLANTING_ID;
}

const YieldBody = Nullable(
  Type.Object(
    {
      amount: Type.Optional(Nullable(Type.Number({ minimum: 0, description: 'null or a number of at least 0' }))),
      units: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, description: 'null or a unit label of 1 to 100 characters' }))),
    },
    { additionalProperties: false, description: 'null or an object with amount and units' },
  ),
);

const ProjectionsBody = Nullable(
  Type.Object(
    {
      yield: Type.Optional(YieldBody),
      harvestDate: Type.Optional(Nullable(Type.String(DATE))),
    },
    { additionalProperties: false, description: 'null or an object with yield and harvestDate' },
  ),
);

const writable = {
  crop: Type.String({ minLength: 1, maxLength: 100, description: 'a crop id or a crop name such as corn' }),
  plantingDate: Type.String(DATE),
  projections: Type.Optional(ProjectionsBody),
  yield: Type.Optional(YieldBody),
  harvestDate: Type.Optional(Nullable(Type.String(DATE))),
  /** Accepted so that a planting read with GET can be written back; must match when given. */
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PLANTING_ID, description: `the planting id as issued (a whole number from 1 to ${MAX_PLANTING_ID})` })),
  _links: Type.Optional(Type.Unknown()),
};

/** POST /v2/agronomics/fields/{fieldId}/plantings and PUT: `field`, when given, must name the field of the path. */
export const PlantingBody = Type.Object(
  { ...writable, field: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'the field id' })) },
  { additionalProperties: false },
);

/** POST /v2/agronomics/plantings: the field is named in the body. */
export const AccountPlantingBody = Type.Object(
  { ...writable, field: Type.String({ minLength: 1, maxLength: 50, description: 'the id of the field' }) },
  { additionalProperties: false },
);

export const PlantingPatchBody = Type.Array(
  Type.Object(
    {
      op: Type.String({ enum: ['test', 'replace'], description: 'one of test, replace' }),
      path: Type.String({ enum: [...PLANTING_PATCH_PATHS], description: `one of ${PLANTING_PATCH_PATHS.join(', ')} (only these can be changed)` }),
      value: Type.Unknown(),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, description: 'a JSON-Patch array of at least one command' },
);

export const FieldPlantingsParams = Type.Object({ fieldId: Type.String() });
export const FieldPlantingParams = Type.Object({ fieldId: Type.String(), plantingId: Type.String() });
export const PlantingParams = Type.Object({ plantingId: Type.String() });


/** `sort` choices: wire name → repository column. */
export const PLANTING_SORTS = {
  id: 'id',
  crop: 'crop',
  field: 'fieldId',
  plantingDate: 'plantingDate',
  harvestDate: 'harvestDate',
} as const;

/** Plantings are sorted by one property at a time. */
export const PlantingListQuery = Type.Object({ ...listQuery('plantings', Object.keys(PLANTING_SORTS), true), crop: Type.Optional(Type.String({ description: 'a crop id' })) });
export const PlantingQuery = Type.Object(PropertiesQuery);

/** `{plantingId}`: a planting id, a whole number from 1 to MAX_PLANTING_ID. */
export function parsePlantingId(value: string, allowCurrent = false): number {
  if (isIssuedId(value)) return Number(value);
  throw invalidParameter(
    'plantingId',
    `plantingId must be a planting id (a whole number from 1 to ${MAX_PLANTING_ID})${allowCurrent ? " or 'current'" : ''} (got '${value}').`,
  );
}

/** `{plantingId}` where the path also takes `current`, the field's most recently created planting. */
export function parsePlantingRef(value: string, allowCurrent: true): PlantingRef {
  return allowCurrent && value === 'current' ? 'current' : parsePlantingId(value, allowCurrent);
}
