/**
 * Reading request parts that no route schema types: hooks that run for every route (the token in
 * the query, empty path segments) and the account area's HTML forms, whose fields are all optional
 * text. Anything that is not text reads as absent.
 */

/** The text value `name` of a parsed query, form body or path parameters, or undefined. */
export function textPart(part: unknown, name: string): string | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  const value: unknown = Reflect.get(part, name);
  return typeof value === 'string' ? value : undefined;
}

/** The values of a parsed part (path parameters), or none. */
export function partValues(part: unknown): unknown[] {
  return typeof part === 'object' && part !== null ? Object.values(part) : [];
}
