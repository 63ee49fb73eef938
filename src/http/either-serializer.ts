/**
 * Serializers for answers whose response schema is `if`/`then`/`else` on the keys the body holds
 * (`ListOrSingle` in api/weather/weather-schemas.ts, `RangedOrSingle` in
 * api/agronomics/agronomic-schemas.ts): `then` and `else` are compiled apart with
 * fast-json-stringify (what Fastify itself uses) and the branch is chosen here, in plain code.
 *
 * Compiled whole, such a schema makes fast-json-stringify check the `if` with Ajv on every answer,
 * and Ajv compiles the whole response schema on the first answer of each route: 20 to 130 ms
 * with the event loop held, on a fresh process's first requests.
 */
import fastJson from 'fast-json-stringify';

type Serializer = (data: unknown) => string;

interface KeyCondition {
  required?: string[];
  anyOf?: KeyCondition[];
}

interface EitherSchema {
  if: KeyCondition;
  then: object;
  else: object;
}

/** True when the schema is an `if`/`then`/`else` whose `if` only asks for keys (`required`, `anyOf` of such). */
export function isEitherSchema(schema: unknown): schema is EitherSchema {
  const s = schema as Partial<EitherSchema> | null;
  return typeof s === 'object' && s !== null && typeof s.then === 'object' && typeof s.else === 'object' && isKeyCondition(s.if);
}

function isKeyCondition(condition: unknown): condition is KeyCondition {
  if (typeof condition !== 'object' || condition === null) return false;
  const { required, anyOf, ...rest } = condition as KeyCondition & Record<string, unknown>;
  if (Object.keys(rest).some((key) => key !== 'type' && key !== 'description')) return false;
  if (required === undefined && anyOf === undefined) return false;
  return (required === undefined || (Array.isArray(required) && required.every((key) => typeof key === 'string'))) && (anyOf === undefined || (Array.isArray(anyOf) && anyOf.every(isKeyCondition)));
}

/** What JSON Schema says of an object body: every `required` key present and, with `anyOf`, one of its conditions met. */
function holds(condition: KeyCondition, body: Record<string, unknown>): boolean {
  if (condition.required && !condition.required.every((key) => body[key] !== undefined)) return false;
  return !condition.anyOf || condition.anyOf.some((choice) => holds(choice, body));
}

export function eitherSerializer(schema: EitherSchema): Serializer {
  const whenTrue = fastJson(schema.then);
  const whenFalse = fastJson(schema.else);
  const condition = schema.if;
  return (data) => (typeof data === 'object' && data !== null && holds(condition, data as Record<string, unknown>) ? whenTrue(data) : whenFalse(data));
}
