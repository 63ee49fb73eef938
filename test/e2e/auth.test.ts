import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyService } from '../../src/services/key-service.js';
import { databaseKinds } from '../support/databases.js';
import { basic, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const form = 'application/x-www-form-urlencoded';

describe.each(databaseKinds())('authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const tokenRequest = (authorization: string | undefined, payload = 'grant_type=client_credentials', contentType = form) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { ...(authorization ? { authorization } : {}), 'content-type': contentType },
      payload,
    });

  describe('POST /oauth/token', () => {
    it('answers access_token, expires_in 3600 and token_type, in that order', async () => {
      const { key } = await t.login('token-shape');
      const response = await tokenRequest(basic(key.key, key.secret));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'token_type']);
      expect(body.expires_in).toBe(3600);
      expect(body.token_type).toBe('Bearer');
      expect(body.access_token.split('.')).toHaveLength(3);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('gives a new token on every request, and older ones keep working', async () => {
      const { key, token } = await t.login('overlap');
      const second = (await tokenRequest(basic(key.key, key.secret))).json().access_token;
      expect(second).not.toBe(token);
      for (const bearer of [token, second]) {
        expect((await t.app.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${bearer}` } })).statusCode).toBe(200);
      }
    });

    it('refuses a wrong secret, an unknown key and missing credentials with 401 and a Basic challenge', async () => {
      const { key } = await t.login('wrong-secret');
      for (const authorization of [basic(key.key, 'not-the-secret'), basic('unknown-key', key.secret), undefined, 'Basic !!!', `Bearer ${key.secret}`]) {
        const response = await tokenRequest(authorization);
        expectErrorBody(response, 401);
        expect(response.headers['www-authenticate']).toMatch(/^Basic/);
      }
    });

    it('refuses another grant type or a missing one with 400', async () => {
      const { key } = await t.login('grant');
      expect(expectErrorBody(await tokenRequest(basic(key.key, key.secret), 'grant_type=password'), 400).detailedMessage).toContain('client_credentials');
      expectErrorBody(await tokenRequest(basic(key.key, key.secret), 'scope=x'), 400);
    });

    it('refuses a disabled key', async () => {
      const { key } = await t.login('disabled-before');
      await createKeyService(t.store, t.clock).disableKey(key.key);
      expectErrorBody(await tokenRequest(basic(key.key, key.secret)), 401);
    });

    it('never stores the secret itself', async () => {
      const { key } = await t.login('hashed');
      const record = await t.store.keys.find(key.key);
      expect(record?.secretHash).not.toContain(key.secret);
      expect(record?.secretHash).toMatch(/^scrypt\$/);
      expect(record?.lastUsedAt).toBe(t.clock.now());
    });
  });

  describe('bearer tokens', () => {
    it('refuses a request without a token with 401 and a Bearer challenge', async () => {
      const response = await t.app.inject({ url: '/v2/fields' });
      expectErrorBody(response, 401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('refuses malformed and tampered tokens', async () => {
      const { token } = await t.login('tamper');
      const [header, payload, signature] = token.split('.');
      const forged = Buffer.from(JSON.stringify({ sub: 'x', acc: 1, iat: 0, exp: 9999999999 })).toString('base64url');
      for (const authorization of [
        'Bearer',
        `Token ${token}`,
        `Bearer ${header}.${forged}.${signature}`,
        `Bearer ${header}.${payload}.${signature!.slice(0, -2)}xx`,
        'Bearer not-a-jwt',
      ]) {
        expectErrorBody(await t.app.inject({ url: '/v2/fields', headers: { authorization } }), 401);
      }
    });

    it("refuses an expired token with 'API Access Expired'", async () => {
      const expiring = await createTestApp(kind);
      try {
        const { auth } = await expiring.login('expiry');
        expiring.clock.advance(3599_000);
        expect((await expiring.app.inject({ url: '/v2/fields', headers: auth })).statusCode).toBe(200);
        expiring.clock.advance(1_000);
        const response = await expiring.app.inject({ url: '/v2/fields', headers: auth });
        expect(expectErrorBody(response, 401).simpleMessage).toContain('API Access Expired');
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      } finally {
        await expiring.close();
      }
    });

    it("stops a disabled key's tokens within seconds", async () => {
      const { key, auth } = await t.login('disable-later');
      expect((await t.app.inject({ url: '/v2/fields', headers: auth })).statusCode).toBe(200);
      await createKeyService(t.store, t.clock).disableKey(key.key);
      t.clock.advance((t.config.keyCacheSeconds + 1) * 1000);
      expectErrorBody(await t.app.inject({ url: '/v2/fields', headers: auth }), 401);
    });

    it('does not accept the token as a query parameter outside imagery', async () => {
      const { token } = await t.login('query-token');
      expectErrorBody(await t.app.inject({ url: `/v2/fields?token=${token}` }), 401);
    });

    it('is verified by another app instance sharing the database', async () => {
      if (kind !== 'sqlite') return;
      const { token } = await t.login('shared');
      const { buildApp } = await import('../../src/app.js');
      const twin = await buildApp({ config: t.config, store: t.store, clock: t.clock, logger: false });
      try {
        expect((await twin.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      } finally {
        await twin.close();
      }
    });
  });

  it('rate-limits token requests per client and per key', async () => {
    const limited = await createTestApp(kind, { AGWX_TOKEN_REQUESTS_PER_MINUTE: '3' });
    try {
      const keys = createKeyService(limited.store, limited.clock);
      const key = await keys.createKey('limited', {});
      const attempt = (secret: string, ip = '10.1.1.1') =>
        limited.app.inject({
          method: 'POST',
          url: '/oauth/token',
          remoteAddress: ip,
          headers: { authorization: basic(key.key, secret), 'content-type': form },
          payload: 'grant_type=client_credentials',
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`guess-${i}`)).statusCode).toBe(401);
      const blocked = await attempt(key.secret);
      expectErrorBody(blocked, 429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another client address guessing the same key is limited by the per-key limit too.
      expectErrorBody(await attempt(key.secret, '10.2.2.2'), 429);
    } finally {
      await limited.close();
    }
  });
});

describe('HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('answers an unknown path with 404 in the error body', async () => {
    const { auth } = await t.login();
    expect(expectErrorBody(await t.app.inject({ url: '/v2/nothing-here', headers: auth }), 404).detailedMessage).toContain('/v2/nothing-here');
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/v2/fields/abc' });
    expectErrorBody(response, 405);
    expect(String(response.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
  });

  it('gives every error a unique errorId, also sent as X-Request-Id', async () => {
    const a = await t.app.inject({ url: '/v2/fields' });
    const b = await t.app.inject({ url: '/v2/fields' });
    expect(a.json().errorId).not.toBe(b.json().errorId);
    expect(a.headers['x-request-id']).toBe(a.json().errorId);
  });

  it('serves the OpenAPI document and the reference', async () => {
    const doc = await t.app.inject({ url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/v2/fields', '/v2/fields/{fieldId}']));
    expect(openapi.paths['/v2/fields'].post.requestBody).toBeDefined();
    const docs = await t.app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers a body over the size limit with 413', async () => {
    const { auth } = await t.login('big');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/fields',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'x', farmId: 'y', centerPoint: { latitude: 0, longitude: 0 }, pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectErrorBody(response, 413);
  });
});
