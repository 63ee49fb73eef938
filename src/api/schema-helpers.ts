/** Small TypeBox helpers shared by the resource schemas. */
import { type Static, type TSchema, Type } from 'typebox';
import { UNIT_SYSTEMS } from '../core/units.js';
import { MAX_OFFSET } from '../http/list-query.js';
import { LIST_LIMITS, type ListName } from '../http/limits.js';
import { OPENAPI_KEYWORD } from '../http/openapi-values.js';

/** `type: [T, 'null']`: fast to validate and to serialize (no anyOf). */
export function Nullable<T extends TSchema>(schema: T) {
  const plain = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [plain.type, 'null'] });
}

export const LinkSchema = Type.Object({ href: Type.String() });

export const CuriesSchema = Type.Array(
  Type.Object({ name: Type.String(), href: Type.String(), templated: Type.Boolean() }),
);

/**
 * A query or path value that arrives as text and is parsed by its route, which answers a bad
 * value with its own message: validated as any string (typed `string` for the handler), shown in
 * the OpenAPI document as `documented` (http/openapi-values.ts) — `{ type: 'integer', minimum,
 * maximum }`, `{ type: 'string', enum }`, with `examples` — so that clients type it as what it means.
 */
export function ParsedText(description: string, documented: Record<string, unknown>) {
  return Type.String({ description, [OPENAPI_KEYWORD]: documented });
}

/** `limit` and `offset` of a list, documented with the list's bounds (`LIST_LIMITS`). */
export function pagingQuery(list: ListName, words: { limit: string; offset: string } = { limit: 'page size (a whole number)', offset: 'number of results to skip (a whole number)' }) {
  const { max, enterpriseMax } = LIST_LIMITS[list];
  const bound = max === enterpriseMax ? `${max}` : `${max} (${enterpriseMax} for enterprise accounts)`;
  return {
    limit: Type.Optional(
      ParsedText(words.limit, {
        type: 'integer',
        minimum: 1,
        maximum: enterpriseMax,
        description: `${words.limit}: 1 to ${bound}`,
        examples: [Math.min(5, max)],
      }),
    ),
    offset: Type.Optional(
      ParsedText(words.offset, { type: 'integer', minimum: 0, maximum: MAX_OFFSET, description: `${words.offset}: 0 (default) to ${MAX_OFFSET}`, examples: [0] }),
    ),
  };
}

/**
 * `sort`: one of `names`, or with `-` for descending order (matched without regard to case). With
 * `oneTerm` (a list sorted by one property at a time) the document lists every choice (`enum`);
 * otherwise several terms may be joined with commas, and it names them in words.
 */
export function sortQuery(names: readonly string[], oneTerm: boolean, description = 'property to sort by; prefix with - for descending order') {
  const terms = names.flatMap((name) => [name, `-${name}`]);
  const documented = oneTerm
    ? { type: 'string', enum: terms, examples: [terms[1] ?? terms[0]] }
    : {
        type: 'string',
        description: `${description}; one or more of ${names.join(', ')}, separated by commas`,
        examples: [names.length > 1 ? `${names[1]},-${names[0]}` : names[0]],
      };
  return Type.Optional(ParsedText(description, documented));
}

/** `properties`: the comma-separated properties an answer keeps. */
const Properties = Type.Optional(Type.String({ description: 'comma-separated properties to include' }));

/** The query string of list endpoints; every value arrives as text and is parsed by the http/ helpers. */
export function listQuery(list: ListName, sorts: readonly string[], oneSortTerm = false) {
  return { ...pagingQuery(list), sort: sortQuery(sorts, oneSortTerm), properties: Properties };
}

/** `properties` alone (single objects). */
export const PropertiesQuery = { properties: Properties };

/** `units`: `metric` (default) or `usa`, matched without regard to case. */
export const UnitsParameter = Type.Optional(ParsedText('metric (default) or usa', { type: 'string', enum: [...UNIT_SYSTEMS], examples: ['usa'] }));

/**
 * A query value that must be one of `choices`, exactly as written: validated by the schema (400
 * naming the parameter, with `description` saying what is allowed) and typed as their union.
 * `documented`: how the OpenAPI document shows it, when not as these strings (numbers, say).
 */
export function TextChoice<const Choices extends readonly string[]>(choices: Choices, description: string, documented?: Record<string, unknown>) {
  return Type.Unsafe<Choices[number]>({ type: 'string', enum: [...choices], description, ...(documented ? { [OPENAPI_KEYWORD]: documented } : {}) });
}
