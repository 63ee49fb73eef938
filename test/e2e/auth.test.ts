import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomInt } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createKeyService } from '../../src/services/key-service.js';
import { databaseKinds } from '../support/databases.js';
import { connectTestRedis, redisRequired } from '../support/redis.js';
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
      const twin = await buildApp({ config: t.config, store: t.store, clock: t.clock, logger: false });
      try {
        expect((await twin.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      } finally {
        await twin.close();
      }
    });
  });

  describe('how many token requests are allowed', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp(kind, { AGWX_TOKEN_FAILURES_PER_MINUTE: '3', AGWX_TOKEN_ADDRESS_FAILURES_PER_MINUTE: '5' });
    });
    afterAll(async () => {
      vi.useRealTimers();
      await limited.close();
    });

    const attempt = (authorization: string | undefined, ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: ip,
        headers: { ...(authorization ? { authorization } : {}), 'content-type': form },
        payload: 'grant_type=client_credentials',
      });
    const newKey = (account: string) => createKeyService(limited.store, limited.clock).createKey(account, {});
    const expectWait = (response: Awaited<ReturnType<typeof attempt>>) => {
      expect(expectErrorBody(response, 429).detailedMessage).toContain('3 a minute for one key from one client address and 5 a minute from one client address');
      const wait = Number(response.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      return wait;
    };

    it('issues 1,000 tokens in a row for one key and one address, every one valid', async () => {
      const key = await newKey('many-tokens');
      const issued = new Set<string>();
      for (let i = 0; i < 1000; i++) {
        const response = await attempt(basic(key.key, key.secret), '10.0.0.1');
        expect(response.statusCode).toBe(200);
        issued.add(response.json().access_token);
      }
      expect(issued.size).toBe(1000);
      for (const token of issued) {
        expect((await limited.app.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      }
      // Successes took nothing from the failure budget: three failures are still allowed, not a fourth.
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(basic(key.key, `guess-${i}`), '10.0.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it("never locks out a key's owner: failures are counted per key and address, the owner's right secret from elsewhere is answered 200", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const key = await newKey('guessed');
        const stranger = '10.1.0.66';
        for (let i = 0; i < 3; i++) expect((await attempt(basic(key.key, `guess-${i}`), stranger)).statusCode).toBe(401);
        // The stranger waits for this key, the right secret too, so that a guess made now tells nothing…
        const wait = expectWait(await attempt(basic(key.key, key.secret), stranger));
        // …while the owner, at another address, gets tokens all along, however long the stranger keeps at it.
        for (let i = 0; i < 5; i++) {
          expectWait(await attempt(basic(key.key, `guess-${3 + i}`), stranger));
          const owner = await attempt(basic(key.key, key.secret), '10.1.0.9');
          expect(owner.statusCode).toBe(200);
          expect((await limited.app.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${owner.json().access_token}` } })).statusCode).toBe(200);
        }
        vi.setSystemTime(Date.now() + wait * 1000);
        expect((await attempt(basic(key.key, key.secret), stranger)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('counts wrong secrets, unknown keys and missing or malformed credentials per client address, across keys', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const key = await newKey('scanned');
        const ip = '10.2.0.1';
        expect((await attempt(undefined, ip)).statusCode).toBe(401);
        expect((await attempt('Basic !!!', ip)).statusCode).toBe(401);
        expect((await attempt(basic('no-such-key', 'x'), ip)).statusCode).toBe(401);
        expect((await attempt(basic('no-such-key-2', 'x'), ip)).statusCode).toBe(401);
        expect((await attempt(basic(key.key, 'wrong'), ip)).statusCode).toBe(401);
        // Any key from this address now waits; the same key from another address does not.
        const wait = expectWait(await attempt(basic(key.key, key.secret), ip));
        expectWait(await attempt(undefined, ip));
        expectWait(await attempt(basic('no-such-key-3', 'wrong'), ip));
        expect((await attempt(basic(key.key, key.secret), '10.2.0.2')).statusCode).toBe(200);
        vi.setSystemTime(Date.now() + wait * 1000);
        expect((await attempt(basic(key.key, key.secret), ip)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it.runIf(kind === 'sqlite' && redisRequired())('shares the failure counts between instances through Redis', async () => {
      const { redis } = await connectTestRedis();
      const config = loadConfig({ LOG_LEVEL: 'silent', AGWX_TOKEN_FAILURES_PER_MINUTE: '2' });
      const instances = [
        await buildApp({ config, store: limited.store, clock: limited.clock, redis, logger: false }),
        await buildApp({ config, store: limited.store, clock: limited.clock, redis, logger: false }),
      ];
      try {
        const key = await newKey('shared-failures');
        const ip = `10.5.${randomInt(256)}.${randomInt(256)}`;
        const send = (i: number, secret: string) =>
          instances[i % 2]!.inject({
            method: 'POST',
            url: '/oauth/token',
            remoteAddress: ip,
            headers: { authorization: basic(key.key, secret), 'content-type': form },
            payload: 'grant_type=client_credentials',
          });
        for (let i = 0; i < 10; i++) expect((await send(i, key.secret)).statusCode).toBe(200);
        expect((await send(0, 'guess-1')).statusCode).toBe(401);
        expect((await send(1, 'guess-2')).statusCode).toBe(401);
        expectErrorBody(await send(0, key.secret), 429);
        expectErrorBody(await send(1, key.secret), 429);
      } finally {
        await Promise.all(instances.map((app) => app.close()));
        await redis.quit();
      }
    });

    it('counts every one of many wrong secrets sent at once', async () => {
      const key = await newKey('parallel-guesses');
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(basic(key.key, `guess-${i}`), '10.3.0.1')));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    });

    it('gives every one of many first requests sent at once a token', async () => {
      const key = await newKey('parallel-start');
      const responses = await Promise.all(Array.from({ length: 20 }, () => attempt(basic(key.key, key.secret), '10.4.0.1')));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((r) => r.json().access_token)).size).toBe(20);
    });
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
