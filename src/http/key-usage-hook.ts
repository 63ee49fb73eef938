/**
 * Counts every protected request for its API key (the counter keeps the counts in memory and
 * writes them every few seconds; see services/key-usage-counter.ts). Requests a batch job runs
 * in-process are not counted: the job was counted as one request.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../core/clock.js';
import { INTERNAL_CALLER_HEADER } from './authenticate.js';

export interface RequestCounter {
  count(key: string, at: number): void;
}

/** Adds the counting hook to `scope` (the bearer-token scope): requests with a caller count. */
export function countRequestsPerKey(scope: FastifyInstance, counter: RequestCounter, clock: Clock): void {
  scope.addHook('onResponse', (request, _reply, done) => {
    const auth = request.auth;
    if (auth && request.headers[INTERNAL_CALLER_HEADER] === undefined) counter.count(auth.key, clock.now());
    done();
  });
}
