/**
 * An instance started before its database answers: until it has started (the database reached,
 * migrated, the secrets it keeps read) every request but `/health` and `/ready` answers 503 with
 * Retry-After, so that nothing reaches a store that is not ready. Installed only by an app told to
 * start that way.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

/** The routes answered while starting: liveness, and readiness (which tells why it is not ready). */
const ANSWERED_WHILE_STARTING = new Set(['/health', '/ready']);

/** Seconds a client is asked to wait while the instance starts. */
const STARTING_RETRY_SECONDS = 5;

/** The answer to a request that came before the instance started. */
export function startingError(): ApiError {
  return new ApiError(503, 'Service starting.', 'The service is starting and cannot answer this request yet. Retry in a few seconds.', {
    'Retry-After': String(STARTING_RETRY_SECONDS),
  });
}

export function refuseUntilStarted(app: FastifyInstance, started: () => boolean): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (started() || ANSWERED_WHILE_STARTING.has(request.routeOptions.url ?? '')) return done();
    done(startingError());
  });
}
