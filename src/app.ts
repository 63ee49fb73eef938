/**
 * The composition root of the HTTP application. `buildServices` builds every service once from
 * the app's dependencies (configuration, store, clock, weather source, Redis); `buildApp` builds
 * the Fastify app around them and registers each resource family as an encapsulated plugin given
 * only the services it uses. No globals: tests build as many apps as they like, each with its own
 * store and clock.
 */
import { serveFavicon } from './http/favicon.js';
import { installCors } from './http/cors.js';
import { randomBytes, randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ReferenceEvapotranspirationOptions } from './agronomy/pet.js';
import { agronomicRoutes } from './api/agronomics/agronomic-routes.js';
import { waterBalanceSetupRoutes } from './api/plantings/water-balance-setup-routes.js';
import { createWaterBalanceService, type WaterBalanceService } from './services/water-balance-service.js';
import { createWaterBalanceSetupService, type WaterBalanceSetupService } from './services/water-balance-setup-service.js';
import { cropRoutes } from './api/crops/crops.js';
import { fieldRoutes } from './api/fields/field-routes.js';
import { imageryRoutes } from './api/imagery/imagery-routes.js';
import { jobRoutes } from './api/jobs/job-routes.js';
import { modelRoutes } from './api/models/model-routes.js';
import { operationRoutes } from './api/operations/operation-routes.js';
import { plantingRoutes } from './api/plantings/planting-routes.js';
import { tokenRoutes } from './api/token/token-routes.js';
import { weatherRoutes } from './api/weather/weather-routes.js';
import { loadCatalog } from './catalog/load-catalog.js';
import type { Catalog } from './catalog/catalog.js';
import type { ComputePool } from './compute/compute-pool.js';
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import { retryWithBackoff } from './core/retry.js';
import { type AnswerCache, createAnswerCache } from './http/answer-cache.js';
import { ApiError } from './http/api-error.js';
import { refuseEmptyPathSegments, rewriteApiUrl } from './http/api-paths.js';
import { drainOnClose } from './http/graceful-close.js';
import { createTurns } from './http/turns.js';
import { createInternalCaller, type InternalCaller, requireBearerToken } from './http/authenticate.js';
import { answerClientError, installErrorHandling, sendApiError } from './http/error-handler.js';
import { requireJsonBodies } from './http/json-body.js';
import { refuseDeepBodies } from './http/json-depth.js';
import { countRequestsPerKey } from './http/key-usage-hook.js';
import { installMetrics } from './http/metrics.js';
import { limitRequestsPerKey, type RateLimitDefaults } from './http/rate-limit-hook.js';
import { OPENAPI_KEYWORD, documentParsedValues } from './http/openapi-values.js';
import { documentCsvResponses } from './http/representation.js';
import { redisWithLocalFallback } from './http/route-rate-limit-store.js';
import { refuseUntilStarted, startingError } from './http/starting.js';
import { refuseNulCharacters } from './http/text-input.js';
import { createJobPacer } from './jobs/job-rate-limit.js';
import { createJobService, type JobService } from './jobs/job-service.js';
import { createJobWorker, type JobWorkerOptions } from './jobs/job-worker.js';
import { createCredentialFailureLimiter } from './limits/credential-failures.js';
import { createKeyRateLimiter, type KeyRateLimiter } from './limits/key-rate-limit.js';
import { LruTileCache } from './maps/cache/lru-tile-cache.js';
import { createRedisTileCache } from './maps/cache/redis-tile-cache.js';
import { isRedisUnavailable, redisStatus } from './redis.js';
import { type AccountService, createAccountService } from './services/account-service.js';
import { type AgronomicNormService, createAgronomicNormService } from './services/agronomic-norms-service.js';
import { type AgronomicValuesService, createAgronomicValuesService } from './services/agronomic-values-service.js';
import { type CatalogService, createCatalogService } from './services/catalog-service.js';
import { createRememberedSecrets, verifySecret } from './services/credentials.js';
import { createFieldService, type FieldService } from './services/field-service.js';
import { createForecastService, type ForecastService } from './services/forecast-service.js';
import { createGrowthStageService, type GrowthStageService } from './services/growth-stage-service.js';
import { createKeyUsageCounter, type KeyUsageCounter } from './services/key-usage-counter.js';
import { createMapImageService, type MapImageService } from './services/map-image-service.js';
import { createObservationService, type ObservationService } from './services/observation-service.js';
import { createPlaceService, type PlaceService } from './services/place-service.js';
import { createPlantingService, type PlantingService } from './services/planting-service.js';
import { createReadinessService, type ReadinessService, type Starting } from './services/readiness-service.js';
import { createSessionService, type SessionLifetimes, type SessionService } from './services/session-service.js';
import { createTokenGrant, failureBudgets, type TokenGrant } from './services/token-grant.js';
import { createTokenService, type TokenService } from './services/token-service.js';
import { createWeatherExportService, type WeatherExportService } from './services/weather-export-service.js';
import { createWeatherNormService, type WeatherNormService } from './services/weather-norm-service.js';
import { isDatabaseUnavailable } from './store/errors.js';
import { STARTUP_RETRY_FIRST_MS, STARTUP_RETRY_MAX_MS, type Store, type StoreStartup } from './store/store.js';
import { createFormTokens, type FormTokens } from './web/csrf.js';
import { webRoutes } from './web/web-routes.js';
import { type ElevationModel, lazyElevationGrid } from './weather/elevation/elevation-grid.js';
import { unconfiguredWeatherSource } from './weather/unconfigured-weather-source.js';
import { type WeatherSource, weatherRetryAfterSeconds } from './weather/weather-source.js';

