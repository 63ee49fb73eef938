import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
