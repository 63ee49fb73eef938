/**
 * The TypeScript client against a real agwx server listening on a port: tokens, paging, retries,
 * typed errors, and weather and agronomic calls.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKeyService, type IssuedKey } from '../../../src/services/key-service.js';
import { createFakeWeatherSource, fakeDay } from '../../../test/support/fake-weather-source.js';
import { createTestApp, type TestApp } from '../../../test/support/test-app.js';
import { AgwxError, createAgwxClient, isAgwxError, type AgwxClientOptions } from '../src/index.js';

const weather = createFakeWeatherSource();
const high = (date: string) => fakeDay(date).tmax ?? NaN;
const low = (date: string) => fakeDay(date).tmin ?? NaN;
let t: TestApp;
let baseUrl: string;
let account = 0;

beforeAll(async () => {
  // Key state is re-read on every request, so a changed rate limit applies at once.
  t = await createTestApp('sqlite', { AGWX_KEY_CACHE_SECONDS: '0' }, weather);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

afterEach(() => {
  weather.reset();
  weather.unavailable = false;
});

/** A new account and key, so each test starts with its own fields and rate limit. */
async function newKey(): Promise<IssuedKey> {
  return createKeyService(t.store, t.clock).createKey(`client-${++account}`, {});
}

interface Exchange {
  method: string;
  path: string;
  status: number;
}

/** A client for `key` whose requests are recorded (method, path with query, status). */
function clientFor(key: IssuedKey, options: Partial<AgwxClientOptions> = {}) {
  const exchanges: Exchange[] = [];
  const sleeps: number[] = [];
  const client = createAgwxClient({
    baseUrl,
    key: key.key,
    secret: key.secret,
    now: () => t.clock.now(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
    fetch: async (request) => {
      const response = await fetch(request);
      const url = new URL(request.url);
      exchanges.push({ method: request.method, path: url.pathname + url.search, status: response.status });
      return response;
    },
  });
  const tokenRequests = () => exchanges.filter((e) => e.path === '/oauth/token').length;
  return { client, exchanges, sleeps, tokenRequests };
}

describe('tokens', () => {
  it('fetches one token, reuses it, and renews it shortly before it expires', async () => {
    const { client, tokenRequests } = clientFor(await newKey());
    expect(await client.get('/v2/fields')).toMatchObject({ fields: [] });
    await client.get('/v2/fields');
    expect(tokenRequests()).toBe(1);

    t.clock.advance(30 * 60_000);
    await client.get('/v2/fields');
    expect(tokenRequests()).toBe(1);

    // A token lives an hour; thirty seconds before the end it is renewed, not used.
    t.clock.advance(29 * 60_000 + 30_000);
    await client.get('/v2/fields');
    expect(tokenRequests()).toBe(2);
  });

  it('requests one token for calls made at once', async () => {
    const { client, tokenRequests } = clientFor(await newKey());
    await Promise.all([client.get('/v2/fields'), client.get('/v2/agronomics/crops'), client.get('/v2/fields')]);
    expect(tokenRequests()).toBe(1);
  });

  it('renews the token and repeats the request when the server answers 401', async () => {
    // The client's own clock stands still, so it believes its token is fresh; the server's moves on.
    const frozen = t.clock.now();
    const { client, exchanges } = clientFor(await newKey(), { now: () => frozen });
    await client.get('/v2/fields');
    t.clock.advance(2 * 3_600_000);
    const page = await client.get('/v2/fields');
    expect(page.fields).toEqual([]);
    expect(exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /oauth/token 200',
      'GET /v2/fields 200',
      'GET /v2/fields 401',
      'POST /oauth/token 200',
      'GET /v2/fields 200',
    ]);
  });

  it('throws the token endpoint error when the key is refused', async () => {
    const key = await newKey();
    const { client } = clientFor(key);
    await client.get('/v2/fields');
    await createKeyService(t.store, t.clock).disableKey(key.key);
    t.clock.advance(2 * 3_600_000);
    const error = await client.get('/v2/fields').catch((e: unknown) => e);
    expect(isAgwxError(error, 401)).toBe(true);
    expect((error as AgwxError).url).toBe(`${baseUrl}/oauth/token`);
  });
});

