/** The account area end to end over HTTP: accounts, applications, request counts, explorer tokens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { basic, createTestApp, type TestApp } from '../support/test-app.js';
import { csrfOf, WebClient } from './web-client.js';

describe.each(databaseKinds())('account area on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AGWX_KEY_CACHE_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  const token = async (key: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(key, secret), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });

  it('sends visitors to sign-in, with labelled fields and links to the API reference', async () => {
    const visitor = new WebClient(t.app);
    const home = await visitor.get('/account/');
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/account/sign-in');
    expect((await visitor.get('/explorer/')).headers.location).toBe('/account/sign-in');
    const signIn = await visitor.get('/account/sign-in');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<label for="email">Email</label>');
    expect(signIn.body).toContain('<label for="password">Password</label>');
    expect(signIn.body).toContain('href="/docs"');
    expect(signIn.headers['content-type']).toMatch(/^text\/html/);
  });

  it('signs up, refuses a second account for the same email, signs out and in again', async () => {
    const user = new WebClient(t.app);
    const created = await user.signUp('Grower@Example.org', 'a long password');
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/account/');
    const dashboard = await user.get('/account/');
    expect(dashboard.body).toContain('grower@example.org');
    expect(dashboard.body).toContain('href="/explorer/"');
    expect(dashboard.body).toContain('href="/docs"');
    const account = await t.store.accounts.findByEmail('grower@example.org');
    expect(account).toMatchObject({ name: 'grower@example.org', enterprise: false });
    expect(account!.passwordHash).toMatch(/^scrypt\$/);

    const twin = new WebClient(t.app);
    const duplicate = await twin.signUp('grower@example.org', 'another password');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body).toContain('exists already');

    const out = await user.post('/account/sign-out', { _csrf: csrfOf(dashboard.body) });
    expect(out.statusCode).toBe(303);
    expect((await user.get('/account/')).statusCode).toBe(303);
    expect((await user.signIn('grower@example.org', 'wrong password')).statusCode).toBe(401);
    expect((await user.signIn('GROWER@example.org ', 'a long password')).statusCode).toBe(303);
    expect((await user.get('/account/')).statusCode).toBe(200);
  });

  it('rejects a short password and a malformed email with the form again', async () => {
    const user = new WebClient(t.app);
    const short = await user.signUp('short@example.org', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('The password must have 10 to 200 characters.');
    expect((await user.signUp('not-an-email', 'a long password')).statusCode).toBe(400);
  });

  it('creates an application whose secret is shown once and works; disabling it stops its tokens', async () => {
    const user = new WebClient(t.app);
    await user.signUp('apps@example.org');
    const { key, secret, response } = await user.createApplication('Farm dashboard');
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = await user.get('/account/');
    expect(page.body).toContain(key);
    expect(page.body).toContain('Farm dashboard');
    expect(page.body).not.toContain(secret);
    expect((await t.store.keys.find(key))!.secretHash).not.toContain(secret);

    const granted = await token(key, secret);
    expect(granted.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${granted.json().access_token}` };
    expect((await t.app.inject({ url: '/v2/fields', headers: bearer })).statusCode).toBe(200);

    const disabled = await user.post(`/account/applications/${key}/disable`, { _csrf: csrfOf(page.body) });
    expect(disabled.statusCode).toBe(303);
    expect((await t.app.inject({ url: '/v2/fields', headers: bearer })).statusCode).toBe(401);
    expect((await token(key, secret)).statusCode).toBe(401);
    expect((await user.get('/account/')).body).toMatch(/status off">disabled/);
  });

  it('counts requests per key per UTC day and shows them with the last use', async () => {
    const user = new WebClient(t.app);
    await user.signUp('counted@example.org');
    const { key, secret } = await user.createApplication('Counted');
    const bearer = { authorization: `Bearer ${(await token(key, secret)).json().access_token}` };
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/v2/fields', headers: bearer });
    t.clock.advance(86_400_000);
    const nextDay = { authorization: `Bearer ${(await token(key, secret)).json().access_token}` };
    t.clock.advance(1000);
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ url: '/v2/fields', headers: nextDay })).statusCode).toBe(200);
    await t.app.inject({ url: '/v2/fields', headers: { authorization: 'Bearer nonsense' } }); // no key: not counted
    await user.signIn('counted@example.org', 'correct horse battery'); // a day idle ended the session
    const page = await user.get('/account/'); // flushes the counts first
    const row = page.body.slice(page.body.indexOf(`data-key="${key}"`));
    expect(row).toMatch(/class="count">5</);
    expect(row).toContain(`<title>${new Date(t.clock.now()).toISOString().slice(0, 10)}: 2</title>`);
    const days = await t.store.usage.perKeyAndDay((await t.store.accounts.findByEmail('counted@example.org'))!.id, '2024-01-01', '2030-01-01');
    expect(days.map((d) => [d.day, d.requests])).toEqual([
      [new Date(t.clock.now() - 86_400_000).toISOString().slice(0, 10), 3],
      [new Date(t.clock.now()).toISOString().slice(0, 10), 2],
    ]);
    expect((await t.store.keys.find(key))!.lastUsedAt).toBe(t.clock.now());
  });

  it('gives the explorer an access token for an explorer key made on demand', async () => {
    const user = new WebClient(t.app);
    await user.signUp('explorer@example.org');
    const csrf = await user.sessionCsrf();
    const first = await user.post('/account/api-token', {}, { 'x-csrf-token': csrf });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body).toMatchObject({ expires_in: 3600, token_type: 'Bearer' });
    const fields = await t.app.inject({ url: '/v2/fields', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(fields.statusCode).toBe(200);
    const second = (await user.post('/account/api-token', {}, { 'x-csrf-token': csrf })).json();
    const account = await t.store.accounts.findByEmail('explorer@example.org');
    const keys = await t.store.keys.list(account!.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ purpose: 'explorer', label: 'Field explorer', enabled: true });
    expect(second.access_token).not.toBe(body.access_token);
    expect((await user.get('/account/')).body).toContain('used by the field explorer');
    // Signed out: no token.
    expect((await new WebClient(t.app).post('/account/api-token', {}, { 'x-csrf-token': csrf })).statusCode).toBe(401);
  });

  it('serves the explorer page to a signed-in account (or says it is not built)', async () => {
    const user = new WebClient(t.app);
    await user.signUp('page@example.org');
    const page = await user.get('/explorer/');
    expect([200, 503]).toContain(page.statusCode);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toContain('no-cache');
    if (page.statusCode === 200) {
      expect(page.body).toContain(await user.sessionCsrf());
      expect(page.body).not.toContain('__AGWX_');
    }
  });

  it('refuses an application beyond the default cap of 20 enabled keys with 409 and says why; disabling one makes room', async () => {
    const user = new WebClient(t.app);
    await user.signUp('farmer-of-keys@example.org');
    // The field explorer's own key does not count.
    expect((await user.post('/account/api-token', {}, { 'x-csrf-token': await user.sessionCsrf() })).statusCode).toBe(200);
    const created = [];
    for (let i = 0; i < 20; i++) created.push((await user.createApplication(`App ${i}`)).key);
    const refused = await user.post('/account/applications', { _csrf: await user.sessionCsrf(), label: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Too many API keys. An account may have at most 20 enabled API keys (applications)');
    const account = await t.store.accounts.findByEmail('farmer-of-keys@example.org');
    expect((await t.store.keys.list(account!.id)).filter((key) => key.purpose === null)).toHaveLength(20);
    const page = await user.get('/account/');
    expect((await user.post(`/account/applications/${created[0]}/disable`, { _csrf: csrfOf(page.body) })).statusCode).toBe(303);
    expect((await user.createApplication('Replacement')).response.statusCode).toBe(201);
    // The explorer still gets its token at the cap.
    expect((await user.post('/account/api-token', {}, { 'x-csrf-token': await user.sessionCsrf() })).statusCode).toBe(200);
  });

  it('closes sign-up when AGWX_SIGNUP=off', async () => {
    const closed = await createTestApp(kind, { AGWX_SIGNUP: 'off' });
    try {
      const visitor = new WebClient(closed.app);
      const form = await visitor.get('/account/sign-up');
      expect(form.statusCode).toBe(403);
      expect(form.body).toContain('Sign-up is closed');
      const signIn = await visitor.get('/account/sign-in');
      const post = await visitor.post('/account/sign-up', { _csrf: csrfOf(signIn.body), email: 'late@example.org', password: 'a long password' });
      expect(post.statusCode).toBe(403);
      expect(await closed.store.accounts.findByEmail('late@example.org')).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});
