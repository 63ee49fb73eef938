import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultCount, submitJob, until } from '../jobs/job-test-helpers.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

describe('rate limits per key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { AGWX_RATE_PER_MINUTE: '4', AGWX_RATE_BURST: '1', AGWX_ENTERPRISE_RATE_PER_MINUTE: '8', AGWX_ENTERPRISE_RATE_BURST: '0' });
  });
  afterAll(async () => t.close());

  it('answers with RateLimit headers, then 429 with Retry-After once the key is over its limit', async () => {
    const { auth } = await t.login('limited');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ url: '/v2/fields', headers: auth });
      statuses.push(last.statusCode);
      if (i === 0) {
        expect(last.headers['ratelimit-limit']).toBe('4');
        expect(last.headers['ratelimit-remaining']).toBe('3');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const error = expectErrorBody(last!, 429);
    expect(error.detailedMessage).toContain('4 requests a minute');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives enterprise keys their higher limit and counts each key alone', async () => {
    const { auth } = await t.login('big', { enterprise: true });
    const other = (await t.login('small')).auth;
    let ok = 0;
    for (let i = 0; i < 10; i++) if ((await t.app.inject({ url: '/v2/fields', headers: auth })).statusCode === 200) ok++;
    expect(ok).toBe(8);
    expect((await t.app.inject({ url: '/v2/fields', headers: other })).statusCode).toBe(200);
  });

  it("applies a key's own limit set by the operator", async () => {
    const { key, auth } = await t.login('custom');
    await t.store.keys.setRateLimit(key.key, { perMinute: 2, burst: 0 });
    t.clock.advance((t.config.keyCacheSeconds + 1) * 1000);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ url: '/v2/fields', headers: auth })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('rate limits per account, all its keys together', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Keys: 4 a minute plus a burst of 1; accounts, by default, twice that: 8 plus 2.
    t = await createTestApp('sqlite', { AGWX_RATE_PER_MINUTE: '4', AGWX_RATE_BURST: '1' });
  });
  afterAll(async () => t.close());

  it("does not multiply with keys: six keys of one account get the account's budget, and the 429 says so", async () => {
    const keys = [];
    for (let i = 0; i < 6; i++) keys.push((await t.login('farmer')).auth);
    const statuses: number[] = [];
    let refused;
    for (let round = 0; round < 5; round++) {
      for (const auth of keys) {
        const response = await t.app.inject({ url: '/v2/fields', headers: auth });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused = response;
      }
    }
    // Each key alone would allow 5 (30 in all); the account allows 8 + 2.
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    const error = expectErrorBody(refused!, 429);
    expect(error.detailedMessage).toContain("This API key's account, all its keys together, may make 8 requests a minute (plus a burst of 2)");
    expect(refused!.headers['ratelimit-limit']).toBe('8');
    expect(refused!.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back.
    expect((await t.app.inject({ url: '/v2/fields', headers: (await t.login('neighbour')).auth })).statusCode).toBe(200);
  });

  it('tells the tighter of the two budgets in the RateLimit headers', async () => {
    const first = (await t.login('two-keys')).auth;
    const second = (await t.login('two-keys')).auth;
    const third = (await t.login('two-keys')).auth;
    const headers = async (auth: Record<string, string>) => {
      const response = await t.app.inject({ url: '/v2/fields', headers: auth });
      return [response.headers['ratelimit-limit'], response.headers['ratelimit-remaining']];
    };
    // The account (8) has more left than the first key (4): the key's.
    expect(await headers(first)).toEqual(['4', '3']);
    expect(await headers(first)).toEqual(['4', '2']);
    expect(await headers(first)).toEqual(['4', '1']);
    expect(await headers(first)).toEqual(['4', '0']);
    expect(await headers(third)).toEqual(['4', '3']);
    expect(await headers(third)).toEqual(['4', '2']);
    // The second key has 3 left, its account 1: the account's.
    expect(await headers(second)).toEqual(['8', '1']);
    expect(await headers(second)).toEqual(['8', '0']);
  });

  it('leaves one key alone as it was: its own limit is reached first', async () => {
    const { auth } = await t.login('single');
    const statuses = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ url: '/v2/fields', headers: auth });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(expectErrorBody(last!, 429).detailedMessage).toContain('This API key may make 4 requests a minute');
  });
});

describe('rate limits per account in batch jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Keys: 6 a minute; accounts: the same (a multiple of 1), so that a second key shows the account's budget.
    t = await createTestApp('sqlite', { AGWX_RATE_PER_MINUTE: '6', AGWX_RATE_BURST: '0', AGWX_ACCOUNT_RATE_MULTIPLE: '1' }, undefined, { jobs: { concurrency: 2, pollMs: 10 } });
  });
  afterAll(async () => t.close());

  it("counts a job's requests against its account as they run, and the job waits when the account's budget is spent", async () => {
    const other = (await t.login('job-account')).auth;
    const { auth } = await t.login('job-account');
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/v2/fields', headers: other })).statusCode).toBe(200);
    // The submission is the account's fourth request: two are left for the job, though its key has four.
    const id = await submitJob(t.app, auth, Array.from({ length: 10 }, (_, i) => ({ api: `GET /v2/fields?limit=1&n=${i}` })));
    await until(async () => (await resultCount(t.store, id)) >= 2, 'two results', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await resultCount(t.store, id)).toBe(2);
    // The other key, with three of its own six left, is held back by the account too.
    const direct = await t.app.inject({ url: '/v2/fields', headers: other });
    expect(expectErrorBody(direct, 429).detailedMessage).toContain("account, all its keys together, may make 6 requests a minute");
  });
});

describe('metrics', () => {
  it('counts requests by route and status, and reports the job queue', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { auth } = await t.login('metrics');
      await t.app.inject({ url: '/v2/fields', headers: auth });
      await t.app.inject({ url: '/v2/fields/nope', headers: auth });
      const response = await t.app.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toMatch(/agwx_http_requests_total\{route="\/v2\/fields",method="GET",status="200"\} 1/);
      expect(response.body).toMatch(/agwx_http_requests_total\{route="\/v2\/fields\/:fieldId",method="GET",status="404"\} 1/);
      expect(response.body).toMatch(/agwx_http_request_duration_seconds_bucket\{le="0.1",route="\/v2\/fields",method="GET"\} 1/);
      expect(response.body).toMatch(/agwx_job_queue_depth\{state="queued"\} 0/);
    } finally {
      await t.close();
    }
  });
});
