/**
 * Configuration, read once from environment variables. Every setting has a documented default
 * (README "Configuration"); an invalid value stops the start with one clear line.
 */
import path from 'node:path';

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
  logLevel: LogLevel;
  /** Seconds a disabled key's state may stay cached on an instance. */
  keyCacheSeconds: number;
  /** Token requests allowed per minute per client address and per key. */
  tokenRequestsPerMinute: number;
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
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(baseUrl)) {
    throw new ConfigError(`AGWX_BASE_URL must be an http(s) URL such as https://agwx.example.org (got '${baseUrl}')`);
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
    logLevel,
    keyCacheSeconds: integer(env, 'AGWX_KEY_CACHE_SECONDS', 2, 0, 60),
    tokenRequestsPerMinute: integer(env, 'AGWX_TOKEN_REQUESTS_PER_MINUTE', 30, 1, 100_000),
  };
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
