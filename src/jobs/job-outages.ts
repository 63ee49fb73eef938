/**
 * What the job worker logs while something it needs is unavailable: one line when an outage
 * starts and one when it ends, however many polls, requests and retries meet it meanwhile (not a
 * stack per attempt). Two kinds are told apart: the database or Redis (the worker's own queries,
 * and bundled requests answered 503 by the dependency-outage path), and upstream weather
 * providers that do not answer.
 *
 * An outage starts with the first failure and ends when an operation that failed in it (a
 * slot's claims, a run's lease renewal, a retried request, …) succeeds again. A failure of an
 * attempt begun before the last outage of its kind ended (an answer still on its way while the
 * database came back) starts no new one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.js';

export type OutageKind = 'dependency' | 'weather-provider';

const WHAT: Record<OutageKind, string> = {
  dependency: 'the database or Redis',
  'weather-provider': 'a weather provider',
};

export interface OutageWatch {
  /**
   * An attempt begun at `startedAt` (default now) failed for an outage of `kind` (`reason`: the
   * error or answer, one line): logs when this starts an outage.
   */
  unavailable(kind: OutageKind, reason: string, startedAt?: number): void;
  /** An operation that had failed for `kind` succeeded: logs when this ends the outage. */
  available(kind: OutageKind): void;
  /** True while an outage of `kind` goes on. */
  ongoing(kind: OutageKind): boolean;
  /** One operation that is tried again and again (a slot's claims, a run's lease renewal, …). */
  operation(kind?: OutageKind): OutageOperation;
}

/** Tells the watch about one repeated operation: each success after a failure ends the outage it met. */
export interface OutageOperation {
  failed(reason: string, startedAt?: number): void;
  succeeded(): void;
}

export function createOutageWatch(log: FastifyBaseLogger, clock: Clock): OutageWatch {
  const since = new Map<OutageKind, number>();
  const endedAt = new Map<OutageKind, number>();
  const watch: OutageWatch = {
    unavailable(kind, reason, startedAt = clock.now()) {
      if (since.has(kind) || startedAt < (endedAt.get(kind) ?? Number.NEGATIVE_INFINITY)) return;
      since.set(kind, clock.now());
      log.warn({ outage: kind, reason }, `batch jobs: ${WHAT[kind]} is unavailable; bundled requests are retried and jobs wait until it answers`);
    },
    available(kind) {
      const start = since.get(kind);
      if (start === undefined) return;
      since.delete(kind);
      const now = clock.now();
      endedAt.set(kind, now);
      log.info({ outage: kind, seconds: Math.round((now - start) / 100) / 10 }, `batch jobs: ${WHAT[kind]} is available again`);
    },
    ongoing: (kind) => since.has(kind),
    operation(kind = 'dependency') {
      let met = false;
      return {
        failed(reason, startedAt) {
          met = true;
          watch.unavailable(kind, reason, startedAt);
        },
        succeeded() {
          if (!met) return;
          met = false;
          watch.available(kind);
        },
      };
    },
  };
  return watch;
}

/** One line of an error for the outage log: its message (and code), never its stack. */
export function reasonOf(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}
