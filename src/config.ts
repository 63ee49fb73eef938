/**
 * Configuration, read once from environment variables. Every setting has a documented default
 * (README "Configuration"); an invalid value stops the start with one clear line.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type ObservedHistory, WEATHER_WINDOWS } from './services/date-windows.js';
import { parseSourceOrder, type SourceName } from './weather/source-chain.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<path>` / a file path, or a `postgres://` URL. */
  databaseUrl: string;
  /** Pinned clock (epoch ms) or null for the system clock. */
  now: number | null;
  /** Public base URL, without a trailing slash: used in `Location` headers and the curie href. */
  baseUrl: string;
  /**
   * Origins whose browser pages may call the API (CORS, `AGWX_CORS_ORIGINS`): none by default
   * (same origin only), a list of origins, or `*` for any.
   */
  corsOrigins: readonly string[] | '*';
  logLevel: LogLevel;
  /** Seconds a disabled key's state may stay cached on an instance. */
  keyCacheSeconds: number;
  /**
   * Failed token requests (wrong secret, unknown or disabled key) allowed per minute for one key
   * from one client address; further attempts of that pair wait for the minute to end. Nothing is
   * counted per key alone, so failures from elsewhere never hold back a key's owner. Successful
   * token requests are never limited.
   */
  tokenFailuresPerMinute: number;
  /** Failed token requests (any key, and missing or malformed credentials) allowed per minute from one client address. */
  tokenAddressFailuresPerMinute: number;
  /** Weather sources in the order they are asked (`AGWX_WEATHER`, e.g. `store,open-meteo`). */
  weatherSources: SourceName[];
  /**
   * How far back observed weather and agronomic values may be asked (`AGWX_OBSERVED_HISTORY`):
   * months before today (default 30, the spec's), or null (`unlimited`): as far back as the sources hold.
   */
  observedHistory: ObservedHistory;
  /** Upstream endpoints (overridable for mirrors and tests). */
  openMeteoForecastUrl?: string;
  openMeteoArchiveUrl?: string;
  nasaPowerUrl?: string;
  /** Synthetic blocks (32 days of one cell) kept in memory (about 1 kB each). */
  syntheticCacheSize: number;
  /** Worker threads for CPU-heavy work (weather generation, map drawing); 0: all on the event loop. */
  computeThreads: number;
  /** Memory for weather and agronomic answers kept ready (http/answer-cache.ts), bytes; 0 switches it off. */
  answerCacheBytes: number;
  /** Rendered map images kept in each instance's memory, bytes (`AGWX_TILE_CACHE_MB`). */
  tileCacheBytes: number;
  /** Map images Redis may hold, all instances together, bytes (`AGWX_TILE_CACHE_REDIS_MB`; 0 keeps none there). */
  tileCacheRedisBytes: number;
  /** Largest map image written to Redis, bytes (`AGWX_TILE_CACHE_IMAGE_KB`); larger ones stay in memory only. */
  tileCacheImageBytes: number;
  /**
   * PostgreSQL, serving processes: the longest a statement may run before the server cancels it
   * (the client gives up on a server that answers nothing a little later), ms.
   */
  databaseStatementTimeoutMs: number;
  /** PostgreSQL: how long a query may wait for a connection (a new one, or a free one of the pool), ms. */
  databaseConnectTimeoutMs: number;
  /** Redis shared by instances (rate-limit counters, tile cache); absent: each instance keeps its own. */
  redisUrl?: string;
  /**
   * Enabled API keys (applications) an account may have, its field explorer's own key not counted;
   * disabled keys do not count. The account area and `agwx keys create` refuse more (the operator
   * may pass `--beyond-cap`).
   */
  maxKeysPerAccount: number;
  /** Fields one account may have; creating one more answers 409. */
  maxFieldsPerAccount: number;
  /** Plantings one account may have over all its fields; creating one more answers 409. */
  maxPlantingsPerAccount: number;
  /** Default per-key rate limits (requests per minute, burst), for ordinary and enterprise accounts. */
  rateLimit: { perMinute: number; burst: number };
  enterpriseRateLimit: { perMinute: number; burst: number };
  /**
   * What all keys of an account may send together, as a multiple of the default key limits of its
   * kind (sustained and burst alike); a key's own higher limit still holds for that key.
   */
  accountRateMultiple: number;
  /** Serve Prometheus metrics at /metrics. */
  metricsEnabled: boolean;
  /** Longest time a request may take before the connection is closed, ms (0: no limit). */
  requestTimeoutMs: number;
  /**
   * On SIGTERM or SIGINT, how long requests in flight may take to finish before every connection
   * still open is closed, ms (a half-sent request would otherwise hold the stop for the request
   * timeout). Default 25 s: a large map image takes seconds of a compute thread, more behind others;
   * under Kubernetes' default 30 s before it kills a pod (see docs/deploy.md).
   */
  shutdownGraceMs: number;
  /** Whether visitors may create accounts in the account area (`AGWX_SIGNUP`). */
  signupEnabled: boolean;
  /** Trust `X-Forwarded-*` headers from a reverse proxy (client address, `https`). */
  trustProxy: boolean;
  /**
   * Read the map reference geodata as each compute thread starts (`AGWX_MAPS_AT_START`), rather
   * than on the first map image that needs each dataset.
   */
  mapsAtStart: boolean;
  /** Batch jobs one instance runs at the same time. */
  jobConcurrency: number;
  /** How long a worker's claim on a running job holds without renewal (then another may run it). */
  jobLeaseSeconds: number;
  /** How often an idle worker looks for queued jobs. */
  jobPollMilliseconds: number;
  /** How often finished jobs past their retention are purged. */
  jobSweepSeconds: number;
  /** Requests an account may have waiting in queued and running jobs, all its keys together. */
  jobMaxQueuedRequests: number;
  /** Bytes of results one batch job may keep (`AGWX_JOB_MAX_RESULT_MB`). */
  jobMaxResultBytes: number;
  /** Bytes of results all the jobs of one account may keep together (`AGWX_JOB_ACCOUNT_MAX_RESULT_MB`). */
  jobAccountMaxResultBytes: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_DATABASE_FILE = path.join('data', 'agwx.sqlite');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${DEFAULT_DATABASE_FILE}`;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres:// (got '${databaseUrl}')`);
  }
  let now: number | null = null;
  if (env.AGWX_NOW?.trim()) {
    const text = env.AGWX_NOW.trim();
    now = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ? Date.parse(text) : NaN;
    if (!Number.isFinite(now)) {
      throw new ConfigError(`AGWX_NOW must be an ISO timestamp such as 2024-06-15T12:00:00Z (got '${text}')`);
    }
  }
  const baseUrl = (env.AGWX_BASE_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  const corsOrigins = parseCorsOrigins(env.AGWX_CORS_ORIGINS);
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(baseUrl)) {
    throw new ConfigError(`AGWX_BASE_URL must be an http(s) URL such as https://agwx.example.org (got '${baseUrl}')`);
  }
  if (env.AGWX_TOKEN_REQUESTS_PER_MINUTE?.trim()) {
    // Replaced, not renamed: it limited every token request, the new setting only failed ones.
    throw new ConfigError(
      'AGWX_TOKEN_REQUESTS_PER_MINUTE is no longer read: token requests are not limited; set AGWX_TOKEN_FAILURES_PER_MINUTE to limit failed ones',
    );
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }
  return {
    port,
    host,
    databaseUrl,
    now,
    baseUrl,
    corsOrigins,
    logLevel,
    keyCacheSeconds: integer(env, 'AGWX_KEY_CACHE_SECONDS', 2, 0, 60),
    tokenFailuresPerMinute: integer(env, 'AGWX_TOKEN_FAILURES_PER_MINUTE', 10, 1, 100_000),
    tokenAddressFailuresPerMinute: integer(env, 'AGWX_TOKEN_ADDRESS_FAILURES_PER_MINUTE', 30, 1, 100_000),
    weatherSources: sourceOrder(env.AGWX_WEATHER?.trim() || 'store,synthetic'),
    observedHistory: observedHistory(env),
    openMeteoForecastUrl: url(env, 'AGWX_OPEN_METEO_FORECAST_URL'),
    openMeteoArchiveUrl: url(env, 'AGWX_OPEN_METEO_ARCHIVE_URL'),
    nasaPowerUrl: url(env, 'AGWX_NASA_POWER_URL'),
    syntheticCacheSize: integer(env, 'AGWX_SYNTHETIC_CACHE', 65536, 0, 4_000_000),
    computeThreads: integer(env, 'AGWX_COMPUTE_THREADS', availableParallelism(), 0, 256),
    answerCacheBytes: integer(env, 'AGWX_ANSWER_CACHE_MB', 64, 0, 100_000) * 1024 * 1024,
    tileCacheBytes: integer(env, 'AGWX_TILE_CACHE_MB', 64, 1, 100_000) * 1024 * 1024,
    tileCacheRedisBytes: integer(env, 'AGWX_TILE_CACHE_REDIS_MB', 256, 0, 1_000_000) * 1024 * 1024,
    tileCacheImageBytes: integer(env, 'AGWX_TILE_CACHE_IMAGE_KB', 1024, 1, 1_048_576) * 1024,
    databaseStatementTimeoutMs: integer(env, 'AGWX_DB_STATEMENT_TIMEOUT_MS', 1000, 100, 600_000),
    databaseConnectTimeoutMs: integer(env, 'AGWX_DB_CONNECT_TIMEOUT_MS', 1500, 100, 60_000),
    redisUrl: redisUrl(env),
    maxKeysPerAccount: integer(env, 'AGWX_MAX_KEYS_PER_ACCOUNT', 20, 1, 1_000_000),
    maxFieldsPerAccount: integer(env, 'AGWX_MAX_FIELDS_PER_ACCOUNT', 100_000, 1, 100_000_000),
    maxPlantingsPerAccount: integer(env, 'AGWX_MAX_PLANTINGS_PER_ACCOUNT', 500_000, 1, 100_000_000),
    rateLimit: { perMinute: integer(env, 'AGWX_RATE_PER_MINUTE', 600, 1, 10_000_000), burst: integer(env, 'AGWX_RATE_BURST', 120, 0, 10_000_000) },
    enterpriseRateLimit: {
      perMinute: integer(env, 'AGWX_ENTERPRISE_RATE_PER_MINUTE', 6000, 1, 10_000_000),
      burst: integer(env, 'AGWX_ENTERPRISE_RATE_BURST', 1200, 0, 10_000_000),
    },
    accountRateMultiple: integer(env, 'AGWX_ACCOUNT_RATE_MULTIPLE', 2, 1, 1000),
    metricsEnabled: onOff(env, 'AGWX_METRICS', true),
    requestTimeoutMs: integer(env, 'AGWX_REQUEST_TIMEOUT_MS', 60_000, 0, 3_600_000),
    shutdownGraceMs: integer(env, 'AGWX_SHUTDOWN_GRACE_MS', 25_000, 0, 600_000),
    signupEnabled: onOff(env, 'AGWX_SIGNUP', true),
    trustProxy: onOff(env, 'AGWX_TRUST_PROXY', false),
    mapsAtStart: onOff(env, 'AGWX_MAPS_AT_START', true),
    jobConcurrency: integer(env, 'AGWX_JOB_CONCURRENCY', 2, 1, 64),
    jobLeaseSeconds: integer(env, 'AGWX_JOB_LEASE_SECONDS', 30, 2, 3600),
    jobPollMilliseconds: integer(env, 'AGWX_JOB_POLL_MS', 1000, 10, 60_000),
    jobSweepSeconds: integer(env, 'AGWX_JOB_SWEEP_SECONDS', 600, 1, 86_400),
    jobMaxQueuedRequests: integer(env, 'AGWX_JOB_MAX_QUEUED_REQUESTS', 50_000, 1, 100_000_000),
    jobMaxResultBytes: integer(env, 'AGWX_JOB_MAX_RESULT_MB', 256, 1, 1_000_000) * 1024 * 1024,
    jobAccountMaxResultBytes: integer(env, 'AGWX_JOB_ACCOUNT_MAX_RESULT_MB', 1024, 1, 1_000_000) * 1024 * 1024,
  };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = env[name]?.trim().toLowerCase();
  if (!text) return fallback;
  if (['on', 'true', '1', 'yes'].includes(text)) return true;
  if (['off', 'false', '0', 'no'].includes(text)) return false;
  throw new ConfigError(`${name} must be on or off (got '${env[name]!.trim()}')`);
}