describe('paging', () => {
  it('iterates over every field across pages by following next links', async () => {
    const { client, exchanges } = clientFor(await newKey());
    const ids = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7'];
    for (const [i, id] of ids.entries()) {
      const created = await client.post('/v2/fields', { body: { id, farmId: 'farm', name: `Field-${i}`, centerPoint: { latitude: 40 + i / 10, longitude: -90 } } });
      expect(created.id).toBe(id);
    }
    const seen: string[] = [];
    for await (const field of client.paginate('/v2/fields', { params: { query: { limit: 3 } } })) {
      expect(field.centerPoint?.longitude).toBe(-90);
      seen.push(field.id ?? '');
    }
    expect([...seen].sort()).toEqual(ids);
    const pages = exchanges.filter((e) => e.method === 'GET' && e.path.startsWith('/v2/fields'));
    expect(pages).toHaveLength(3);
    expect(pages.slice(1).map((e) => new URLSearchParams(e.path.split('?')[1]).get('offset'))).toEqual(['3', '6']);
  });

  it('pages through the crop catalogue, each crop once', async () => {
    const { client } = clientFor(await newKey());
    const crops = [];
    for await (const crop of client.paginate('/v2/agronomics/crops', { params: { query: { limit: 10 } } })) crops.push(crop);
    const all = await client.get('/v2/agronomics/crops', { params: { query: { limit: 10 } } });
    expect(all._links?.next).toBeDefined();
    expect(crops.length).toBeGreaterThan(all.crops?.length ?? 0);
    expect(new Set(crops.map((c) => c.id)).size).toBe(crops.length);
  });
});

describe('retries', () => {
  it('waits as Retry-After says after a 429 and repeats the request', async () => {
    const key = await newKey();
    const { client, exchanges, sleeps } = clientFor(key, {
      sleep: async (ms) => {
        sleeps.push(ms);
        // While the client waits, the operator raises the key's limit.
        await t.store.keys.setRateLimit(key.key, { perMinute: 1000, burst: 0 });
      },
    });
    await t.store.keys.setRateLimit(key.key, { perMinute: 1, burst: 0 });
    await client.get('/v2/fields');
    const page = await client.get('/v2/fields');
    expect(page.fields).toEqual([]);
    expect(exchanges.filter((e) => e.path === '/v2/fields').map((e) => e.status)).toEqual([200, 429, 200]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(0);
    expect(sleeps[0]).toBeLessThanOrEqual(60_000);
  });

  it('gives up after its attempts, or at once when Retry-After is longer than it will wait', async () => {
    const key = await newKey();
    await t.store.keys.setRateLimit(key.key, { perMinute: 1, burst: 0 });
    const patient = clientFor(key, { retry: { maxAttempts: 2 } });
    await patient.client.get('/v2/fields');
    const error = await patient.client.get('/v2/fields').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgwxError);
    expect((error as AgwxError).statusCode).toBe(429);
    expect((error as AgwxError).retryAfterSeconds).toBeGreaterThan(0);
    expect(patient.exchanges.filter((e) => e.path === '/v2/fields').map((e) => e.status)).toEqual([200, 429, 429]);
    expect(patient.sleeps).toHaveLength(1);

    const hasty = clientFor(key, { retry: { maxDelaySeconds: 0 } });
    await expect(hasty.client.get('/v2/fields')).rejects.toMatchObject({ statusCode: 429 });
    expect(hasty.sleeps).toEqual([]);
    expect(hasty.exchanges.filter((e) => e.path === '/v2/fields')).toHaveLength(1);
  });

  it('waits as Retry-After says after a 503 from an unavailable weather provider', async () => {
    const { client, exchanges, sleeps } = clientFor(await newKey(), {
      sleep: async (ms) => {
        sleeps.push(ms);
        weather.unavailable = false;
      },
    });
    await client.post('/v2/fields', { body: { id: 'north', farmId: 'farm', centerPoint: { latitude: 42, longitude: -93.5 } } });
    weather.unavailable = true;
    const day = await client.get('/v2/weather/fields/{fieldId}/observations/{dates}', { params: { path: { fieldId: 'north', dates: '2024-06-01' } } });
    expect(sleeps).toEqual([120_000]);
    expect(exchanges.filter((e) => e.path.startsWith('/v2/weather')).map((e) => e.status)).toEqual([503, 200]);
    expect('observations' in day).toBe(false);
    if (!('observations' in day)) expect(day.temperatures?.max ?? NaN).toBeCloseTo(high('2024-06-01'), 2);
  });
});

