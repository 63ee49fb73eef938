/**
 * Stopping the server within a deadline (SIGTERM, SIGINT; see docs/deploy.md).
 *
 * `drainOnClose`, installed by the app: once closing begins, a request that still arrives (on a
 * kept-alive connection, or pipelined behind one in flight) is answered 503 with `Retry-After` and
 * `Connection: close`, without running its route, and every answer sent from then on closes its
 * connection after it. Node's `server.close()` stops accepting connections and closes the idle
 * ones, so a client opening a new connection is refused and no kept-alive connection outlives its
 * last answer (Node would otherwise keep it open for the keep-alive timeout, holding the close).
 *
 * `closeWithin`: `app.close()` lets the requests in flight finish; after `graceMs` every connection
 * still open is closed (a request still being computed then stops its work: http/requester.ts), so
 * that a connection in the middle of a request that never completes (a client that sent half its
 * headers or body, then nothing) does not hold the stop for the whole request timeout.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { sendApiError } from './error-handler.js';

/** Seconds a client refused while this instance stops is asked to wait before trying again. */
export const CLOSING_RETRY_SECONDS = 5;

/**
 * Answers requests that arrive once closing has begun with 503, and closes every connection after
 * its answer from then on. Install it before any other `preClose` hook, so that it holds from the
 * moment closing begins (the app also sets Fastify's `return503OnClosing: false`, whose own 503
 * has neither the error body nor `Retry-After`).
 */
export function drainOnClose(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done();
    reply.header('Connection', 'close').header('Retry-After', String(CLOSING_RETRY_SECONDS));
    sendApiError(
      reply,
      request,
      new ApiError(503, 'Service shutting down.', `This instance is stopping and takes no new requests; retry in ${CLOSING_RETRY_SECONDS} s.`),
    );
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
}

export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const deadline = setTimeout(() => {
    app.server.getConnections((error, open) => {
      app.log.warn({ connections: error ? undefined : open, graceMs }, 'shutdown grace over: closing the connections still open');
      app.server.closeAllConnections();
    });
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
