import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, parseRetryAfter, UpstreamRejectedError, UpstreamUnavailableError } from '../../../src/weather/providers/http-client.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function client(sleeps: number[] = [], options: Parameters<typeof createHttpClient>[0] = {}) {
  return createHttpClient({ sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, retries: 3, timeoutMs: 2000, ...options });
}

describe('http client', () => {
  it('returns a 2xx body', async () => {
    server.replies({ body: '{"ok":true}' });
    const response = await client().getText(`${server.baseUrl}/a`);
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"ok":true}');
  });

  it('retries a 500 with exponential backoff and then succeeds', async () => {
    const sleeps: number[] = [];
    server.replies({ status: 500, body: 'oops' }, { status: 502 }, { body: 'fine' });
    const response = await client(sleeps, { baseDelayMs: 100 }).getText(`${server.baseUrl}/b`);
    expect(response.body).toBe('fine');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]); // jitter at random() = 0.5 is the middle of [b/2, 1.5b)
  });

  it('gives up after the allowed retries with UpstreamUnavailableError', async () => {
    const sleeps: number[] = [];
    server.replies({ status: 503 });
    const error = await client(sleeps).getText(`${server.baseUrl}/c`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as UpstreamUnavailableError).attempts).toBe(4);
    expect((error as UpstreamUnavailableError).retryAfterSeconds).toBe(60);
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
  });

  it('honours Retry-After on 429, and stops when it is too long', async () => {
    const sleeps: number[] = [];
    server.replies({ status: 429, headers: { 'retry-after': '3' } }, { body: 'later' });
    expect((await client(sleeps).getText(`${server.baseUrl}/d`)).body).toBe('later');
    expect(sleeps).toEqual([3000]);

    server.requests.length = 0;
    server.replies({ status: 429, headers: { 'retry-after': '600' } });
    const error = await client().getText(`${server.baseUrl}/e`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as UpstreamUnavailableError).retryAfterSeconds).toBe(600);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 4xx', async () => {
    server.replies({ status: 400, body: '{"error":true,"reason":"bad"}' });
    const error = await client().getText(`${server.baseUrl}/f?apikey=secret`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamRejectedError);
    expect((error as UpstreamRejectedError).status).toBe(400);
    expect((error as Error).message).not.toContain('secret');
    expect(server.requests).toHaveLength(1);
  });

  it('times out a slow answer and retries it', async () => {
    server.replies({ delayMs: 400, body: 'slow' }, { body: 'quick' });
    const response = await client([], { timeoutMs: 100 }).getText(`${server.baseUrl}/g`);
    expect(response.body).toBe('quick');
    server.requests.length = 0;
    server.replies({ delayMs: 400, body: 'slow' });
    const error = await client([], { timeoutMs: 100, retries: 1 }).getText(`${server.baseUrl}/h`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as Error).message).toMatch(/timed out after 100 ms/);
    expect(server.requests).toHaveLength(2);
  });

  it('treats a connection dropped mid-body as a network error', async () => {
    server.replies({ body: '{"a":"' + 'x'.repeat(1000) + '"}', cutAfterBytes: 100 });
    const error = await client([], { retries: 1 }).getText(`${server.baseUrl}/i`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(server.requests).toHaveLength(2);
  });

  it('parses Retry-After in seconds and as a date', () => {
    expect(parseRetryAfter('120', 0)).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:01:00 GMT', 0)).toBe(60);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});
