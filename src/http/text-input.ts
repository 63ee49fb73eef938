/**
 * No NUL character (U+0000) in any text a request carries: path parameters, query parameters,
 * body strings and body property names. PostgreSQL cannot hold NUL in text (the statement fails)
 * and SQLite would keep it; one rule for both: 400 naming the parameter or property.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalidParameter } from './api-error.js';

const NUL = '\u0000';

/** The first parameter whose name or value holds a NUL, or undefined. */
function parameterWithNul(values: unknown): string | undefined {
  if (!values || typeof values !== 'object') return undefined;
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (name.includes(NUL) || texts.some((text) => typeof text === 'string' && text.includes(NUL))) return name;
  }
  return undefined;
}

/** Path (dot-separated, as the error handler names body properties) of the first string holding a NUL. Iterative: no recursion on deep bodies. */
function bodyPathWithNul(body: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path || 'body';
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const keyPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return keyPath.replaceAll(NUL, '\\u0000');
        pending.push({ value: item, path: keyPath });
      }
    }
  }
  return undefined;
}

function checkRequest(request: FastifyRequest): void {
  for (const [values, where] of [
    [request.params, 'the path'],
    [request.query, 'the query string'],
  ] as const) {
    const name = parameterWithNul(values);
    if (name !== undefined) {
      const shown = name.replaceAll(NUL, '\\u0000');
      throw invalidParameter(shown, `'${shown}' in ${where} must not contain the NUL character (%00, U+0000).`);
    }
  }
  const property = bodyPathWithNul(request.body);
  if (property !== undefined) {
    throw new ApiError(400, `Invalid value for property '${property}'.`, `'${property}' in the request body must not contain the NUL character (U+0000).`);
  }
}

export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and rarely refuses.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
