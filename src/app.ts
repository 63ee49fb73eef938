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
import type { Redis } from 'ioredis';
import { createImageryRenderer } from './api/imagery/imagery-renderer.js';
import { operationRoutes } from './api/operations/operation-routes.js';
import { protectedRoutes } from './api/routes.js';
import { tokenRoutes } from './api/token/token-routes.js';
import type { AppContext } from './app-context.js';
import type { ReferenceEvapotranspirationOptions } from './agronomy/pet.js';
import { type ElevationModel, lazyElevationGrid } from './weather/elevation/elevation-grid.js';
import { createAnswerCache } from './http/answer-cache.js';
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import { createInternalCaller, requireBearerToken } from './http/authenticate.js';
import { ApiError } from './http/api-error.js';
import { refuseEmptyPathSegments, rewriteApiUrl } from './http/api-paths.js';
import { answerClientError, installErrorHandling, sendApiError } from './http/error-handler.js';
import { requireJsonBodies } from './http/json-body.js';
import { refuseNulCharacters } from './http/text-input.js';
import { createKeyRateLimiter } from './http/key-rate-limit.js';
import { installMetrics } from './http/metrics.js';
import { createRedisTileCache } from './maps/cache/redis-tile-cache.js';
import { limitRequestsPerKey } from './http/rate-limit-hook.js';
import { redisWithLocalFallback } from './http/route-rate-limit-store.js';
import { documentCsvResponses } from './http/representation.js';
import { createTokenService } from './http/tokens.js';
import { createJobPacer } from './jobs/job-rate-limit.js';
import { createJobWorker, type JobWorkerOptions } from './jobs/job-worker.js';
import { verifySecret } from './services/credentials.js';
import type { Store } from './store/store.js';
import type { WeatherSource } from './weather/weather-source.js';
import { countRequestsPerKey, createKeyUsageCounter } from './web/key-usage-counter.js';
import { webRoutes, type WebOptions } from './web/web-routes.js';

export interface AppDependencies {
  config: Config;
  store: Store;
  clock: Clock;
  /** Where weather numbers come from (a chain of sources). */
  weather?: WeatherSource;
  /** Pino logger options; defaults to the configured level. */
  logger?: boolean | object;
  /** Run batch jobs in this app (a job worker); without it the app only queues and answers jobs. */
  jobs?: JobWorkerOptions;
  /** The account area and field explorer (built front-end location, session lifetimes). */
  web?: WebOptions;
  /** Redis shared by instances (rate-limit counters); without it each instance counts alone. */
  redis?: Redis;
  /** Elapsed-time source for caches (ms); default performance.now. Caches age in real time even when the clock is pinned. */
  monotonic?: () => number;
  /** Elevation of places whose weather source names none; default the grid in data/elevation, read on first use. */
  elevation?: ElevationModel;
  /** How PET is computed; default the ASCE-EWRI standardized ETos with the full clear-sky model. */
  referenceEt?: ReferenceEvapotranspirationOptions;
}

const TOKEN_SECRET_SETTING = 'token_signing_secret';
const VERSION = '0.1.0';
/** Longest path parameter the router accepts (414 beyond): all map layer codes in one segment fit. */
export const MAX_PATH_PARAMETER_LENGTH = 512;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, store, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: 1024 * 1024,
    // `/v2/fields/` is `/v2/fields`: routed, linked and cached in the canonical form (http/api-paths.ts).
    rewriteUrl: rewriteApiUrl,
    // Room for every layer code in one {types} segment (the longest valid path parameter).
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // Requests Node's parser refuses (bad request line or Content-Length, 431): the error body, then close.
    clientErrorHandler: answerClientError,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true } },
    // Errors the router raises before any route runs (bad percent-encoding, over-long path segments).
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      sendApiError(reply, request, new ApiError(tooLong ? 414 : 400, tooLong ? 'URI too long.' : 'Malformed URL.', `${error.message}.`));
    },
  });

  const secret = await store.settings.getOrCreate(TOKEN_SECRET_SETTING, randomBytes(48).toString('base64url'));
  const tokens = createTokenService({ secret, clock, monotonic: deps.monotonic, keys: store.keys, keyCacheSeconds: config.keyCacheSeconds });
  // Map images: weather layers read deps.weather (503 without it); reference data loads lazily.
  const maps = createImageryRenderer({ weather: deps.weather, clock, ...(deps.redis ? { cache: createRedisTileCache({ redis: deps.redis }) } : {}) });
  const answers = createAnswerCache({ maxBytes: config.answerCacheBytes });
  const elevation = deps.elevation ?? lazyElevationGrid();
  const context: AppContext = { config, store, clock, tokens, verifySecret, weather: deps.weather, elevation, referenceEt: deps.referenceEt ?? {}, maps, answers, redis: deps.redis };
  // Requests per key per day: counted in memory, written every few seconds and on close.
  const keyUsage = createKeyUsageCounter({ usage: store.usage, log: app.log });
  context.keyUsage = keyUsage;
  app.addHook('onReady', async () => keyUsage.start());
  app.addHook('onClose', async () => keyUsage.stop());
  const rateLimiter = createKeyRateLimiter({ redis: deps.redis });
  const rateLimitDefaults = { standard: config.rateLimit, enterprise: config.enterpriseRateLimit };
  // Batch jobs run their requests through this app, in-process, as the key that queued them.
  const internalCaller = createInternalCaller();
  if (deps.jobs) {
    const worker = createJobWorker({
      store,
      clock,
      internalCaller,
      pace: createJobPacer({ tokens, limiter: rateLimiter, defaults: rateLimitDefaults }),
      log: app.log,
      dispatch: (request) => app.inject(request),
      options: deps.jobs,
    });
    context.wakeJobWorker = worker.wake;
    app.addHook('onReady', async () => worker.start());
    // Stopped as closing begins: requests in flight finish, running jobs go back to the queue.
    app.addHook('preClose', async () => worker.stop());
    app.addHook('onClose', async () => worker.stop());
  }

  installErrorHandling(app);
  refuseEmptyPathSegments(app);
  // DELETE never reads a body, like GET and HEAD: a Content-Type with an empty or malformed body is ignored.
  app.addHttpMethod('DELETE', { hasBody: false, overrideExisting: true });
  refuseNulCharacters(app);
  if (config.metricsEnabled) installMetrics(app, { queueDepth: () => store.jobs.queueDepth(), answerCache: () => answers.stats() });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  await app.register(swagger, {
    // Routes that also answer CSV list `text/csv` beside their JSON schema.
    transform: documentCsvResponses,
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
  // Sign-in limits: counted in Redis when there is one, so every instance shares them
  // (in memory while it is unreachable).
  await app.register(rateLimit, { global: false, ...(deps.redis ? { store: redisWithLocalFallback(deps.redis, 'agwx-rl-route:') } : {}) });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (open) => {
    await tokenRoutes(open, context, { redis: deps.redis });
    await operationRoutes(open, context);
  });
  await app.register(async (api) => {
    requireBearerToken(api, tokens, internalCaller);
    limitRequestsPerKey(api, rateLimiter, rateLimitDefaults);
    countRequestsPerKey(api, keyUsage, clock);
    requireJsonBodies(api);
    await protectedRoutes(api, context);
  });
  // The account area and field explorer: session cookies, not bearer tokens.
  await app.register(async (pages) => webRoutes(pages, context, deps.web));

  return app;
}