export interface AppDependencies {
  config: Config;
  store: Store;
  clock: Clock;
  /** Where weather numbers come from (a chain of sources); without it weather answers are 503. */
  weather?: WeatherSource;
  /** Pino logger options; defaults to the configured level. */
  logger?: boolean | object;
  /** Run batch jobs in this app (a job worker); without it the app only queues and answers jobs. */
  jobs?: JobWorkerOptions;
  /** The account area and field explorer: where the built front-end is, session lifetimes. */
  web?: { assetsDir?: string; sessionLifetimes?: SessionLifetimes };
  /** Redis shared by instances (rate-limit counters, map tiles); without it each instance counts alone. */
  redis?: Redis;
  /** Elapsed-time source for caches (ms); default performance.now. Caches age in real time even when the clock is pinned. */
  monotonic?: () => number;
  /** Elevation of places whose weather source names none; default the grid in data/elevation, read on first use. */
  elevation?: ElevationModel;
  /** How PET is computed; default the ASCE-EWRI standardized ETos with the full clear-sky model. */
  referenceEt?: ReferenceEvapotranspirationOptions;
  /** The crop and growth-stage model catalogue; default the one in data/catalog. */
  catalog?: Catalog;
  /** Worker threads for CPU-heavy work (map images, the text of large answers); without them it runs on the event loop. */
  compute?: ComputePool;
  /**
   * The start of a store whose database may not answer yet (`agwx serve` and `agwx worker`):
   * until it is ready and the app has read what it keeps there, only `/health` and `/ready` are
   * answered (every other request 503 with Retry-After) and batch jobs wait. Absent: the store
   * is ready, and `buildApp` reads what it needs before it returns.
   */
  startup?: Pick<StoreStartup, 'state' | 'ready'>;
}

