/**
 * Query and path values that arrive as text and are parsed by their route (numbers, choices
 * matched without regard to case, lists) are validated by their schema as any string, so that a
 * bad value is answered with the route's own message. The OpenAPI document shows them as what
 * they mean: the schema keyword `x-openapi` holds that description (a number with its bounds, a
 * choice of values, an example), and the document transform puts it in place of the string.
 * Validation never reads the keyword (Ajv is told it exists, nothing more).
 */
import type { FastifySchema } from 'fastify';

/** The keyword of a value's description in the OpenAPI document. */
export const OPENAPI_KEYWORD = 'x-openapi';

/** The request parts whose properties become parameters: the query string and the path. */
const PARAMETER_PARTS = ['querystring', 'params'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One property as documented: its `x-openapi` in place of the text schema, its description kept unless that replaces it. */
function documentedProperty(property: unknown): unknown {
  if (!isObject(property) || !isObject(property[OPENAPI_KEYWORD])) return property;
  const documented = property[OPENAPI_KEYWORD] as JsonObject;
  return property.description === undefined ? { ...documented } : { description: property.description, ...documented };
}

/** A parameter object schema with each property's documented form (new objects; the route's own schema is left as it is). */
export function documentedParameters(schema: unknown): unknown {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, documentedProperty(property)]));
  return { ...schema, properties };
}

/** The OpenAPI transform's part for parameters: the query string and path schemas as documented. */
export function documentParsedValues(schema: FastifySchema): FastifySchema {
  if (!schema) return schema;
  let result = schema;
  for (const part of PARAMETER_PARTS) {
    const original = (schema as Record<string, unknown>)[part];
    const documented = documentedParameters(original);
    if (documented !== original) result = { ...result, [part]: documented };
  }
  return result;
}
