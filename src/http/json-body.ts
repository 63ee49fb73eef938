/** Routes with a JSON body accept only JSON media types (`application/json`, `application/*+json`): anything else is 415. */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

const JSON_MEDIA = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

export function requireJsonBodies(scope: FastifyInstance): void {
  scope.addHook('preParsing', async (request) => {
    if (!request.routeOptions.schema?.body) return;
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    const type = request.headers['content-type'];
    if (!type || !JSON_MEDIA.test(type)) {
      throw new ApiError(415, 'Unsupported media type.', `Send the body as JSON with Content-Type: application/json (got ${type ? `'${type}'` : 'no Content-Type'}).`);
    }
  });
}