/** Every service of an app, built once. */
export interface AppServices {
  tokens: TokenService;
  tokenGrant: TokenGrant;
  rateLimiter: KeyRateLimiter;
  keyUsage: KeyUsageCounter;
  answers: AnswerCache;
  fields: FieldService;
  plantings: PlantingService;
  catalog: CatalogService;
  places: PlaceService;
  observations: ObservationService;
  forecasts: ForecastService;
  weatherNorms: WeatherNormService;
  weatherFiles: WeatherExportService;
  agronomicValues: AgronomicValuesService;
  agronomicNorms: AgronomicNormService;
  growthStages: GrowthStageService;
  waterBalanceSetup: WaterBalanceSetupService;
  waterBalance: WaterBalanceService;
  maps: MapImageService;
  jobs: JobService;
  accounts: AccountService;
  sessions: SessionService;
  formTokens: FormTokens;
  readiness: ReadinessService;
  /**
   * Reads the secrets kept in the database (token signing, form tokens) and makes the services
   * built from them work; until then they answer 503 (`http/starting.ts`).
   */
  start(): Promise<void>;
}

const TOKEN_SECRET_SETTING = 'token_signing_secret';
const FORM_SECRET_SETTING = 'web_form_secret';
const VERSION = '0.1.0';
/** Longest path parameter the router accepts (414 beyond): all map layer codes in one segment fit. */
export const MAX_PATH_PARAMETER_LENGTH = 512;

/**
 * Builds every service of the app once. `wakeJobWorker` is called when a job is queued (the app's
 * job worker, when it runs one, starts it at once); `log` receives what background work reports.
 */
export function buildServices(deps: AppDependencies, log: FastifyBaseLogger, wakeJobWorker: () => void, starting?: () => Starting | undefined): AppServices {
  const { config, store, clock, redis } = deps;
  const weather = deps.weather ?? unconfiguredWeatherSource();
  const elevation = deps.elevation ?? lazyElevationGrid();
  const referenceEt = deps.referenceEt ?? {};
  const secretBound = servicesOfSecrets((secrets) => ({
    tokens: createTokenService({ secret: secrets.token, clock, monotonic: deps.monotonic, keys: store.keys, keyCacheSeconds: config.keyCacheSeconds }),
    formTokens: createFormTokens(secrets.form),
  }));
  const { tokens } = secretBound;
  const tokenGrant = createTokenGrant({
    keys: store.keys,
    tokens,
    clock,
    verifySecret,
    remembered: createRememberedSecrets(),
    failures: createCredentialFailureLimiter({ budgets: failureBudgets(config.tokenFailuresPerMinute, config.tokenAddressFailuresPerMinute), windowSeconds: 60, redis }),
  });
  const catalogData = deps.catalog ?? loadCatalog();
  const fields = createFieldService(store, clock, { maxFieldsPerAccount: config.maxFieldsPerAccount });
  const observations = createObservationService(weather);
  const forecasts = createForecastService({ weather, clock });
  const waterBalanceSetup = createWaterBalanceSetupService(store, catalogData, clock);
  const agronomicNorms = createAgronomicNormService({ weather, clock, elevation, referenceEt, ...(deps.compute ? { compute: deps.compute } : {}) });

  return {
    tokens,
    tokenGrant,
    rateLimiter: createKeyRateLimiter({ redis }),
    keyUsage: createKeyUsageCounter({ usage: store.usage, log }),
    answers: createAnswerCache({ maxBytes: config.answerCacheBytes, ...(deps.compute ? { writeRows: deps.compute.writeJsonRows } : {}) }),
    fields,
    plantings: createPlantingService(store, catalogData, clock, { maxPlantingsPerAccount: config.maxPlantingsPerAccount }),
    catalog: createCatalogService(catalogData),
    places: createPlaceService({
      fields,
      plantings: store.plantings,
      clock,
      ...(weather.revision ? { revision: (cell) => weather.revision!(cell) } : {}),
      keepAnswers: config.answerCacheBytes > 0,
    }),
    observations,
    forecasts,
    weatherNorms: createWeatherNormService({ weather, clock }),
    weatherFiles: createWeatherExportService({ observations, elevation }),
    agronomicValues: createAgronomicValuesService({ observations, forecasts, elevation, referenceEt }),
    agronomicNorms,
    growthStages: createGrowthStageService({ fields, plantings: store.plantings, catalog: catalogData, clock, weather, forecasts, norms: agronomicNorms }),
    waterBalanceSetup,
    waterBalance: createWaterBalanceService({ observations, forecasts, norms: agronomicNorms, elevation, inputs: waterBalanceSetup, referenceEt }),
    maps: createMapImageService({
      fields,
      clock,
      ...(deps.weather ? { weather: deps.weather } : {}),
      cache: redis
        ? createRedisTileCache({ redis, localBytes: config.tileCacheBytes, maxBytes: config.tileCacheRedisBytes, maxImageBytes: config.tileCacheImageBytes })
        : new LruTileCache({ maxBytes: config.tileCacheBytes }),
      ...(deps.compute ? { compute: deps.compute } : {}),
    }),
    jobs: createJobService(store, clock, { maxQueuedRequests: config.jobMaxQueuedRequests, accountResultBytes: config.jobAccountMaxResultBytes }, wakeJobWorker),
    accounts: createAccountService(store, clock, { maxKeysPerAccount: config.maxKeysPerAccount }),
    sessions: createSessionService(store.sessions, clock, deps.web?.sessionLifetimes),
    formTokens: secretBound.formTokens,
    readiness: createReadinessService({ store, ...(redis ? { redisStatus: () => redisStatus(redis) } : {}), ...(starting ? { starting } : {}) }),
    async start() {
      const [token, form] = await Promise.all([
        store.settings.getOrCreate(TOKEN_SECRET_SETTING, randomBytes(48).toString('base64url')),
        store.settings.getOrCreate(FORM_SECRET_SETTING, randomBytes(32).toString('base64url')),
      ]);
      secretBound.build({ token, form });
    },
  };
}

