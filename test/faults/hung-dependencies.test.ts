/**
 * A real `agwx serve` process on its own PostgreSQL and Redis (private to this test) while they
 * hang: every process of the PostgreSQL server is stopped with SIGSTOP (connections stay open,
 * nothing is answered), then resumed; then Redis is. Requests that need the database answer 503
 * with Retry-After within 2 s each; requests that need only Redis go on without paying its
 * 500 ms command timeout on each command once the breaker is open; /health stays fast; /ready
 * tells the truth; the service recovers by itself within 5 s of each resume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { createKeyService } from '../../src/services/key-service.js';
import { openStore } from '../../src/store/store.js';
import {
  type PrivatePostgres,
  type PrivateRedis,
  privateServicesAvailable,
  privateServicesRequired,
  startPrivatePostgres,
  startPrivateRedis,
} from '../support/private-services.js';
import { type Answer, expectUnavailable, type ServeProcess, sleep, startServe, until } from '../support/serve-process.js';

const RECOVERY_MS = 5000;
/** The longest a request that needs a hung dependency may take. */
const ANSWER_MS = 2000;

/** Asks /health every 100 ms until stopped; returns each answer's time. */
function watchHealth(server: ServeProcess): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await server.call('/health');
      expect(answer.status).toBe(200);
      times.push(answer.ms);
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return times;
    },
  };
}

/** /health answered in under 50 ms (nine in ten; none held anywhere near a dependency's deadline). */
function expectFastHealth(times: number[]): void {
  expect(times.length).toBeGreaterThan(5);
  const sorted = [...times].sort((a, b) => a - b);
  expect(sorted[Math.floor(sorted.length * 0.9)], `/health times: ${sorted.map((t) => t.toFixed(0)).join(', ')}`).toBeLessThan(50);
  expect(sorted[sorted.length - 1]).toBeLessThan(500);
}

describe.runIf(privateServicesAvailable() || privateServicesRequired())('PostgreSQL and Redis that hang', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let server: ServeProcess;
  let key: { key: string; secret: string };
  let bearer = '';
  const fields = () => server.authorized('/v2/fields', bearer);

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    const store = await openStore(postgres.url);
    try {
      key = await createKeyService(store, systemClock()).createKey('hung', {});
    } finally {
      await store.close();
    }
    server = await startServe({
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      AGWX_COMPUTE_THREADS: '1',
      AGWX_MAPS_AT_START: 'off',
      AGWX_KEY_CACHE_SECONDS: '1',
    });
    await until(
      async () => {
        server.expectAlive();
        return (await server.call('/ready')).status === 200;
      },
      60_000,
      'the server being ready',
    );
    const token = await server.tokenFor(key);
    expect(token.status, token.text).toBe(200);
    bearer = JSON.parse(token.text).access_token;
  }, 120_000);

  afterAll(async () => {
    postgres?.resume();
    redis?.resume();
    await server?.stop();
    await Promise.all([postgres?.destroy(), redis?.destroy()]);
  }, 60_000);

  it('answers 503 with Retry-After within 2 s while PostgreSQL hangs, keeps /health fast, and recovers within 5 s of its resume', async () => {
    // Connections open in the pool: the first queries go to a server that will not answer.
    const warm = await Promise.all(Array.from({ length: 4 }, () => fields()));
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const health = watchHealth(server);
    postgres.pause();
    let resumed = 0;
    try {
      const answers: Answer[] = [];
      // Several at once (they wait on open connections), then one after another.
      answers.push(...(await Promise.all(Array.from({ length: 4 }, () => fields()))));
      for (let i = 0; i < 6; i++) answers.push(await fields());
      answers.push(await server.tokenFor(key));
      for (const answer of answers) {
        expectUnavailable(answer);
        expect(answer.ms).toBeLessThan(ANSWER_MS);
      }
      // The breaker is open: later requests do not wait for the server at all.
      expect(server.logged('the database does not answer')).toHaveLength(1);
      const ready = await server.call('/ready');
      expect(ready.ms).toBeLessThan(ANSWER_MS);
      expect(expectUnavailable(ready).detailedMessage).toMatch(/^database: unavailable; migrations: unknown; redis: ok\./);
      server.expectAlive();
    } finally {
      postgres.resume();
      resumed = performance.now();
    }
    await until(async () => (await fields()).status === 200, RECOVERY_MS, 'answering again');
    expect(performance.now() - resumed).toBeLessThan(RECOVERY_MS);
    expect((await server.call('/ready')).status).toBe(200);
    expectFastHealth(await health.stop());
    await until(async () => server.logged('the database answers again').length === 1, 1000, 'the return logged');
    server.expectAlive();
  });

  it('goes on answering while Redis hangs, without paying its command timeout on each request once the breaker is open, and recovers within 5 s', async () => {
    const health = watchHealth(server);
    redis.pause();
    let resumed = 0;
    try {
      // The first commands wait for Redis's 500 ms timeout, until the breaker opens.
      await until(
        async () => {
          expect((await fields()).status).toBe(200);
          return server.logged('Redis does not answer').length === 1;
        },
        10_000,
        'the breaker opening',
      );
      const answers: Answer[] = [];
      for (let i = 0; i < 10; i++) answers.push(await fields());
      answers.push(await server.tokenFor(key));
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.ms).toBeLessThan(ANSWER_MS);
      }
      // Without the breaker each of these waits 500 ms or more; with it only the few that
      // carry a probe (after 250 ms, 500 ms, 1 s, 2 s) do.
      const slow = answers.filter((answer) => answer.ms >= 450).length;
      expect(slow, answers.map((answer) => answer.ms.toFixed(0)).join(', ')).toBeLessThanOrEqual(4);
      const ready = await server.call('/ready');
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ status: 'degraded', checks: { database: 'ok', migrations: 'ok', redis: 'unavailable' } });
      server.expectAlive();
    } finally {
      redis.resume();
      resumed = performance.now();
    }
    await until(async () => JSON.parse((await server.call('/ready')).text).checks?.redis === 'ok', RECOVERY_MS, 'Redis answering again');
    expect(performance.now() - resumed).toBeLessThan(RECOVERY_MS);
    expectFastHealth(await health.stop());
    await until(async () => server.logged('Redis answers again').length === 1, 1000, 'the return logged');
    expect((await fields()).status).toBe(200);
    server.expectAlive();
  });
});
