/** The account area's defences, at the HTTP level: CSRF, account isolation, sign-in throttling, cookie flags. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SIGN_IN_FAILURES } from '../../src/services/account-service.js';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { csrfOf, setCookies, WebClient } from './web-client.js';

describe.each(databaseKinds())('account area security on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AGWX_KEY_CACHE_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  describe('CSRF', () => {
    it('refuses sign-up and sign-in forms without their token, or with another visitor’s', async () => {
      const visitor = new WebClient(t.app);
      await visitor.get('/account/sign-up');
      expect((await visitor.post('/account/sign-up', { email: 'csrf1@example.org', password: 'long enough password' })).statusCode).toBe(403);
      const other = new WebClient(t.app);
      const othersToken = csrfOf((await other.get('/account/sign-in')).body);
      expect((await visitor.post('/account/sign-in', { _csrf: othersToken, email: 'x@example.org', password: 'whatever123' })).statusCode).toBe(403);
      expect(await t.store.accounts.findByEmail('csrf1@example.org')).toBeUndefined();
    });

    it('refuses signed-in forms and the token request without the session’s token (403), and changes nothing', async () => {
      const user = new WebClient(t.app);
      expect((await user.signUp('csrf2@example.org')).statusCode).toBe(303);
      const { key } = await user.createApplication('kept');
      for (const [url, form] of [
        ['/account/applications', { label: 'forged' }],
        [`/account/applications/${key}/disable`, {}],
        ['/account/sign-out', {}],
        ['/account/applications', { label: 'forged', _csrf: 'not-the-token' }],
      ] as const) {
        const response = await user.post(url, form);
        expect(response.statusCode, url).toBe(403);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
      }
      expect((await user.post('/account/api-token')).statusCode).toBe(403);
      const account = await t.store.accounts.findByEmail('csrf2@example.org');
      const keys = await t.store.keys.list(account!.id);
      expect(keys.map((k) => [k.label, k.enabled])).toEqual([['kept', true]]);
      expect((await user.get('/account/')).statusCode).toBe(200); // still signed in
    });

    it('refuses a form sent from another origin even with the right token', async () => {
      const user = new WebClient(t.app);
      await user.signUp('csrf3@example.org');
      const csrf = await user.sessionCsrf();
      expect((await user.post('/account/applications', { _csrf: csrf, label: 'x' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await user.post('/account/applications', { _csrf: csrf, label: 'x' }, { origin: 'https://agwx.test' })).statusCode).toBe(201);
    });
  });

  describe('isolation', () => {
    it('one account can neither see nor disable another’s keys (404)', async () => {
      const alice = new WebClient(t.app);
      const mallory = new WebClient(t.app);
      await alice.signUp('alice@example.org');
      await mallory.signUp('mallory@example.org');
      const { key } = await alice.createApplication('alice app');
      const malloryPage = await mallory.get('/account/');
      expect(malloryPage.body).not.toContain(key);
      expect(malloryPage.body).not.toContain('alice app');
      const disable = await mallory.post(`/account/applications/${encodeURIComponent(key)}/disable`, { _csrf: await mallory.sessionCsrf() });
      expect(disable.statusCode).toBe(404);
      expect((await t.store.keys.find(key))!.enabled).toBe(true);
      // An operator key of another account: the same 404.
      const operator = await t.login('operator-account');
      expect((await mallory.post(`/account/applications/${operator.key.key}/disable`, { _csrf: await mallory.sessionCsrf() })).statusCode).toBe(404);
      expect((await alice.get('/account/')).body).toContain(key);
    });
  });

  describe('sign-in throttling', () => {
    it('makes an email wait after repeated wrong passwords, with a growing Retry-After, even for the right password', async () => {
      const user = new WebClient(t.app);
      await user.signUp('guessed@example.org', 'the right password');
      const attacker = new WebClient(t.app);
      for (let i = 0; i < FREE_SIGN_IN_FAILURES; i++) {
        expect((await attacker.signIn('guessed@example.org', `wrong ${i}`)).statusCode).toBe(401);
      }
      const blocked = await attacker.signIn('guessed@example.org', 'the right password');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      t.clock.advance(1500);
      expect((await attacker.signIn('guessed@example.org', 'wrong again')).statusCode).toBe(401);
      const longer = await attacker.signIn('guessed@example.org', 'the right password');
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBe(2);
      t.clock.advance(2500);
      const signedIn = await attacker.signIn('guessed@example.org', 'the right password');
      expect(signedIn.statusCode).toBe(303);
      // A success forgets the failures.
      expect(await t.store.sessions.signInFailures('guessed@example.org')).toBeUndefined();
    });

    it('treats unknown emails like wrong passwords (same answer, same throttling)', async () => {
      const attacker = new WebClient(t.app);
      const answers = [];
      for (let i = 0; i < FREE_SIGN_IN_FAILURES + 1; i++) answers.push((await attacker.signIn('nobody@example.org', 'guess guess')).statusCode);
      expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('limits sign-in attempts per email to 10 a minute whatever the outcome', async () => {
      const attacker = new WebClient(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await attacker.signIn('flood@example.org', 'x')).statusCode);
        t.clock.advance(3601_000); // failures are forgotten after an hour: only the per-minute limit (real time) is left
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    });
  });

  describe('session cookie', () => {
    it('is HttpOnly, SameSite=Lax, Secure on an https base URL, for the whole site, and changes at sign-in', async () => {
      const user = new WebClient(t.app);
      const response = await user.signUp('cookie@example.org');
      const session = setCookies(response).find((c) => c.name === 'agwx_session')!;
      expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/']));
      const first = session.value;
      await user.post('/account/sign-out', { _csrf: await user.sessionCsrf() });
      const again = await user.signIn('cookie@example.org', 'correct horse battery');
      const second = setCookies(again).find((c) => c.name === 'agwx_session')!.value;
      expect(second).not.toBe(first);
      // The database holds only a hash of the cookie's value.
      const row = await t.store.handle.db.selectFrom('web_sessions').selectAll().execute();
      expect(JSON.stringify(row)).not.toContain(second);
    });

    it('is not Secure over plain http, and Secure again behind a trusted proxy that says https', async () => {
      const plain = await createTestApp(kind, { AGWX_BASE_URL: 'http://localhost:8080' });
      const proxied = await createTestApp(kind, { AGWX_BASE_URL: 'http://localhost:8080', AGWX_TRUST_PROXY: 'on' });
      try {
        const a = setCookies(await new WebClient(plain.app).signUp('plain@example.org')).find((c) => c.name === 'agwx_session')!;
        expect(a.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax']));
        expect(a.attributes).not.toContain('Secure');
        const b = setCookies(await new WebClient(proxied.app, { 'x-forwarded-proto': 'https' }).signUp('proxied@example.org')).find(
          (c) => c.name === 'agwx_session',
        )!;
        expect(b.attributes).toContain('Secure');
      } finally {
        await plain.close();
        await proxied.close();
      }
    });

    it('ends after 12 hours idle and after 7 days in all', async () => {
      const user = new WebClient(t.app);
      await user.signUp('idle@example.org');
      t.clock.advance(11 * 3600_000);
      expect((await user.get('/account/')).statusCode).toBe(200);
      t.clock.advance(11 * 3600_000);
      expect((await user.get('/account/')).statusCode).toBe(200);
      t.clock.advance(12 * 3600_000 + 1000);
      const expired = await user.get('/account/');
      expect(expired.statusCode).toBe(303);
      expect(expired.headers.location).toBe('/account/sign-in');

      const busy = new WebClient(t.app);
      await busy.signUp('busy@example.org');
      for (let hour = 0; hour < 7 * 24; hour += 10) {
        t.clock.advance(10 * 3600_000);
        const r = await busy.get('/account/');
        if (hour + 10 < 7 * 24) expect(r.statusCode, `after ${hour + 10} h`).toBe(200);
        else expect(r.statusCode).toBe(303);
      }
    });
  });

  it('sends security headers with pages', async () => {
    const response = await new WebClient(t.app).get('/account/sign-in');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('no-cache');
  });
});
