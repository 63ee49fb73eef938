/**
 * A local HTTP server (127.0.0.1, random port) for provider tests: each request is answered by
 * the handler, which replays a recorded body, builds one, or misbehaves (status codes, delays,
 * bodies cut short). Every request URL is recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Announce the full length but send only this many bytes, then drop the connection. */
  cutAfterBytes?: number;
}

export type Handler = (url: URL) => Reply | Promise<Reply>;

export interface ReplayServer {
  readonly baseUrl: string;
  readonly requests: URL[];
  handle(handler: Handler): void;
  /** Answers the next requests with these replies in turn (the last one repeats). */
  replies(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
  let handler: Handler = () => ({ status: 404, body: 'no handler' });
  const requests: URL[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const reply = await handler(url);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    const body = Buffer.from(reply.body ?? '', 'utf8');
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'content-length': String(body.length), ...reply.headers });
    if (reply.cutAfterBytes !== undefined) {
      response.write(body.subarray(0, reply.cutAfterBytes));
      setTimeout(() => response.destroy(), 5);
      return;
    }
    response.end(body);
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    replies(...list) {
      let index = 0;
      handler = () => list[Math.min(index++, list.length - 1)]!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