function redisUrl(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.REDIS_URL?.trim();
  if (!text) return undefined;
  if (!/^rediss?:\/\/\S+$/.test(text)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL (got '${text}')`);
  return text;
}

function sourceOrder(text: string): SourceName[] {
  try {
    return parseSourceOrder(text);
  } catch (error) {
    throw new ConfigError(`AGWX_WEATHER: ${(error as Error).message}`);
  }
}

function url(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^https?:\/\/\S+$/.test(text)) throw new ConfigError(`${name} must be an http(s) URL (got '${text}')`);
  return text;
}

/** `AGWX_OBSERVED_HISTORY`: a number of months (1 to 1,500), or `unlimited`. */
function observedHistory(env: NodeJS.ProcessEnv): ObservedHistory {
  const raw = env.AGWX_OBSERVED_HISTORY?.trim().toLowerCase();
  if (!raw) return WEATHER_WINDOWS.observationMonthsBack;
  if (raw === 'unlimited') return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1500) {
    throw new ConfigError(`AGWX_OBSERVED_HISTORY must be a number of months from 1 to 1500, or 'unlimited' (got '${env.AGWX_OBSERVED_HISTORY}')`);
  }
  return Number(raw);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got '${text}')`);
  }
  return value;
}

/** `AGWX_CORS_ORIGINS`: empty (none), `*`, or comma-separated origins such as `https://app.example.org`. */
function parseCorsOrigins(text: string | undefined): readonly string[] | '*' {
  const value = text?.trim() ?? '';
  if (value === '*') return '*';
  if (value === '') return [];
  return value.split(',').map((part) => {
    const origin = part.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^\s/?#]+$/.test(origin)) {
      throw new ConfigError(`AGWX_CORS_ORIGINS must be *, or origins such as https://app.example.org separated by commas (got '${part.trim()}')`);
    }
    return origin.toLowerCase();
  });
}