/** The secrets kept in the database, shared by every instance. */
interface AppSecrets {
  token: string;
  form: string;
}

/**
 * The token service and form tokens, built from the secrets once they are read (`build`): the
 * services and routes that use them are given these forwarding ones at once, which answer 503
 * until then (never reached while the start-up gate holds requests back).
 */
function servicesOfSecrets(make: (secrets: AppSecrets) => { tokens: TokenService; formTokens: FormTokens }) {
  let made: { tokens: TokenService; formTokens: FormTokens } | undefined;
  const get = () => {
    if (!made) throw startingError();
    return made;
  };
  const tokens: TokenService = {
    issue: (key, accountId) => get().tokens.issue(key, accountId),
    authenticate: async (token) => get().tokens.authenticate(token),
    authenticateKey: async (key, accountId) => get().tokens.authenticateKey(key, accountId),
  };
  const formTokens: FormTokens = {
    newCookieValue: () => get().formTokens.newCookieValue(),
    formTokenFor: (cookieValue) => get().formTokens.formTokenFor(cookieValue),
    verifyPreSession: (cookieValue, formToken) => get().formTokens.verifyPreSession(cookieValue, formToken),
  };
  return {
    tokens,
    formTokens,
    build(secrets: AppSecrets) {
      made = make(secrets);
    },
  };
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, store, clock } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    // While closing, requests get the error body with Retry-After instead (http/graceful-close.ts).
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    // `/v2/fields/` is `/v2/fields`: routed, linked and cached in the canonical form (http/api-paths.ts).
    rewriteUrl: rewriteApiUrl,
    // Room for every layer code in one {types} segment (the longest valid path parameter).
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // Requests Node's parser refuses (bad request line or Content-Length, 431): the error body, then close.
    clientErrorHandler: answerClientError,
    // `x-openapi` describes a text value in the OpenAPI document only (http/openapi-values.ts).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true, keywords: [OPENAPI_KEYWORD] } },
    // Errors the router raises before any route runs (bad percent-encoding, over-long path segments).
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      sendApiError(reply, request, new ApiError(tooLong ? 414 : 400, tooLong ? 'URI too long.' : 'Malformed URL.', `${error.message}.`));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First of the close hooks: from the moment closing begins, new requests are refused with 503.
  drainOnClose(app);
  let wakeJobWorker = () => {};
  let started = false;
  const services = buildServices(deps, app.log, () => wakeJobWorker(), deps.startup ? () => (started ? undefined : startingState(deps.startup!)) : undefined);
  // Started: the store is ready and the secrets kept in it are read. Started at once when the
  // store is ready; otherwise once its database answers (trying again while it does not).
  const start = async () => {
    await services.start();
    started = true;
  };
  let whenStarted: Promise<void>;
  if (deps.startup) {
    refuseUntilStarted(app, () => started);
    whenStarted = startOnceReady(deps.startup.ready, start, app.log);
  } else {
    await start();
    whenStarted = Promise.resolve();
  }
  const { tokens, keyUsage, rateLimiter } = services;
  app.addHook('onReady', async () => keyUsage.start());
  app.addHook('onClose', async () => keyUsage.stop());
  const rateLimitDefaults: RateLimitDefaults = { standard: config.rateLimit, enterprise: config.enterpriseRateLimit, accountMultiple: config.accountRateMultiple };
  // Batch jobs run their requests through this app, in-process, as the key that queued them.
  const internalCaller = createInternalCaller();
  if (deps.jobs) wakeJobWorker = runJobWorker(app, deps, services, internalCaller, rateLimitDefaults, whenStarted);

  installErrorHandling(app, {
    isDependencyUnavailable: (error) => isDatabaseUnavailable(error) || isRedisUnavailable(error),
    weatherRetryAfterSeconds,
  });
  refuseEmptyPathSegments(app);
  // DELETE never reads a body, like GET and HEAD: a Content-Type with an empty or malformed body is ignored.
  app.addHttpMethod('DELETE', { hasBody: false, overrideExisting: true });
  refuseDeepBodies(app);
  refuseNulCharacters(app);
  if (config.metricsEnabled) installMetrics(app, { queueDepth: () => store.jobs.queueDepth(), answerCache: () => services.answers.stats() });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  await installCors(app, config.corsOrigins);
  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  await app.register(swagger, {
    // Routes that also answer CSV list `text/csv` beside their JSON schema; query and path values
    // parsed from text shown as what they mean (numbers, choices).
    transform: (route) => {
      const answered = documentCsvResponses(route);
      return { ...answered, schema: documentParsedValues(answered.schema) };
    },
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'agwx',
        version: VERSION,
        description: 'Agronomic weather API: fields, plantings, observed weather, forecasts, norms, GDD/PET/P-PET, weather maps, batch jobs.',
      },
      // `/docs` sends "Try it out" to the server that serves it; the public address second.
      servers: [{ url: '/', description: 'this server' }, ...(config.baseUrl ? [{ url: config.baseUrl, description: 'public address (AGWX_BASE_URL)' }] : [])],
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
  serveFavicon(app);

  const baseUrl = config.baseUrl;
  const placed = { places: services.places, answers: services.answers, turns: createTurns(), history: config.observedHistory, baseUrl };
  // Open routes: tokens and operations.
  await app.register(tokenRoutes, { grants: services.tokenGrant, failuresPerMinute: config.tokenFailuresPerMinute, addressFailuresPerMinute: config.tokenAddressFailuresPerMinute });
  await app.register(operationRoutes, { readiness: services.readiness });
  // Every resource family, inside the bearer-token scope.
  await app.register(async (api) => {
    requireBearerToken(api, tokens, internalCaller);
    limitRequestsPerKey(api, rateLimiter, rateLimitDefaults);
    countRequestsPerKey(api, keyUsage, clock);
    requireJsonBodies(api);
    await api.register(fieldRoutes, { fields: services.fields, baseUrl });
    await api.register(plantingRoutes, { plantings: services.plantings, baseUrl });
    await api.register(cropRoutes, { catalog: services.catalog, baseUrl });
    await api.register(modelRoutes, { catalog: services.catalog, growthStages: services.growthStages, baseUrl });
    await api.register(jobRoutes, { jobs: services.jobs, baseUrl });
    await api.register(weatherRoutes, {
      ...placed,
      observations: services.observations,
      forecasts: services.forecasts,
      weatherNorms: services.weatherNorms,
      weatherFiles: services.weatherFiles,
    });
    await api.register(agronomicRoutes, {
      ...placed,
      agronomicValues: services.agronomicValues,
      agronomicNorms: services.agronomicNorms,
      plantings: services.plantings,
      waterBalance: services.waterBalance,
    });
    await api.register(waterBalanceSetupRoutes, { plantings: services.plantings, places: services.places, setup: services.waterBalanceSetup, baseUrl });
    await api.register(imageryRoutes, { maps: services.maps, clock });
  });
  // The account area and field explorer: session cookies, not bearer tokens.
  await app.register(webRoutes, {
    accounts: services.accounts,
    sessions: services.sessions,
    tokens,
    keyUsage,
    formTokens: services.formTokens,
    clock,
    baseUrl,
    signupEnabled: config.signupEnabled,
    ...(deps.web?.assetsDir ? { assetsDir: deps.web.assetsDir } : {}),
  });

  return app;
}

