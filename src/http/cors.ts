/**
 * Cross-origin requests (CORS, with @fastify/cors): browser pages of the origins the operator
 * allows (`AGWX_CORS_ORIGINS`: none by default, a list, or `*`) may call the API with a bearer
 * token. Preflights (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) are answered 204
 * before anything else runs — no token, no rate limit — and every answer to an allowed origin,
 * errors included, says so and exposes the headers a client reads (paging, rate limits,
 * provenance). Other origins get no CORS headers, so their pages cannot read the answers. No
 * credentials (cookies) are allowed: API calls carry their token in `Authorization`.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Headers a page may send beyond the CORS-safelisted ones. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'If-Match', 'If-None-Match', 'X-Request-Id'];

/** Headers of an answer a page may read beyond the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = [
  'Link',
  'Content-Range',
  'Content-Disposition',
  'Location',
  'ETag',
  'Retry-After',
  'X-Data-Source',
  'X-Request-Id',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
];

/** Registers CORS for `origins` (nothing for none: same origin only). */
export async function installCors(app: FastifyInstance, origins: readonly string[] | '*'): Promise<void> {
  if (origins !== '*' && origins.length === 0) return;
  const allowed = origins === '*' ? null : new Set(origins);
  await app.register(cors, {
    // Answered with the origin asked from (and `Vary: Origin`), or none for an origin not allowed.
    origin: allowed === null ? '*' : (origin, callback) => callback(null, origin !== undefined && allowed.has(origin.toLowerCase())),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    preflight: true,
    strictPreflight: true,
    hook: 'onRequest',
  });
}
