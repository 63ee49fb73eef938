/**
 * An app started before its store is ready (`startup`, as `agwx serve` builds it): until the
 * store is ready and the app has read its secrets, /health answers, /ready says where the start
 * stands, and every other request answers 503 with Retry-After (nothing reaches the store);
 * batch jobs wait. Then it serves.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { manualClock } from '../../src/core/clock.js';
import { createKeyService } from '../../src/services/key-service.js';
import type { StartupState } from '../../src/store/store.js';
import { openTestStore } from '../support/databases.js';
import { expectErrorBody, TEST_NOW } from '../support/test-app.js';

describe('an app whose store is not ready yet', () => {
  it('answers only /health and /ready until the store is ready, saying at /ready where the start stands, then serves', async () => {
    const store = await openTestStore('sqlite');
    const clock = manualClock(TEST_NOW);
    const issued = await createKeyService(store, clock).createKey('early', {});
    let state: StartupState = { phase: 'waiting', attempts: 0 };
    let storeReady!: () => void;
    const ready = new Promise<void>((resolve) => (storeReady = resolve));
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, store, clock, logger: false, startup: { state: () => state, ready }, jobs: { concurrency: 1, pollMs: 20 } });
    try {
      await app.ready();
      const basic = `Basic ${Buffer.from(`${issued.key}:${issued.secret}`).toString('base64')}`;
      const token = () =>
        app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=client_credentials',
        });
      const readyDetail = async () => expectErrorBody(await app.inject({ url: '/ready' }), 503).detailedMessage;

      expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
      expect(await readyDetail()).toBe('database: unavailable; migrations: unknown; redis: not configured. Starting: the database has not answered yet; trying again.');
      state = { phase: 'waiting', attempts: 3 };
      expect(await readyDetail()).toBe('database: unavailable; migrations: unknown; redis: not configured. Starting: the database has not answered yet (3 attempts); trying again.');
      state = { phase: 'migrating' };
      expect(await readyDetail()).toBe('database: ok; migrations: pending; redis: not configured. Starting: applying the database migrations.');

      for (const response of [await token(), await app.inject({ url: '/v2/fields', headers: { authorization: 'Bearer x' } }), await app.inject({ url: '/no/such/path' })]) {
        const body = expectErrorBody(response, 503);
        expect(response.headers['retry-after']).toBe('5');
        expect(body.simpleMessage).toBe('Service starting.');
      }
      // The app read nothing of the store yet: the secrets are made when it starts.
      expect(await store.settings.get('token_signing_secret')).toBeUndefined();
      // Nor did its job worker claim anything.
      const accountId = (await store.keys.find(issued.key))!.accountId;
      const queued = await store.jobs.insert({ accountId, apiKey: issued.key, title: 'early', type: 'batch', requests: [{ title: null, api: 'GET /v2/fields' }] }, TEST_NOW);
      if (!('job' in queued)) throw new Error('the job was refused');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await store.jobs.get(accountId, queued.job.id))?.state).toBe('queued');

      state = { phase: 'ready' };
      storeReady();
      let answer = await token();
      for (let i = 0; i < 50 && answer.statusCode === 503; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        answer = await token();
      }
      expect(answer.statusCode, answer.body).toBe(200);
      const fields = await app.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${answer.json().access_token}` } });
      expect(fields.statusCode, fields.body).toBe(200);
      expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
      expect(await store.settings.get('token_signing_secret')).toBeTruthy();
      // The job worker started with the app: the job runs.
      let jobState = (await store.jobs.get(accountId, queued.job.id))?.state;
      for (let i = 0; i < 100 && jobState !== 'done'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        jobState = (await store.jobs.get(accountId, queued.job.id))?.state;
      }
      expect(jobState).toBe('done');
    } finally {
      await app.close();
      await store.close();
    }
  });
});
