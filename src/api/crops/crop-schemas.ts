/** TypeBox schemas of the Crop resource: serialization (key order), query parameters and OpenAPI. */
import { Type } from 'typebox';
import { CuriesSchema, LinkSchema, ListQuery, Nullable } from '../schema-helpers.js';

/** Key order: id, name, type, variety, isDefaultForCrop, _links (every property optional to keep it). */
export const CropSchema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  type: Type.Optional(Nullable(Type.String())),
  variety: Type.Optional(Nullable(Type.String())),
  isDefaultForCrop: Type.Optional(Type.Boolean()),
  _links: Type.Optional(
    Type.Object({ self: Type.Optional(LinkSchema), curies: Type.Optional(CuriesSchema), 'svc:plantings': Type.Optional(LinkSchema) }),
  ),
});

export const CropListSchema = Type.Object({
  crops: Type.Optional(Type.Array(CropSchema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema), next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) })),
});

export const CropParams = Type.Object({ cropId: Type.String() });
export const CropListQuery = Type.Object({ ...ListQuery, crop: Type.Optional(Type.String({ description: 'a crop name, such as corn' })) });
export const CropQuery = Type.Object({ properties: ListQuery.properties });

/** `properties` choices (matched case-insensitively); `id` and `_links` are always included. */
export const CROP_PROPERTIES = ['name', 'type', 'variety', 'isDefaultForCrop'] as const;

export const CROP_SORTS = { id: 'id', name: 'name', type: 'type', variety: 'variety' } as const;
