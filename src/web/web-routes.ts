/**
 * The web pages people sign in to: the account area (`/account/`), the field explorer
 * (`/explorer/`) and the built front-end files (`/static/assets/`, hashed names, cached for a
 * year). Registered outside the bearer-token scope; pages use a session cookie instead.
 */
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes, type WebDependencies } from './account-routes.js';
import { explorerRoutes } from './explorer-routes.js';
import { ASSETS_URL_PREFIX, loadWebAssets } from './web-assets.js';

/** The web pages' services and settings; the built front-end is read from `assetsDir` (`dist/public` by default). */
export interface WebRouteOptions extends Omit<WebDependencies, 'assets'> {
  assetsDir?: string;
}

/** Content-Security-Policy of every page: scripts, styles, images and requests from this origin only. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const webRoutes: FastifyPluginAsync<WebRouteOptions> = async (app, options) => {
  await app.register(cookie);
  const { assetsDir, ...services } = options;
  const assets = loadWebAssets(assetsDir);
  const web: WebDependencies = { ...services, assets };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      reply.header('X-Frame-Options', 'DENY');
    }
  });

  // Registered even before a build exists: files are read from disk as they are asked for.
  await app.register(fastifyStatic, {
    root: assets.assetsDir,
    prefix: ASSETS_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
  });
  await accountRoutes(app, web);
  await explorerRoutes(app, web);
};