/**
 * Runs this app's job worker from ready (and started: the store ready) to close; answers the
 * function that wakes it when a job is queued.
 */
function runJobWorker(
  app: FastifyInstance,
  deps: AppDependencies,
  services: AppServices,
  internalCaller: InternalCaller,
  defaults: RateLimitDefaults,
  started: Promise<void>,
): () => void {
  const worker = createJobWorker({
    store: deps.store,
    clock: deps.clock,
    internalCaller,
    pace: createJobPacer({ tokens: services.tokens, limiter: services.rateLimiter, defaults }),
    budget: { jobBytes: deps.config.jobMaxResultBytes, accountBytes: deps.config.jobAccountMaxResultBytes },
    isUnavailable: (error) => isDatabaseUnavailable(error) || isRedisUnavailable(error),
    log: app.log,
    dispatch: (request) => app.inject(request),
    options: deps.jobs!,
  });
  app.addHook('onReady', async () => {
    // A worker stopped before the start completes does not start (JobWorker.start); an app that
    // could not start runs no jobs (startOnceReady logs why).
    started.then(
      () => worker.start(),
      () => undefined,
    );
  });
  // Stopped as closing begins: requests in flight finish, running jobs go back to the queue.
  app.addHook('preClose', async () => worker.stop());
  app.addHook('onClose', async () => worker.stop());
  return worker.wake;
}

