/**
 * The web pages people sign in to: the account area (`/account/`), the field explorer
 * (`/explorer/`) and the built front-end files (`/static/assets/`, hashed names, cached for a
 * year). Registered outside the bearer-token scope; pages use a session cookie instead.
 */
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { createAccountService } from '../services/account-service.js';
import { createSessionService, type SessionLifetimes } from '../services/session-service.js';
import { accountRoutes } from './account-routes.js';
import { createFormTokens } from './csrf.js';
import { explorerRoutes } from './explorer-routes.js';
import { ASSETS_URL_PREFIX, loadWebAssets } from './web-assets.js';

const FORM_SECRET_SETTING = 'web_form_secret';

export interface WebOptions {
  /** The built front-end (`dist/public` by default). */
  assetsDir?: string;
  sessionLifetimes?: SessionLifetimes;
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

export async function webRoutes(app: FastifyInstance, context: AppContext, options: WebOptions = {}): Promise<void> {
  await app.register(cookie);
  const secret = await context.store.settings.getOrCreate(FORM_SECRET_SETTING, randomBytes(32).toString('base64url'));
  const assets = loadWebAssets(options.assetsDir);
  const web = {
    context,
    accounts: createAccountService(context.store, context.clock),
    sessions: createSessionService(context.store.sessions, context.clock, options.sessionLifetimes),
    formTokens: createFormTokens(secret),
    assets,
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      reply.header('X-Frame-Options', 'DENY');
    }
  });

  if (assets.assetsDir) {
    await app.register(fastifyStatic, {
      root: assets.assetsDir,
      prefix: ASSETS_URL_PREFIX,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    });
  }
  await accountRoutes(app, web);
  await explorerRoutes(app, web);
}
