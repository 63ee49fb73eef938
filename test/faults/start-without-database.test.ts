/**
 * `agwx serve` started while its PostgreSQL (private to this test) is down: it does not exit, it
 * answers /health 200 and /ready 503 saying why, every API request 503 with Retry-After, and logs
 * one line per attempt to reach the database (no stack), trying again with back-off. Once the
 * database is started it applies the migrations, creates the development key (the database has
 * none) and serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivatePostgres, privateServicesAvailable, privateServicesRequired, startPrivatePostgres } from '../support/private-services.js';
import { expectUnavailable, type ServeProcess, sleep, startServe, until } from '../support/serve-process.js';

describe.runIf(privateServicesAvailable() || privateServicesRequired())('serve started before its database', () => {
  let postgres: PrivatePostgres;
  let server: ServeProcess;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    await postgres.stop();
    // With its development key: it is created once the database answers.
    server = await startServe({ DATABASE_URL: postgres.url, AGWX_COMPUTE_THREADS: '1', AGWX_MAPS_AT_START: 'off' }, []);
    await until(
      async () => {
        server.expectAlive();
        return (await server.call('/health')).status === 200;
      },
      60_000,
      'the server answering /health',
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await postgres?.destroy();
  }, 60_000);

  it('answers /health, says at /ready why it is not ready, and answers API requests 503 with Retry-After', async () => {
    const health = await server.call('/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
    const ready = expectUnavailable(await server.call('/ready'));
    expect(ready.detailedMessage).toMatch(/^database: unavailable; migrations: unknown; redis: not configured\. Starting: the database has not answered yet/);
    for (const answer of [
      await server.authorized('/v2/fields', 'any-token'),
      await server.call('/v2/crops'),
      await server.tokenFor({ key: 'k', secret: 's' }),
      await server.call('/metrics'),
    ]) {
      const body = expectUnavailable(answer);
      expect(body.simpleMessage).toBe('Service starting.');
    }
  });

  it('tries the database again with back-off, one line per attempt and no stack, and does not exit', async () => {
    await sleep(2500);
    server.expectAlive();
    const attempts = server.logged('the database cannot be reached yet; trying again');
    // 0.5 s, 1 s, 2 s between attempts: a handful in the first few seconds, not one per poll.
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts.length).toBeLessThanOrEqual(5);
    expect(attempts.map((line) => line.attempt)).toEqual(attempts.map((_, i) => i + 1));
    expect(attempts.map((line) => line.retryInMs)).toEqual([500, 1000, 2000, 4000, 5000].slice(0, attempts.length));
    for (const line of attempts) {
      // Refused; or, on a machine busy starting the process, the connect timeout ran out first.
      expect(line.reason).toMatch(/ECONNREFUSED|connection timeout/);
      expect(line).not.toHaveProperty('err');
    }
    expect(server.output()).not.toMatch(/"stack"/);
  });

  it('applies the migrations and serves once the database is started, creating the development key', async () => {
    await postgres.start();
    // The next attempt is at most 5 s away.
    await until(async () => (await server.call('/ready')).status === 200, 10_000, '/ready answering 200');
    expect(JSON.parse((await server.call('/ready')).text)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } });
    await until(async () => server.output().includes('SECRET='), 5000, 'the development key printed');
    const key = /KEY=(\S+)\s+SECRET=(\S+)/.exec(server.output());
    expect(key, server.output().slice(-2000)).not.toBeNull();
    const token = await server.tokenFor({ key: key![1]!, secret: key![2]! });
    expect(token.status, token.text).toBe(200);
    const fields = await server.authorized('/v2/fields', JSON.parse(token.text).access_token);
    expect(fields.status, fields.text).toBe(200);
    expect(server.logged('the database answers and is up to date')).toHaveLength(1);
    server.expectAlive();
  });
});
