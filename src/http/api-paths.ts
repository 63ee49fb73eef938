/**
 * How API paths are read before routing (supplement, "Compatibility rules"):
 *
 * - A trailing slash is dropped: `/v2/fields/?limit=10` is `/v2/fields?limit=10`. Published
 *   clients build list URLs by appending `"/fields/"` and an optional id. The request is routed,
 *   linked (`_links.self`, `next`, `prev`), cached and logged in the canonical form, so paging
 *   links never carry the slash.
 * - A path with an empty segment (`/v2/agronomics/fields//plantings`, `/v2/fields//`) names no
 *   resource: 404 before any id is looked up, as for an unknown path.
 *
 * Only `/v1/…` and `/v2/…` are touched; the account area and the documentation keep their paths.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { partValues } from './request-parts.js';
import { sendApiError } from './error-handler.js';

const API_PATH = /^\/v[12]\//;

/** The URL with the API path's one trailing slash removed (query kept); other URLs unchanged. */
export function canonicalApiUrl(url: string): string {
  if (!API_PATH.test(url)) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length <= 4 || !path.endsWith('/')) return url;
  return path.slice(0, -1) + (queryAt === -1 ? '' : url.slice(queryAt));
}

/** Fastify's `rewriteUrl` option. */
export function rewriteApiUrl(request: { url?: string }): string {
  return canonicalApiUrl(request.url ?? '/');
}

/** 404 for an API path with an empty segment, before authentication and before any lookup. */
export function refuseEmptyPathSegments(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (API_PATH.test(request.url)) {
      for (const value of partValues(request.params)) {
        if (value === '') {
          const path = request.url.split('?')[0]!;
          sendApiError(reply, request, new ApiError(404, 'Not found.', `No resource exists at ${path}: a path segment is empty.`));
          return;
        }
      }
    }
    done();
  });
}
