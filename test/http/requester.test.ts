/** A request's requester knows when its client has gone, with or without its signal made. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkAbandonedError } from '../../src/core/requester.js';
import { requesterGone, requesterOf } from '../../src/http/requester.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** Serves one route that waits until its client has gone, then reports what `requesterGone` said before and after. */
async function hangUpOn(makeSignal: boolean): Promise<{ before: unknown; after: unknown; aborted: boolean | undefined }> {
  const app = Fastify();
  apps.push(app);
  let report!: (seen: { before: unknown; after: unknown; aborted: boolean | undefined }) => void;
  const seen = new Promise<{ before: unknown; after: unknown; aborted: boolean | undefined }>((resolve) => (report = resolve));
  app.get('/wait', async (_request, reply) => {
    const requester = requesterOf(reply);
    const signal = makeSignal ? requester.signal : undefined;
    const before = requesterGone(requester);
    await new Promise<void>((resolve) => reply.raw.once('close', () => setImmediate(resolve)));
    report({ before, after: requesterGone(requester), aborted: signal?.aborted });
    return {};
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const request = http.get({ host: '127.0.0.1', port, path: '/wait' });
  request.on('error', () => undefined);
  setTimeout(() => request.destroy(), 50);
  return seen;
}

describe('requesterGone', () => {
  it('is undefined while the client waits and the abandonment once it has hung up, without a signal', async () => {
    const { before, after, aborted } = await hangUpOn(false);
    expect(before).toBeUndefined();
    expect(after).toBeInstanceOf(WorkAbandonedError);
    expect(aborted).toBeUndefined();
  });

  it('agrees with the signal once the signal has been made', async () => {
    const { before, after, aborted } = await hangUpOn(true);
    expect(before).toBeUndefined();
    expect(after).toBeInstanceOf(WorkAbandonedError);
    expect(aborted).toBe(true);
  });

  it('is the abandonment of a plain requester whose signal has aborted', () => {
    const controller = new AbortController();
    const requester = { account: 1, signal: controller.signal };
    expect(requesterGone(requester)).toBeUndefined();
    controller.abort(new WorkAbandonedError('gone'));
    expect(requesterGone(requester)).toBeInstanceOf(WorkAbandonedError);
    expect(requesterGone({ account: null })).toBeUndefined();
  });
});
