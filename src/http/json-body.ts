/**
 * Routes with a JSON body accept only JSON media types (`application/json`, `application/*+json`):
 * anything else is 415. GET, HEAD and DELETE never read a body, whatever its Content-Type (DELETE
 * is declared body-less in app.ts; published clients send it with a JSON type and no JSON).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

const JSON_MEDIA = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

export function requireJsonBodies(scope: FastifyInstance): void {
  const check = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'];
    if (hasBody && (!type || !JSON_MEDIA.test(type))) {
      done(new ApiError(415, 'Unsupported media type.', `Send the body as JSON with Content-Type: application/json (got ${type ? `'${type}'` : 'no Content-Type'}).`));
      return;
    }
    done(null, payload);
  };
  // Only routes that take a body get the check; GET requests pay nothing for it.
  scope.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const existing = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [...existing, check as never];
  });
}
