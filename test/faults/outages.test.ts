/**
 * The service on its own PostgreSQL and Redis, both private to this test (own ports, own
 * directories), while they go away: PostgreSQL ends every session (pg_terminate_backend), then
 * stops and starts again; Redis stops and starts again. The server is a real `agwx serve`
 * process (with its job worker): it must never exit, must answer 503 with Retry-After and the
 * error body while the database is down, must keep serving (limits per instance) while Redis is
 * down, must tell the truth at /ready, and must recover by itself within 5 s of each return.
 * Its background work (job claims, the retention sweep, the request counter) fails during the
 * outage and carries on: jobs run and the counts kept are written once the database is back; the
 * job worker logs the outage once when it starts and once when it ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { tileAt } from '../../src/maps/index.js';
import { createKeyService } from '../../src/services/key-service.js';
import { openStore } from '../../src/store/store.js';
import { freePort } from '../support/free-port.js';
import {
  type PrivatePostgres,
  type PrivateRedis,
  privateServicesAvailable,
  privateServicesRequired,
  startPrivatePostgres,
  startPrivateRedis,
} from '../support/private-services.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_IMPORT = path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs');
const RECOVERY_MS = 5000;
const IOWA = { latitude: 41.9, longitude: -93.4 };
const { x: TILE_X, y: TILE_Y } = tileAt(IOWA.longitude, IOWA.latitude, 6);
/** A map tile; each outage asks for one not rendered before (`dx` columns east). */
const tile = (dx: number) => `/v2/imagery/weathermaps/temperatures/tiles/${TILE_X + dx},${TILE_Y},6`;
/** Rendering time is not the subject: a tile answer may take this long on a busy machine. */
const RENDER_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

