import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:data/agwx.sqlite',
      now: null,
      baseUrl: 'http://localhost:8080',
      logLevel: 'info',
      tokenFailuresPerMinute: 10,
      tokenAddressFailuresPerMinute: 30,
      maxKeysPerAccount: 20,
      accountRateMultiple: 2,
      tileCacheBytes: 64 * 1024 * 1024,
      tileCacheRedisBytes: 256 * 1024 * 1024,
      tileCacheImageBytes: 1024 * 1024,
    });
  });

  it('runs CPU-heavy work on one worker thread per core unless told otherwise, and keeps 65536 synthetic blocks', () => {
    expect(loadConfig({}).computeThreads).toBe(availableParallelism());
    expect(loadConfig({ AGWX_COMPUTE_THREADS: '0' }).computeThreads).toBe(0);
    expect(loadConfig({ AGWX_COMPUTE_THREADS: '6' }).computeThreads).toBe(6);
    expect(loadConfig({}).syntheticCacheSize).toBe(65536);
  });

  it('reads the map geodata at start unless AGWX_MAPS_AT_START is off', () => {
    expect(loadConfig({}).mapsAtStart).toBe(true);
    expect(loadConfig({ AGWX_MAPS_AT_START: 'off' }).mapsAtStart).toBe(false);
    expect(loadConfig({ AGWX_MAPS_AT_START: 'on' }).mapsAtStart).toBe(true);
  });

  it('caps the keys of an account at 20 unless told otherwise, and its rate at twice a key\'s', () => {
    expect(loadConfig({ AGWX_MAX_KEYS_PER_ACCOUNT: '5' }).maxKeysPerAccount).toBe(5);
    expect(loadConfig({ AGWX_ACCOUNT_RATE_MULTIPLE: '1' }).accountRateMultiple).toBe(1);
  });

  it('bounds the map image caches in bytes: in memory, in Redis, and per image in Redis', () => {
    const config = loadConfig({ AGWX_TILE_CACHE_MB: '8', AGWX_TILE_CACHE_REDIS_MB: '0', AGWX_TILE_CACHE_IMAGE_KB: '256' });
    expect(config).toMatchObject({ tileCacheBytes: 8 * 1024 * 1024, tileCacheRedisBytes: 0, tileCacheImageBytes: 256 * 1024 });
  });

  it('gives requests in flight 25 s to finish on SIGTERM unless told otherwise, and refuses a grace that is not a number of ms', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(25_000);
    expect(loadConfig({ AGWX_SHUTDOWN_GRACE_MS: '5000' }).shutdownGraceMs).toBe(5000);
    expect(() => loadConfig({ AGWX_SHUTDOWN_GRACE_MS: '5s' })).toThrow(/AGWX_SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ AGWX_SHUTDOWN_GRACE_MS: '-1' })).toThrow(/AGWX_SHUTDOWN_GRACE_MS/);
  });

  it('gives PostgreSQL statements 1 s and connections 1.5 s unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ databaseStatementTimeoutMs: 1000, databaseConnectTimeoutMs: 1500 });
    expect(loadConfig({ AGWX_DB_STATEMENT_TIMEOUT_MS: '30000', AGWX_DB_CONNECT_TIMEOUT_MS: '250' })).toMatchObject({
      databaseStatementTimeoutMs: 30_000,
      databaseConnectTimeoutMs: 250,
    });
  });

  it('limits failed token requests, not token requests', () => {
    expect(loadConfig({ AGWX_TOKEN_FAILURES_PER_MINUTE: '25' }).tokenFailuresPerMinute).toBe(25);
    expect(loadConfig({ AGWX_TOKEN_FAILURES_PER_MINUTE: ' ' }).tokenFailuresPerMinute).toBe(10);
    expect(loadConfig({ AGWX_TOKEN_ADDRESS_FAILURES_PER_MINUTE: '100' }).tokenAddressFailuresPerMinute).toBe(100);
    // The old setting limited every token request; a deployment still setting it is told what replaced it.
    expect(() => loadConfig({ AGWX_TOKEN_REQUESTS_PER_MINUTE: '30' })).toThrow(/AGWX_TOKEN_FAILURES_PER_MINUTE/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/agwx',
      AGWX_NOW: '2024-06-15T12:00:00Z',
      AGWX_BASE_URL: 'https://api.example.org/',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/agwx',
      now: Date.parse('2024-06-15T12:00:00Z'),
      baseUrl: 'https://api.example.org',
      logLevel: 'warn',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ AGWX_NOW: 'yesterday' }, 'AGWX_NOW'],
    [{ AGWX_NOW: '2024-13-45' }, 'AGWX_NOW'],
    [{ AGWX_BASE_URL: 'ftp://x' }, 'AGWX_BASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AGWX_TOKEN_FAILURES_PER_MINUTE: '0' }, 'AGWX_TOKEN_FAILURES_PER_MINUTE'],
    [{ AGWX_TOKEN_FAILURES_PER_MINUTE: 'ten' }, 'AGWX_TOKEN_FAILURES_PER_MINUTE'],
    [{ AGWX_TOKEN_FAILURES_PER_MINUTE: '2.5' }, 'AGWX_TOKEN_FAILURES_PER_MINUTE'],
    [{ AGWX_TOKEN_REQUESTS_PER_MINUTE: '30' }, 'AGWX_TOKEN_REQUESTS_PER_MINUTE'],
    [{ AGWX_TOKEN_ADDRESS_FAILURES_PER_MINUTE: '0' }, 'AGWX_TOKEN_ADDRESS_FAILURES_PER_MINUTE'],
    [{ AGWX_MAX_KEYS_PER_ACCOUNT: '0' }, 'AGWX_MAX_KEYS_PER_ACCOUNT'],
    [{ AGWX_MAX_KEYS_PER_ACCOUNT: 'many' }, 'AGWX_MAX_KEYS_PER_ACCOUNT'],
    [{ AGWX_ACCOUNT_RATE_MULTIPLE: '0' }, 'AGWX_ACCOUNT_RATE_MULTIPLE'],
    [{ AGWX_TILE_CACHE_MB: '0' }, 'AGWX_TILE_CACHE_MB'],
    [{ AGWX_TILE_CACHE_REDIS_MB: '-1' }, 'AGWX_TILE_CACHE_REDIS_MB'],
    [{ AGWX_TILE_CACHE_IMAGE_KB: 'big' }, 'AGWX_TILE_CACHE_IMAGE_KB'],
    [{ AGWX_ACCOUNT_RATE_MULTIPLE: '1.5' }, 'AGWX_ACCOUNT_RATE_MULTIPLE'],
    [{ AGWX_COMPUTE_THREADS: '-1' }, 'AGWX_COMPUTE_THREADS'],
    [{ AGWX_COMPUTE_THREADS: 'all' }, 'AGWX_COMPUTE_THREADS'],
    [{ AGWX_MAPS_AT_START: 'later' }, 'AGWX_MAPS_AT_START'],
    [{ AGWX_DB_STATEMENT_TIMEOUT_MS: '0' }, 'AGWX_DB_STATEMENT_TIMEOUT_MS'],
    [{ AGWX_DB_STATEMENT_TIMEOUT_MS: '1s' }, 'AGWX_DB_STATEMENT_TIMEOUT_MS'],
    [{ AGWX_DB_CONNECT_TIMEOUT_MS: '99' }, 'AGWX_DB_CONNECT_TIMEOUT_MS'],
    [{ AGWX_DB_CONNECT_TIMEOUT_MS: '60001' }, 'AGWX_DB_CONNECT_TIMEOUT_MS'],
  ])('refuses %o with one line naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
