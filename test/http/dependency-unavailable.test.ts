/**
 * The one error handler answers 503 with Retry-After (never 500, never the cause) for the real
 * errors of a dependency that cannot serve now: PostgreSQL refusing connections, SQLite locked
 * by another writer, Redis unreachable. Everything else unexpected is still a 500.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../src/http/error-handler.js';
import { createRedisClient, isRedisUnavailable } from '../../src/redis.js';
import { isDatabaseUnavailable } from '../../src/store/errors.js';
import { freePort } from '../support/free-port.js';
import { expectErrorBody } from '../support/test-app.js';

/** Runs `action` and returns what it threw. */
async function caught(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('errors of unavailable dependencies', () => {
  const errors: Record<string, unknown> = {};
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    const closedPort = await freePort();
    // PostgreSQL: nothing listens on the port.
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${closedPort}/test` });
    errors.postgresRefused = await caught(() => client.connect());
    // pg.Pool waiting for a connection longer than its timeout.
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${closedPort}/test`, max: 1, connectionTimeoutMillis: 1 });
    pool.on('error', () => undefined);
    errors.poolError = await caught(() => pool.query('select 1'));
    await pool.end();
    // SQLite: another connection holds the write lock.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-busy-'));
    const file = path.join(dir, 'db.sqlite');
    const holder = new BetterSqlite3(file);
    holder.exec('create table t (x integer)');
    holder.exec('begin immediate');
    const writer = new BetterSqlite3(file, { timeout: 0 });
    errors.sqliteBusy = await caught(() => writer.exec('insert into t values (1)'));
    holder.exec('rollback');
    holder.close();
    writer.close();
    // Redis: the service's own client, nothing listening.
    const redis = createRedisClient(`redis://127.0.0.1:${closedPort}`);
    errors.redisDown = await caught(() => redis.get('x'));
    redis.disconnect();
    const offline = new Redis(`redis://127.0.0.1:${closedPort}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    offline.on('error', () => undefined);
    errors.redisRetriesExhausted = await caught(() => offline.get('x'));
    offline.disconnect();
    errors.unexpected = new TypeError("Cannot read properties of undefined (reading 'x')");

    app = Fastify({ logger: false, genReqId: () => randomUUID() });
    installErrorHandling(app, { isDependencyUnavailable: (error) => isDatabaseUnavailable(error) || isRedisUnavailable(error), weatherRetryAfterSeconds: () => null });
    app.get('/throw/:name', async (request) => {
      throw errors[(request.params as { name: string }).name];
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['postgresRefused', 'poolError', 'sqliteBusy', 'redisDown', 'redisRetriesExhausted'])(
    'answers 503 with Retry-After for %s, without the cause',
    async (name) => {
      const response = await app.inject({ url: `/throw/${name}` });
      const body = expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('5');
      expect(body.simpleMessage).toBe('Service temporarily unavailable.');
      expect(body.detailedMessage).toContain(body.errorId);
      expect(response.body).not.toMatch(/ECONN|127\.0\.0\.1|SQLITE|busy|locked|Stream|Redis|timeout/i);
    },
  );

  it('still answers 500 for anything else', async () => {
    const response = await app.inject({ url: '/throw/unexpected' });
    expectErrorBody(response, 500);
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('recognises the SQLSTATEs of a server that cannot serve now, and no others', () => {
    const withCode = (code: string) => Object.assign(new Error('server said no'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    for (const code of ['23505', '42P01', '22P02', '40001', 'SQLITE_CONSTRAINT_UNIQUE']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ECONNRESET') }))).toBe(true);
  });
});
