/**
 * Builds the Fastify app from a configuration and its dependencies. No globals: tests build as
 * many apps as they like, each with its own store and clock.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { operationRoutes } from './api/operations/operation-routes.js';
import { protectedRoutes } from './api/routes.js';
import { tokenRoutes } from './api/token/token-routes.js';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import { requireBearerToken } from './http/authenticate.js';
import { installErrorHandling } from './http/error-handler.js';
import { requireJsonBodies } from './http/json-body.js';
import { createTokenService } from './http/tokens.js';
import { verifySecret } from './services/credentials.js';
import type { Store } from './store/store.js';
import type { WeatherSource } from './weather/weather-source.js';

export interface AppDependencies {
  config: Config;
  store: Store;
  clock: Clock;
  /** Where weather numbers come from (a chain of sources). */
  weather?: WeatherSource;
  /** Pino logger options; defaults to the configured level. */
  logger?: boolean | object;
}

const TOKEN_SECRET_SETTING = 'token_signing_secret';
const VERSION = '0.1.0';

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, store, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true } },
  });

  const secret = await store.settings.getOrCreate(TOKEN_SECRET_SETTING, randomBytes(48).toString('base64url'));
  const tokens = createTokenService({ secret, clock, keys: store.keys, keyCacheSeconds: config.keyCacheSeconds });
  const context: AppContext = { config, store, clock, tokens, verifySecret, weather: deps.weather };

  installErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'agwx',
        version: VERSION,
        description: 'Agronomic weather API: fields, plantings, observed weather, forecasts, norms, GDD/PET/P-PET, weather maps, batch jobs.',
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          clientCredentials: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(formBody);
  await app.register(rateLimit, { global: false });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (open) => {
    await tokenRoutes(open, context);
    await operationRoutes(open, context);
  });
  await app.register(async (api) => {
    requireBearerToken(api, tokens);
    requireJsonBodies(api);
    await protectedRoutes(api, context);
  });

  return app;
}
