/**
 * The benchmarks' load (wrk driven by bench/http/wrk-load.lua): every distinct URL asked exactly
 * once, the warm-up by request count ends where recording starts, and a run that uses up its URLs
 * ends then, not after its duration.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from '../../bench/http/processes.js';

let server: http.Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.url!);
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('load generator', () => {
  it('warms up with exactly the first URLs asked for, then records the rest', async () => {
    seen.length = 0;
    const urls = Array.from({ length: 120 }, (_, i) => `${base}/u/${i}`);
    let recordingAt = -1;
    const result = await load({ url: urls[0]!, urls, connections: 7, seconds: 20, distinct: true, warmupRequests: 45, onRecording: () => (recordingAt = seen.length) });
    // Every URL once; the first 45 before recording began, none of them recorded.
    expect([...seen].sort()).toEqual(urls.map((u) => u.slice(base.length)).sort());
    expect(recordingAt).toBeGreaterThanOrEqual(45);
    expect(new Set(seen.slice(0, 45))).toEqual(new Set(urls.slice(0, 45).map((u) => u.slice(base.length))));
    expect(result.requests).toBe(75);
    expect(result.exhausted).toBe(true);
    // Ended when the URLs were used up, not after the 20 s asked for.
    expect(result.requests / result.rps).toBeLessThan(5);
  }, 60_000);
});