describe('errors', () => {
  it('throws an AgwxError carrying the error body of a 404', async () => {
    const { client } = clientFor(await newKey());
    const error = await client.get('/v2/fields/{fieldId}', { params: { path: { fieldId: 'nowhere' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgwxError);
    const e = error as AgwxError;
    expect(e).toMatchObject({ statusCode: 404, statusName: 'Not Found', method: 'GET', url: `${baseUrl}/v2/fields/nowhere` });
    expect(e.errorId.length).toBeGreaterThanOrEqual(8);
    expect(e.simpleMessage.length).toBeGreaterThan(0);
    expect(e.detailedMessage).toContain('nowhere');
    expect(Object.keys(e.body as object)).toEqual(['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage']);
  });

  it('throws an AgwxError for a 400 without retrying', async () => {
    const { client, exchanges } = clientFor(await newKey());
    const error = await client
      .post('/v2/fields', { body: { id: 'bad id!', farmId: 'farm', centerPoint: { latitude: 40, longitude: -90 } } })
      .catch((e: unknown) => e);
    expect(isAgwxError(error, 400)).toBe(true);
    expect((error as AgwxError).statusName).toBe('Bad Request');
    expect(exchanges.filter((e) => e.path === '/v2/fields')).toHaveLength(1);
  });
});

describe('weather and agronomic values', () => {
  it('reads observations and growing degree days of a field as typed results', async () => {
    const { client } = clientFor(await newKey());
    await client.post('/v2/fields', { body: { id: 'south', farmId: 'farm', centerPoint: { latitude: 38, longitude: -95 } } });
    const dates = ['2024-06-01', '2024-06-02', '2024-06-03'];

    const observed = await client.get('/v2/weather/fields/{fieldId}/observations/{dates}', { params: { path: { fieldId: 'south', dates: `${dates[0]},${dates[2]}` } } });
    if (!('observations' in observed)) throw new Error('a range answers a list');
    expect(observed.observations.map((o) => o.date)).toEqual(dates);
    for (const o of observed.observations) {
      expect(o.temperatures?.max ?? NaN).toBeCloseTo(high(o.date!), 2);
      expect(o.temperatures?.min ?? NaN).toBeCloseTo(low(o.date!), 2);
      expect(o.temperatures?.units).toBe('C');
    }

    const values = await client.get('/v2/agronomics/fields/{fieldId}/agronomicvalues/{dates}', {
      params: { path: { fieldId: 'south', dates: `${dates[0]},${dates[2]}` }, query: { gddMethod: 'standard', gddBaseTemp: 10 } },
    });
    if (!('dailyValues' in values)) throw new Error('a range answers daily values');
    // Standard method: the mean of the day's high and low, less the base temperature.
    const expected = dates.map((d) => (high(d) + low(d)) / 2 - 10);
    expect(values.dailyValues?.map((v) => v.gdd)).toEqual(expected.map((g) => expect.closeTo(g, 1)));
    expect(values.dailyValues?.at(-1)?.accumulatedGdd ?? NaN).toBeCloseTo(expected.reduce((a, b) => a + b, 0), 1);
  });
});
