/**
 * Stopping the server within a deadline: `app.close()` stops accepting connections, closes the
 * idle ones and waits for the requests in flight. A connection in the middle of a request that
 * never completes (a client that sent half its headers or body, then nothing) would hold it for
 * the whole request timeout; after `graceMs` every connection still open is closed.
 */
import type { FastifyInstance } from 'fastify';

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
