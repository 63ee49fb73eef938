/**
 * CORS: pages of the origins `AGWX_CORS_ORIGINS` allows may call the API; preflights are answered
 * without a token or a rate limit; other origins get no CORS headers; none by default. `/docs`
 * sends its requests to the server that serves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const APP = 'https://app.example.org';

describe('CORS with an allow-list', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { AGWX_CORS_ORIGINS: `${APP}, http://localhost:5173`, AGWX_RATE_PER_MINUTE: '2', AGWX_RATE_BURST: '2' });
    auth = (await t.login('cors')).auth;
  });
  afterAll(async () => t?.close());

  it('answers a preflight of an allowed origin with 204, the methods and headers, without a token or counting it', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/v2/fields/f1',
        headers: { origin: APP, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(APP);
      expect(String(response.headers['access-control-allow-methods'])).toContain('PATCH');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets an allowed page read answers and errors, with the headers a client needs', async () => {
    const list = await t.app.inject({ url: '/v2/fields', headers: { ...auth, origin: APP } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(APP);
    expect(String(list.headers.vary)).toMatch(/origin/i);
    const exposed = String(list.headers['access-control-expose-headers']);
    for (const name of ['Link', 'Content-Range', 'X-Data-Source', 'Retry-After', 'RateLimit-Remaining']) expect(exposed).toContain(name);
    const unauthorized = await t.app.inject({ url: '/v2/fields', headers: { origin: APP } });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['access-control-allow-origin']).toBe(APP);
  });

  it('gives an origin not on the list no CORS headers', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/v2/fields', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const list = await t.app.inject({ url: '/v2/fields', headers: { ...auth, origin: 'https://evil.example' } });
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS for any origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { AGWX_CORS_ORIGINS: '*' });
  });
  afterAll(async () => t?.close());

  it('answers every origin with *', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/v2/weather/locations/41.5,-93.5/observations', headers: { origin: 'https://anyone.example', 'access-control-request-method': 'GET' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('CORS by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('is off: same origin only, and a preflight is no route', async () => {
    const auth = (await t.login('same')).auth;
    const list = await t.app.inject({ url: '/v2/fields', headers: { ...auth, origin: APP } });
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/v2/fields', headers: { origin: APP, 'access-control-request-method': 'GET' } });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.statusCode).toBeLessThan(500);
  });

  it('points /docs at the server that serves it', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { servers: { url: string }[] };
    expect(doc.servers[0]!.url).toBe('/');
  });
});

describe('AGWX_CORS_ORIGINS', () => {
  it('takes *, or origins, and refuses anything else by name', () => {
    expect(loadConfig({ AGWX_CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
    expect(loadConfig({ AGWX_CORS_ORIGINS: 'https://A.example/, http://localhost:5173' }).corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(() => loadConfig({ AGWX_CORS_ORIGINS: 'app.example.org' })).toThrow(/AGWX_CORS_ORIGINS/);
    expect(() => loadConfig({ AGWX_CORS_ORIGINS: 'https://a.example/path' })).toThrow(/AGWX_CORS_ORIGINS/);
  });
});