/** What /ready says of an app still starting, from where its store's start stands. */
function startingState(startup: Pick<StoreStartup, 'state'>): Starting {
  const state = startup.state();
  switch (state.phase) {
    case 'waiting':
      return {
        database: 'unavailable',
        migrations: 'unknown',
        reason: `Starting: the database has not answered yet${state.attempts > 0 ? ` (${state.attempts} ${state.attempts === 1 ? 'attempt' : 'attempts'})` : ''}; trying again.`,
      };
    case 'migrating':
      return { database: 'ok', migrations: 'pending', reason: 'Starting: applying the database migrations.' };
    case 'failed':
      return { database: 'ok', migrations: 'pending', reason: 'A database migration failed; see the log.' };
    case 'ready':
      return { database: 'ok', migrations: 'ok', reason: 'Starting: reading its settings from the database.' };
  }
}

/** Waits for the store, then starts the app; trying again with back-off while the database is unavailable. */
function startOnceReady(ready: Promise<void>, start: () => Promise<void>, log: FastifyBaseLogger): Promise<void> {
  const started = ready.then(() =>
    retryWithBackoff(start, {
      firstMs: STARTUP_RETRY_FIRST_MS,
      maxMs: STARTUP_RETRY_MAX_MS,
      retryable: isDatabaseUnavailable,
      onRetry: (error, attempt, waitMs) => log.warn({ attempt, retryInMs: waitMs, reason: (error as Error).message }, 'reading the settings kept in the database failed; trying again'),
    }),
  );
  // A store that cannot start stops the process (cli/); an app that cannot read its secrets says so.
  started.catch((error: unknown) => log.error({ err: error }, 'the service could not start'));
  return started;
}
