/**
 * The job worker of one instance: `concurrency` slots, each claiming the next runnable job from
 * the database queue (accounts take turns) and running it until it is done or its turn is over;
 * an idle slot looks again every `pollMs` (or at once when this instance queues a job). Also runs
 * the retention sweep every `sweepMs`.
 *
 * Stopping (graceful shutdown) stops claiming, lets requests in flight finish, and hands each
 * running job back to the queue with its results; after a crash the job's lease expires and any
 * instance runs the requests that have no saved result.
 *
 * While the database (or Redis, or a weather provider) is unavailable, the worker logs one line
 * when the outage starts and one when it ends (`job-outages.ts`), not a line per poll; a job run
 * that meets an outage for longer than the retry bound goes back to the queue.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../core/clock.js';
import type { InternalCaller } from '../http/authenticate.js';
import { isDatabaseUnavailable } from '../store/errors.js';
import type { Store } from '../store/store.js';
import type { ResultBudgetSettings } from './job-budget.js';
import { createOutageWatch, type OutageOperation, reasonOf } from './job-outages.js';
import { purgeExpiredJobs } from './job-retention.js';
import type { JobPacer } from './job-rate-limit.js';
import { type Dispatch, type JobRunnerDependencies, type OutageRetry, runJob } from './job-runner.js';

export interface JobWorkerOptions {
  /** Jobs run at the same time by this instance. */
  concurrency: number;
  /** How often an idle slot looks for a job (default 1000 ms). */
  pollMs?: number;
  /** How long a claim holds without renewal (default 30 s). */
  leaseMs?: number;
  /** How often the retention sweep runs (default 10 min). */
  sweepMs?: number;
  /** Clock of the leases (default: the system clock). */
  leaseClock?: Clock;
  /** How often a running job looks whether another account waits for a turn (default 1 s). */
  turnMs?: number;
  /** Retrying a bundled request or a write through an outage (default `DEFAULT_OUTAGE_RETRY`: back-off for 30 s at most). */
  outageRetry?: OutageRetry;
}

export interface JobWorker {
  start(): void;
  /** Stops claiming, hands running jobs back to the queue; resolves when every slot is idle. */
  stop(): Promise<void>;
  /** Makes idle slots look for a job now. */
  wake(): void;
}

export interface JobWorkerDependencies {
  store: Store;
  clock: Clock;
  dispatch: Dispatch;
  internalCaller: InternalCaller;
  /** Counts bundled requests against their key's rate limit (see job-rate-limit.ts). */
  pace?: JobPacer;
  /** Bytes of results a job and an account may keep (see job-budget.ts); absent: no budget. */
  budget?: ResultBudgetSettings;
  /** True for an error that means the database or Redis cannot serve now (default `isDatabaseUnavailable`). */
  isUnavailable?: (error: unknown) => boolean;
  log: FastifyBaseLogger;
  options: JobWorkerOptions;
}

/** The worker options a configuration asks for. */
export function createJobWorker(deps: JobWorkerDependencies): JobWorker {
  const { store, clock, log, options } = deps;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const sweepMs = options.sweepMs ?? 600_000;
  const leaseClock = options.leaseClock ?? systemClock();
  const isUnavailable = deps.isUnavailable ?? isDatabaseUnavailable;
  // One watch for every slot and run of this worker: one line per outage.
  const outages = createOutageWatch(log, leaseClock);
  const runner: JobRunnerDependencies = {
    store,
    dispatch: deps.dispatch,
    internalCaller: deps.internalCaller,
    clock,
    leaseClock,
    leaseMs,
    ...(options.turnMs !== undefined ? { turnMs: options.turnMs } : {}),
    ...(options.outageRetry ? { outageRetry: options.outageRetry } : {}),
    ...(deps.pace ? { pace: deps.pace } : {}),
    ...(deps.budget ? { budget: deps.budget } : {}),
    outages,
    isUnavailable,
    log,
  };

  /**
   * A failed query of the worker: an outage is told once (as a failure of `operation`, whose next
   * success ends it), anything else logged with its stack.
   */
  const failed = (error: unknown, fields: Record<string, unknown>, message: string, operation: OutageOperation, startedAt?: number) => {
    if (isUnavailable(error)) operation.failed(reasonOf(error), startedAt);
    else log.error({ ...fields, err: error }, message);
  };

  const stopping = new AbortController();
  let slots: Promise<void>[] | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let stopped: Promise<void> | null = null;
  const waiting = new Set<() => void>();

  const wake = () => {
    for (const resume of waiting) resume();
    waiting.clear();
  };

  const idle = () =>
    new Promise<void>((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.delete(resume);
        resolve();
      }, pollMs);
      waiting.add(resume);
    });

  const slot = async () => {
    // The slot's own queries (claims, hand-backs): an outage one of them meets ends when a claim succeeds.
    const claims = outages.operation();
    while (!stopping.signal.aborted) {
      let job;
      const now = leaseClock.now();
      try {
        job = await store.jobs.claim(randomUUID(), now, now + leaseMs);
        claims.succeeded();
      } catch (error) {
        failed(error, {}, 'claiming a job failed', claims, now);
      }
      if (!job) {
        if (!stopping.signal.aborted) await idle();
        continue;
      }
      log.info({ jobId: job.id, requests: job.requests.length, saved: job.savedPositions.length, attempt: job.attempts }, 'job started');
      let outcome;
      try {
        outcome = await runJob(job, runner, stopping.signal);
        log.info({ jobId: job.id, outcome }, outcome === 'yielded' ? 'job turn ended' : outcome === 'outage' ? 'job handed back until the outage ends' : 'job ended');
      } catch (error) {
        failed(error, { jobId: job.id }, 'job run failed; handing it back to the queue', claims);
      }
      if (outcome === 'done' || outcome === 'lost') continue;
      // Interrupted, its turn over, an outage or a failure: back to the queue with its results (if
      // the database cannot take it now, its lease expires and any worker claims it again).
      const handedAt = leaseClock.now();
      await store.jobs.release(job.id, job.token, handedAt).catch((error: unknown) => failed(error, { jobId: job.id }, 'handing a job back failed', claims, handedAt));
      if (outcome !== 'yielded' && outcome !== 'interrupted' && !stopping.signal.aborted) await idle();
    }
  };

  let sweeping: Promise<void> | null = null;
  const sweeps = outages.operation();
  const sweep = () => {
    const startedAt = leaseClock.now();
    sweeping ??= purgeExpiredJobs(store, clock)
      .then(
        (purged) => {
          sweeps.succeeded();
          if (purged > 0) log.info({ purged }, 'expired jobs purged');
        },
        (error: unknown) => failed(error, {}, 'job retention sweep failed', sweeps, startedAt),
      )
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };

  return {
    start() {
      if (slots || stopping.signal.aborted) return;
      slots = Array.from({ length: options.concurrency }, slot);
      void sweep();
      sweepTimer = setInterval(() => void sweep(), sweepMs);
    },
    stop() {
      stopped ??= (async () => {
        stopping.abort();
        wake();
        if (sweepTimer) clearInterval(sweepTimer);
        await Promise.all([...(slots ?? []), sweeping]);
      })();
      return stopped;
    },
    wake,
  };
}
