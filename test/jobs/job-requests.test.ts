/** The rules of bundled requests, the in-process caller, and how payloads are kept. */
import { describe, expect, it } from 'vitest';
import { createInternalCaller } from '../../src/http/authenticate.js';
import { checkJobRequests, isAgronomic, MAX_REQUESTS_PER_JOB, MAX_REQUESTS_WITH_AGRONOMICS, problemOf } from '../../src/jobs/job-requests.js';
import { payloadText } from '../../src/jobs/job-runner.js';

describe('bundled requests', () => {
  it('keeps titles (null when absent) and requests in order', () => {
    expect(checkJobRequests([{ api: 'GET /v2/fields' }, { title: 'x', api: 'GET /v2/fields/a?properties=name' }])).toEqual([
      { title: null, api: 'GET /v2/fields' },
      { title: 'x', api: 'GET /v2/fields/a?properties=name' },
    ]);
  });

  it('tells agronomic paths by their prefix', () => {
    expect(isAgronomic('GET /v2/agronomics/fields/f/gdd')).toBe(true);
    expect(isAgronomic('GET /v2/weather/fields/f/observations?x=/v2/agronomics/')).toBe(false);
  });

  it('never bundles a request under /v2/jobs, however the router would read its path', () => {
    for (const api of ['GET /v2/jobs', 'GET /v2/jobs/17', 'GET /v2/jobs/17?x=1', 'GET /v2/jobs/', 'GET /v2/%6Aobs/17', 'GET /v2/jo%62s/17', 'GET /v2/Jobs/17', 'GET /v2/jobs;a/17']) {
      expect(problemOf(api), api).toMatch(/under \/v2\/jobs/);
      expect(() => checkJobRequests([{ api: 'GET /v2/fields' }, { api }]), api).toThrow(/^Invalid value for property 'requests\[1\]\.api'\. Request 1 .*under \/v2\/jobs/);
    }
    for (const api of ['GET /v2/jobsites', 'GET /v2/fields/jobs', 'GET /v2/fields?next=/v2/jobs/1']) expect(problemOf(api), api).toBeNull();
  });

  it('applies the limits exactly at their edges', () => {
    const plain = (n: number) => Array.from({ length: n }, () => ({ api: 'GET /v2/fields' }));
    expect(checkJobRequests(plain(MAX_REQUESTS_PER_JOB))).toHaveLength(MAX_REQUESTS_PER_JOB);
    expect(() => checkJobRequests(plain(MAX_REQUESTS_PER_JOB + 1))).toThrow(/at most 10000 requests/);
    const agronomic = [{ api: 'GET /v2/agronomics/crops' }];
    expect(checkJobRequests([...agronomic, ...plain(MAX_REQUESTS_WITH_AGRONOMICS - 1)])).toHaveLength(MAX_REQUESTS_WITH_AGRONOMICS);
    expect(() => checkJobRequests([...plain(MAX_REQUESTS_WITH_AGRONOMICS), ...agronomic])).toThrow(/at most 1500 requests/);
  });
});

describe('in-process caller', () => {
  const auth = { key: 'k-1', accountId: 7 };

  it('accepts only its own secret, and names only the key and its account', () => {
    const caller = createInternalCaller();
    const [header, value] = Object.entries(caller.headersFor(auth))[0]!;
    expect(header).toBe('x-agwx-internal-caller');
    expect(caller.verify(value)).toEqual(auth);
    const [secret] = value.split('.');
    const widened = Buffer.from(JSON.stringify({ ...auth, enterprise: true, mapAccess: null })).toString('base64url');
    expect(caller.verify(`${secret}.${widened}`)).toEqual(auth);
    expect(caller.verify(`${secret}.${Buffer.from(JSON.stringify({ key: 'k-1' })).toString('base64url')}`)).toBeNull();
    expect(createInternalCaller().verify(value)).toBeNull();
    const [, payload] = value.split('.');
    expect(caller.verify(`${'A'.repeat(43)}.${payload}`)).toBeNull();
    expect(caller.verify(payload!)).toBeNull();
    expect(caller.verify('')).toBeNull();
    expect(caller.verify(`${value.split('.')[0]}.!!!`)).toBeNull();
  });
});

describe('payloads', () => {
  const response = (contentType: string | undefined, body: string | Buffer) => ({
    statusCode: 200,
    headers: contentType ? { 'content-type': contentType } : {},
    rawPayload: Buffer.isBuffer(body) ? body : Buffer.from(body),
  });

  it('keeps JSON as it is, text as a string, other bodies as base64, no body as null', () => {
    expect(payloadText(response('application/json; charset=utf-8', '{"b":1,"a":[2]}'))).toBe('{"b":1,"a":[2]}');
    expect(payloadText(response('application/hal+json', '[1]'))).toBe('[1]');
    expect(payloadText(response('text/plain', 'hello "you"'))).toBe('"hello \\"you\\""');
    expect(JSON.parse(payloadText(response('image/png', Buffer.from([0x89, 0x50]))))).toEqual({ contentType: 'image/png', encoding: 'base64', data: 'iVA=' });
    expect(payloadText(response(undefined, ''))).toBe('null');
    expect(payloadText(response('application/json', 'not json'))).toBe('"not json"');
  });
});
