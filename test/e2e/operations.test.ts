import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

describe.each(databaseKinds())('operations endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('answers /health without a token', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /ready when the database is migrated', async () => {
    const response = await t.app.inject({ url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } });
  });
});

describe('readiness without a database', () => {
  it('answers 503 with Retry-After when the database is gone', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.store.handle.db.destroy();
      const response = await t.app.inject({ url: '/ready' });
      const body = expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBe('5');
      expect(body.detailedMessage).toBe('database: unavailable; migrations: unknown; redis: not configured.');
    } finally {
      await t.app.close();
    }
  });
});