describe.runIf(privateServicesAvailable() || privateServicesRequired())('outages of PostgreSQL and Redis', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let server: ChildProcess;
  let base = '';
  let output = '';
  const keys: Record<'main' | 'limited', { key: string; secret: string }> = {} as never;
  let bearer = '';
  /** Requests of the main key answered 200 so far: each is counted in the key's daily usage. */
  let answeredMain = 0;
  let usageAfterOutage = Number.POSITIVE_INFINITY;

  const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
  };
  const authorized = async (url: string, token = bearer) => {
    const answer = await call(url, { headers: { authorization: `Bearer ${token}` } });
    if (token === bearer && answer.status === 200) answeredMain++;
    return answer;
  };
  /** Waits until the server has logged `message` (pino's `msg`) after the first `since` characters of its output. */
  const logged = (message: string, limitMs: number, since = 0) => until(async () => output.includes(`"msg":"${message}`, since), limitMs);
  const tokenFor = (which: 'main' | 'limited') =>
    call('/oauth/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${keys[which].key}:${keys[which].secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });

  /** The server is still running; its output has no unhandled errors. */
  const expectAlive = () => {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}); its output:\n${output.slice(-4000)}`);
    }
    expect(output).not.toMatch(/Unhandled|uncaught/i);
  };

  /** 503, Retry-After, the error body, nothing of the cause in it. */
  const expectUnavailable = (answer: Answer) => {
    expect(answer.status, answer.text).toBe(503);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage']);
    expect(body.statusCode).toBe(503);
    expect(body.statusName).toBe('Service Unavailable');
    expect(answer.text).not.toMatch(/ECONN|127\.0\.0\.1|terminat|57P0|stack|at \w+ \(/i);
    return body;
  };

  /** Polls until `check` holds; returns the time it took. */
  const until = async (check: () => Promise<boolean>, limitMs: number): Promise<number> => {
    const started = performance.now();
    while (performance.now() - started < limitMs) {
      if (await check().catch(() => false)) return performance.now() - started;
      await sleep(100);
    }
    throw new Error(`not recovered within ${limitMs} ms`);
  };

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    const store = await openStore(postgres.url);
    try {
      const issue = createKeyService(store, systemClock());
      for (const which of ['main', 'limited'] as const) keys[which] = await issue.createKey(`outage-${which}`, {});
      await store.keys.setRateLimit(keys.limited.key, { perMinute: 3, burst: 0 });
    } finally {
      await store.close();
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, 'src/cli/main.ts'), 'serve', '--no-dev-key'], {
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        AGWX_KEY_CACHE_SECONDS: '1',
        AGWX_JOB_POLL_MS: '100',
        AGWX_JOB_LEASE_SECONDS: '3',
        AGWX_JOB_SWEEP_SECONDS: '1',
        AGWX_NOW: '2024-06-15T12:00:00Z',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(async () => {
      expectAlive();
      return (await call('/ready')).status === 200;
    }, 60_000);
    const token = await tokenFor('main');
    expect(token.status, token.text).toBe(200);
    bearer = JSON.parse(token.text).access_token;
    const created = await call('/v2/fields', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'north-40', farmId: 'farm-1', centerPoint: IOWA }),
    });
    expect(created.status, created.text).toBe(201);
    // Loads the layer's data once, so that later tiles cost only their rendering.
    expect((await authorized(tile(0))).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
        setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
      });
    }
    await Promise.all([postgres?.destroy(), redis?.destroy()]);
  }, 60_000);

  it('is ready and reports each dependency', async () => {
    const ready = await call('/ready');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
  });

  it('survives PostgreSQL ending every session, and goes on answering', async () => {
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 6 }, () => authorized('/v2/fields')));
    expect(warm.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await postgres.terminateSessions()).toBeGreaterThan(0);
    await sleep(500);
    expectAlive();
    const after = await Promise.all(Array.from({ length: 6 }, () => authorized('/v2/fields')));
    expect(after.map((a) => a.status)).toEqual(Array(6).fill(200));
    expectAlive();
  });

  it('answers 503 with Retry-After while PostgreSQL is stopped, and recovers within 5 s of its return', async () => {
    const countedBeforeOutage = answeredMain;
    const outageLog = output.length;
    await postgres.stop();
    try {
      // Still within the key cache: authenticated (and counted), then the database is missing.
      expectUnavailable(await authorized('/v2/fields'));
      await sleep(1100); // past the key cache: the token's key must be read again
      expectAlive();
      const answers = {
        fields: await authorized('/v2/fields'),
        field: await authorized('/v2/fields/north-40'),
        observations: await authorized('/v2/weather/fields/north-40/observations'),
        tile: await authorized(tile(1)),
        token: await tokenFor('main'),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.status, `${name}: ${answer.text}`).toBe(503);
        expectUnavailable(answer);
        expect(answer.ms, name).toBeLessThan(3000);
      }
      const ready = await call('/ready');
      const body = expectUnavailable(ready);
      expect(body.detailedMessage).toMatch(/database: unavailable/);
      expect(body.detailedMessage).toMatch(/redis: ok/);
      // Meanwhile the job worker (claims, the retention sweep) and the usage counter fail and go on;
      // the worker says so once, not for each failed claim.
      // The worker notices at its next claim (a poll, then the connection's timeout): seconds on a
      // loaded machine.
      await logged('batch jobs: the database or Redis is unavailable', 7000, outageLog);
      await logged('writing request counts failed; retrying', 7000, outageLog);
      expectAlive();
    } finally {
      await postgres.start();
    }
    const recovery = await until(async () => (await authorized('/v2/fields')).status === 200, RECOVERY_MS);
    expect(recovery).toBeLessThan(RECOVERY_MS);
    expect((await call('/ready')).status).toBe(200);
    expect((await tokenFor('main')).status).toBe(200);
    await logged('batch jobs: the database or Redis is available again', 7000, outageLog);
    const outageOutput = output.slice(outageLog);
    expect(outageOutput.split('"msg":"batch jobs: the database or Redis is unavailable').length - 1).toBe(1);
    expect(outageOutput).not.toContain('claiming a job failed');
    expectAlive();
    usageAfterOutage = countedBeforeOutage;
  });

  it('runs batch jobs again once PostgreSQL is back', async () => {
    const created = await call('/v2/jobs', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'after the outage', type: 'batch', requests: [{ api: 'GET /v2/fields/north-40' }, { api: 'GET /v2/fields' }] }),
    });
    expect(created.status, created.text).toBe(201);
    const { jobId } = JSON.parse(created.text) as { jobId: number };
    await until(async () => JSON.parse((await authorized(`/v2/jobs/${jobId}`)).text).jobStatus === 'done', 10_000);
    const job = JSON.parse((await authorized(`/v2/jobs/${jobId}`)).text) as { results: { httpStatus: string }[] };
    expect(job.results.map((r) => Number(r.httpStatus))).toEqual([200, 200]);
  });

  it('keeps serving while Redis is stopped, with limits per instance, says so at /ready, and recovers within 5 s', async () => {
    const outageLog = output.length;
    await redis.stop();
    try {
      await sleep(200);
      const answers = {
        fields: await authorized('/v2/fields'),
        observations: await authorized('/v2/weather/fields/north-40/observations'),
        tile: await authorized(tile(2)),
        token: await tokenFor('main'),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.status, `${name}: ${answer.text.slice(0, 300)}`).toBe(200);
        expect(answer.ms, name).toBeLessThan(name === 'tile' ? RENDER_MS : 3000);
      }
      expect(answers.tile.headers.get('content-type')).toBe('image/png');
      expect(answers.fields.headers.get('ratelimit-limit')).toBeTruthy();

      // The key's limit still holds, counted by this instance alone.
      const limitedToken = await tokenFor('limited');
      expect(limitedToken.status).toBe(200);
      const limited = JSON.parse(limitedToken.text).access_token as string;
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await authorized('/v2/fields', limited)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);

      const ready = await call('/ready');
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ status: 'degraded', checks: { database: 'ok', migrations: 'ok', redis: 'unavailable' } });
      await logged('Redis is unreachable', 1000, outageLog);
      expectAlive();
    } finally {
      await redis.start();
    }
    const recovery = await until(async () => JSON.parse((await call('/ready')).text).checks?.redis === 'ok', RECOVERY_MS);
    expect(recovery).toBeLessThan(RECOVERY_MS);
    await logged('Redis is reachable again', 1000, outageLog);
    expect((await authorized('/v2/fields')).status).toBe(200);
    expectAlive();
  });

  it('answers in good time while Redis accepts connections but answers nothing', async () => {
    redis.pause();
    try {
      // Each Redis command gives up after 500 ms; the tile is one this instance keeps in memory.
      const answers = { fields: await authorized('/v2/fields'), token: await tokenFor('main'), tile: await authorized(tile(0)) };
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.status, `${name}: ${answer.text.slice(0, 300)}`).toBe(200);
        expect(answer.ms, name).toBeLessThan(2500);
      }
      const ready = await call('/ready');
      expect(ready.ms).toBeLessThan(2500);
      expect(JSON.parse(ready.text).checks.redis).toBe('unavailable');
    } finally {
      redis.resume();
    }
    const recovery = await until(async () => JSON.parse((await call('/ready')).text).checks?.redis === 'ok', RECOVERY_MS);
    expect(recovery).toBeLessThan(RECOVERY_MS);
    expectAlive();
  });

  it('wrote the request counts kept while the database was away', async () => {
    // The usage counter writes every 5 s; the outage's counts went with the first write after it.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const stored = async () =>
        Number((await client.query('select coalesce(sum(requests), 0) as n from key_usage_daily where key = $1', [keys.main.key])).rows[0].n);
      await until(async () => (await stored()) >= usageAfterOutage, 6000);
      expect(usageAfterOutage).toBeGreaterThan(10);
    } finally {
      await client.end();
    }
  });

  it('never exited', () => {
    expectAlive();
  });
});
