/**
 * The drain of a closing app: a request that still reaches a route once closing has begun (here
 * while a close hook waits, as the job worker does handing its jobs back) gets 503 with
 * Retry-After and the error body, and every answer from then on closes its connection, so that the
 * close ends with the last answer instead of the keep-alive timeout.
 */
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSING_RETRY_SECONDS, drainOnClose } from '../../src/http/graceful-close.js';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A kept-alive connection; `ask` sends a GET and reads its whole answer (the body is JSON or text). */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    closed,
    async ask(path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
      text = '';
      socket.write(`GET ${path} HTTP/1.1\r\nHost: agwx\r\n\r\n`);
      for (;;) {
        const end = text.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          const body = text.slice(end + 4);
          if (body.length >= Number(headers['content-length'])) return { status: Number(statusLine!.split(' ')[1]), headers, body };
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

describe('closing an app', () => {
  it('refuses requests with 503 while it closes and closes each connection after its answer', async () => {
    app = Fastify({ return503OnClosing: false, keepAliveTimeout: 60_000 });
    drainOnClose(app);
    // A close hook that takes a while, as the job worker's does.
    app.addHook('preClose', async () => new Promise((resolve) => setTimeout(resolve, 400)));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { slow: true };
    });
    app.get('/health', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;

    const kept = await connect(port);
    expect((await kept.ask('/health')).status).toBe(200);
    const busy = await connect(port);
    const inFlight = busy.ask('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));

    // A request on a kept-alive connection while closing: refused, told when to retry, and closed.
    const refused = await kept.ask('/health');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(CLOSING_RETRY_SECONDS));
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 503, statusName: 'Service Unavailable', simpleMessage: 'Service shutting down.' });
    await kept.closed;
    // The request in flight is answered, and its connection closed after it.
    const answered = await inFlight;
    expect([answered.status, answered.headers.connection, answered.body]).toEqual([200, 'close', '{"slow":true}']);
    await busy.closed;
    await closing;
    app = null;
    // Not held by kept-alive connections for the 60 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
