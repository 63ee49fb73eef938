/** Client behaviour that a real server cannot easily show: Retry-After as a date, back-off, foreign links. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createAgwxClient, parseRetryAfter } from '../src/index.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A client whose server answers from `answer`; the token endpoint always grants. */
function stubbed(answer: (url: URL, n: number, request: Request) => Response | Promise<Response>) {
  const sleeps: number[] = [];
  const seen: string[] = [];
  let n = 0;
  const client = createAgwxClient({
    baseUrl: 'https://api.example/agwx/',
    key: 'k',
    secret: 's',
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    fetch: async (request) => {
      const url = new URL(request.url);
      seen.push(url.href);
      if (url.pathname.endsWith('/oauth/token')) {
        expect(request.headers.get('authorization')).toBe(`Basic ${Buffer.from('k:s').toString('base64')}`);
        expect(await request.text()).toBe('grant_type=client_credentials');
        return json(200, { access_token: 't', expires_in: 3600, token_type: 'Bearer' });
      }
      expect(request.headers.get('authorization')).toBe('Bearer t');
      return answer(url, n++, request);
    },
  });
  return { client, sleeps, seen };
}

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30', NOW)).toBe(30);
    expect(parseRetryAfter('Sat, 15 Jun 2024 12:01:30 GMT', NOW)).toBe(90);
    expect(parseRetryAfter('Sat, 15 Jun 2024 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });
});

describe('client with a stubbed server', () => {
  it('keeps the base path, waits until an HTTP-date Retry-After, and backs off without one', async () => {
    const { client, sleeps, seen } = stubbed((_url, n) =>
      n === 0 ? json(503, {}, { 'retry-after': 'Sat, 15 Jun 2024 12:00:05 GMT' }) : n === 1 ? json(429, {}) : json(200, { fields: [] }),
    );
    expect(await client.get('/v2/fields')).toEqual({ fields: [] });
    expect(sleeps).toEqual([5000, 2000]);
    expect(seen.filter((u) => u.includes('/v2/fields'))).toEqual(Array(3).fill('https://api.example/agwx/v2/fields'));
  });

  it('follows next links under the base path and refuses links to another origin', async () => {
    const { client, seen } = stubbed((url) =>
      url.searchParams.get('offset') === '2'
        ? json(200, { fields: [{ id: 'c' }], _links: { next: { href: 'https://elsewhere.example/v2/fields?offset=3' } } })
        : json(200, { fields: [{ id: 'a' }, { id: 'b' }], _links: { next: { href: '/v2/fields?limit=2&offset=2' } } }),
    );
    const ids: string[] = [];
    await expect(
      (async () => {
        for await (const field of client.paginate('/v2/fields', { params: { query: { limit: 2 } } })) ids.push(field.id ?? '');
      })(),
    ).rejects.toThrow(/elsewhere\.example/);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(seen.filter((u) => !u.endsWith('/oauth/token'))).toEqual([
      'https://api.example/agwx/v2/fields?limit=2',
      'https://api.example/agwx/v2/fields?limit=2&offset=2',
    ]);
  });

  it('turns an answer that is not the error body into an AgwxError all the same', async () => {
    const { client } = stubbed(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client.get('/v2/fields')).rejects.toMatchObject({ name: 'AgwxError', statusCode: 502, statusName: 'Bad Gateway', errorId: '' });
  });
});

describe('request bodies and types', () => {
  it('sends the same body again when a POST is retried', async () => {
    const bodies: string[] = [];
    const { client } = stubbed(async (_url, n, request) => {
      bodies.push(await request.text());
      return n === 0 ? json(503, {}, { 'retry-after': '1' }) : json(201, { id: 'f' });
    });
    const field = { id: 'f', farmId: 'farm', centerPoint: { latitude: 1, longitude: 2 } };
    expect(await client.post('/v2/fields', { body: field })).toEqual({ id: 'f' });
    expect(bodies.map((b) => JSON.parse(b))).toEqual([field, field]);
  });

  it('types paths, parameters and answers from the OpenAPI document', () => {
    const { client } = stubbed(() => json(200, {}));
    expectTypeOf(client.get<'/v2/fields', undefined>).returns.resolves.toHaveProperty('fields');
    // Only checked by the compiler: these calls are never made.
    const unused = () => {
      // @ts-expect-error: no such path
      void client.get('/v2/nothing');
      // @ts-expect-error: the field id is required
      void client.get('/v2/fields/{fieldId}');
      // @ts-expect-error: a single field is not a list
      void client.paginate('/v2/fields/{fieldId}', { params: { path: { fieldId: 'f' } } });
      // @ts-expect-error: a field needs a farm id
      void client.post('/v2/fields', { body: { id: 'f', centerPoint: { latitude: 1, longitude: 2 } } });
    };
    expect(typeof unused).toBe('function');
  });

  it('writes numbers, choices and layer lists into the URL as the server reads them', async () => {
    const { client, seen } = stubbed(() => json(200, {}));
    await client.get('/v2/weather/fields/{fieldId}/forecasts', { params: { path: { fieldId: 'f' }, query: { limit: 3, blockSize: 6, units: 'usa', useLocalTime: true } } });
    await client.api.GET('/v2/imagery/weathermaps/{types}/fields/{fieldId}', {
      params: { path: { types: ['base', 'temperatures'], fieldId: 'f' }, query: { zoom: 15 } },
      parseAs: 'blob',
    });
    expect(seen.slice(1)).toEqual([
      'https://api.example/agwx/v2/weather/fields/f/forecasts?limit=3&blockSize=6&units=usa&useLocalTime=true',
      'https://api.example/agwx/v2/imagery/weathermaps/base,temperatures/fields/f?zoom=15',
    ]);
    const unused = () => {
      // @ts-expect-error: units are metric or usa
      void client.get('/v2/weather/fields/{fieldId}/forecasts', { params: { path: { fieldId: 'f' }, query: { units: 'imperial' } } });
      // @ts-expect-error: no such block size
      void client.get('/v2/weather/fields/{fieldId}/forecasts', { params: { path: { fieldId: 'f' }, query: { blockSize: 5 } } });
      // @ts-expect-error: no such layer
      void client.api.GET('/v2/imagery/weathermaps/{types}/fields/{fieldId}', { params: { path: { types: ['clouds'], fieldId: 'f' } } });
    };
    expect(typeof unused).toBe('function');
  });
});
