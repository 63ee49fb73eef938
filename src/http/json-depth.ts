/**
 * No JSON body nested deeper than `MAX_JSON_DEPTH` arrays and objects. `JSON.parse` copes with any
 * depth, but what handles a body afterwards recurses (JSON-Patch clones and compares values, the
 * serializer writes them back): a value nested some thousands deep would end in V8's "Maximum
 * call stack size exceeded". Refused first, on every route, with a 400 in the error body; no body
 * any route takes comes near the limit.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

/** Arrays and objects inside one another a body may hold; the body itself is the first. */
export const MAX_JSON_DEPTH = 32;

/** Whether `body` nests arrays and objects deeper than `limit`. Iterative: no recursion on deep bodies. */
export function nestedDeeperThan(body: unknown, limit: number): boolean {
  if (body === null || typeof body !== 'object') return false;
  const pending: { value: object; depth: number }[] = [{ value: body, depth: 1 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (depth > limit) return true;
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      if (item !== null && typeof item === 'object') pending.push({ value: item, depth: depth + 1 });
    }
  }
  return false;
}

export function refuseDeepBodies(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and requests without a body pay one check.
  app.addHook('preValidation', (request, _reply, done) => {
    if (nestedDeeperThan(request.body, MAX_JSON_DEPTH)) {
      done(new ApiError(400, 'Request body nested too deeply.', `The request body may nest arrays and objects at most ${MAX_JSON_DEPTH} deep.`));
      return;
    }
    done();
  });
}
