/**
 * Reading a done job costs memory below a fixed bound whatever its size: its results are read
 * from storage a page at a time and written to the response as the client takes them. A job of
 * 64 MiB of results is read through a real socket by a client that stops reading: the service
 * reads ahead only what the socket buffers hold (a few MiB), its heap stays far below the job's
 * size, and once the client reads on, the whole answer arrives as the JSON it always was.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResultRecord } from '../../src/store/job-repository.js';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, TEST_NOW, type TestApp } from '../support/test-app.js';

const MIB = 1024 * 1024;
const RESULTS = 64;
/** Each result's payload: a JSON string of 1 MiB. */
const PAYLOAD = JSON.stringify('x'.repeat(MIB - 2));

describe.each(databaseKinds())('reading a large job on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let jobId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await t.login('large')).token;
    const accountId = (await t.store.accounts.findByName('large'))!.id;
    const queued = await t.store.jobs.insert(
      { accountId, apiKey: 'k', title: 'large', type: 'batch', requests: Array.from({ length: RESULTS }, (_, i) => ({ title: `r${i}`, api: `GET /v2/fields/f${i}` })) },
      TEST_NOW,
    );
    if ('refused' in queued) throw new Error('refused');
    jobId = queued.job.id;
    const claim = (await t.store.jobs.claim('w', Date.now(), Date.now() + 600_000))!;
    expect(claim.id).toBe(jobId);
    for (let start = 0; start < RESULTS; start += 8) {
      const batch: JobResultRecord[] = Array.from({ length: 8 }, (_, i) => ({ position: start + i, httpStatus: 200, payload: PAYLOAD }));
      expect(await t.store.jobs.saveResults(jobId, 'w', Date.now() + 600_000, batch)).toBe(true);
    }
    expect(await t.store.jobs.complete(jobId, 'w', TEST_NOW)).toBe(true);
  }, 120_000);
  afterAll(async () => t?.close());

  it('reads ahead only what the socket holds while the client does not read, then sends all of it', async () => {
    // Counts what the service reads from storage.
    let pulled = 0;
    const pages = t.store.jobs.resultPages.bind(t.store.jobs);
    t.store.jobs.resultPages = async function* (id, pageBytes) {
      for await (const page of pages(id, pageBytes)) {
        pulled += page.reduce((sum, r) => sum + r.payload.length, 0);
        yield page;
      }
    };
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      const heapBefore = process.memoryUsage().heapUsed;
      socket.pause();
      socket.write(`GET /v2/jobs/${jobId} HTTP/1.1\r\nHost: agwx.test\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
      // Until the service stops reading ahead (the socket's buffers are full).
      let last = -1;
      for (let stable = 0; stable < 6; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stable = pulled === last && pulled > 0 ? stable + 1 : 0;
        last = pulled;
      }
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
      expect(pulled).toBeGreaterThan(0);
      expect(pulled).toBeLessThan(16 * MIB);
      // Building the answer in memory would hold the job's 64 MiB several times over.
      expect(heapGrowth).toBeLessThan(32 * MIB);

      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.resume();
      await new Promise((resolve) => socket.once('end', resolve));
      const raw = Buffer.concat(chunks).toString('latin1');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
      expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
      const body = dechunk(raw.slice(head.length + 4));
      expect(pulled).toBe(RESULTS * PAYLOAD.length);
      const job = JSON.parse(body);
      expect(Object.keys(job)).toEqual(['jobStatus', 'jobId', 'title', 'type', 'dateRequested', 'results']);
      expect(job).toMatchObject({ jobStatus: 'done', jobId, title: 'large', type: 'batch', dateRequested: '2024-06-15T12:00:00Z' });
      expect(job.results).toHaveLength(RESULTS);
      job.results.forEach((result: Record<string, unknown>, i: number) => {
        expect(Object.keys(result)).toEqual(['title', 'api', 'httpStatus', 'payload', 'dataSource']);
        expect(result).toMatchObject({ title: `r${i}`, api: `GET /v2/fields/f${i}`, httpStatus: '200' });
        expect((result.payload as string).length).toBe(MIB - 2);
      });
    } finally {
      socket.destroy();
    }
  }, 60_000);
});

/** The body of a chunked HTTP/1.1 answer. */
function dechunk(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const eol = text.indexOf('\r\n', at);
    const size = Number.parseInt(text.slice(at, eol), 16);
    if (size === 0) return Buffer.from(parts.join(''), 'latin1').toString('utf8');
    parts.push(text.slice(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
