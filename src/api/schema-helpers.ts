/** Small TypeBox helpers shared by the resource schemas. */
import { type Static, type TSchema, Type } from 'typebox';

/** `type: [T, 'null']`: fast to validate and to serialize (no anyOf). */
export function Nullable<T extends TSchema>(schema: T) {
  const plain = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [plain.type, 'null'] });
}

export const LinkSchema = Type.Object({ href: Type.String() });

export const CuriesSchema = Type.Array(
  Type.Object({ name: Type.String(), href: Type.String(), templated: Type.Boolean() }),
);

/** The query string of list endpoints; every value arrives as text and is parsed by the http/ helpers. */
export const ListQuery = {
  limit: Type.Optional(Type.String({ description: 'page size (a whole number)' })),
  offset: Type.Optional(Type.String({ description: 'number of results to skip (a whole number)' })),
  sort: Type.Optional(Type.String({ description: 'property to sort by; prefix with - for descending order' })),
  properties: Type.Optional(Type.String({ description: 'comma-separated properties to include' })),
};

/**
 * A query value that must be one of `choices`, exactly as written: validated by the schema (400
 * naming the parameter, with `description` saying what is allowed) and typed as their union.
 */
export function TextChoice<const Choices extends readonly string[]>(choices: Choices, description: string) {
  return Type.Unsafe<Choices[number]>({ type: 'string', enum: [...choices], description });
}
