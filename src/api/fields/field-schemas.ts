/** TypeBox schemas of the Field resource: validation, serialization (key order) and OpenAPI. */
import { Type } from 'typebox';
import { listQuery, Nullable, PropertiesQuery } from '../schema-helpers.js';

const IDENTIFIER = '^[A-Za-z0-9_-]+$';

export const FieldIdSchema = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: IDENTIFIER,
  description: '1 to 50 letters, digits, underscores or dashes',
});

export const FarmIdSchema = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: IDENTIFIER,
  description: '1 to 50 letters, digits, underscores or dashes',
});

export const FieldNameSchema = Nullable(
  Type.String({ minLength: 1, maxLength: 255, pattern: IDENTIFIER, description: 'null or 1 to 255 letters, digits, underscores or dashes' }),
);

export const CenterPointSchema = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90, description: 'a number from -90 to 90' }),
    longitude: Type.Number({ minimum: -180, maximum: 180, description: 'a number from -180 to 180' }),
  },
  { additionalProperties: false },
);

export const CreateFieldBody = Type.Object(
  {
    id: FieldIdSchema,
    name: Type.Optional(FieldNameSchema),
    farmId: FarmIdSchema,
    acres: Type.Optional(Nullable(Type.Number({ minimum: 0, description: 'null or a number of at least 0' }))),
    centerPoint: CenterPointSchema,
    _links: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export const FieldPatchBody = Type.Array(
  Type.Object(
    {
      op: Type.String({ enum: ['test', 'replace'], description: 'one of test, replace' }),
      path: Type.String({ enum: ['/name', '/farmId'], description: 'one of /name, /farmId (only these can be changed)' }),
      value: Type.Unknown(),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, description: 'a JSON-Patch array of at least one command' },
);

export const FieldParams = Type.Object({ fieldId: Type.String() });



/** `sort` choices: wire name → repository column. */
export const FIELD_SORTS = {
  name: 'name',
  farmid: 'farmId',
  acres: 'acres',
  latitude: 'latitude',
  longitude: 'longitude',
} as const;

export const FieldListQuery = Type.Object(listQuery('fields', Object.keys(FIELD_SORTS)));
export const FieldQuery = Type.Object(PropertiesQuery);
