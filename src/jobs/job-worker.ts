/**
 * The job worker of one instance: `concurrency` slots, each claiming the next runnable job from
 * the database queue (accounts take turns) and running it until it is done or its turn is over;
 * an idle slot looks again every `pollMs` (or at once when this instance queues a job). Also runs
 * the retention sweep every `sweepMs`.
 *
 * Stopping (graceful shutdown) stops claiming, lets requests in flight finish, and hands each
 * running job back to the queue with its results; after a crash the job's lease expires and any
 * instance runs the requests that have no saved result.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../core/clock.js';
import type { InternalCaller } from '../http/authenticate.js';
import type { Store } from '../store/store.js';
import type { ResultBudgetSettings } from './job-budget.js';
import { purgeExpiredJobs } from './job-retention.js';
import type { JobPacer } from './job-rate-limit.js';
import { type Dispatch, type JobRunnerDependencies, runJob } from './job-runner.js';

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
  const runner: JobRunnerDependencies = {
    store,
    dispatch: deps.dispatch,
    internalCaller: deps.internalCaller,
    clock,
    leaseClock,
    leaseMs,
    ...(options.turnMs !== undefined ? { turnMs: options.turnMs } : {}),
    ...(deps.pace ? { pace: deps.pace } : {}),
    ...(deps.budget ? { budget: deps.budget } : {}),
    log,
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
    while (!stopping.signal.aborted) {
      let job;
      try {
        const now = leaseClock.now();
        job = await store.jobs.claim(randomUUID(), now, now + leaseMs);
      } catch (error) {
        log.error({ err: error }, 'claiming a job failed');
      }
      if (!job) {
        if (!stopping.signal.aborted) await idle();
        continue;
      }
      log.info({ jobId: job.id, requests: job.requests.length, saved: job.savedPositions.length, attempt: job.attempts }, 'job started');
      try {
        const outcome = await runJob(job, runner, stopping.signal);
        if (outcome === 'interrupted' || outcome === 'yielded') await store.jobs.release(job.id, job.token, leaseClock.now());
        log.info({ jobId: job.id, outcome }, outcome === 'yielded' ? 'job turn ended' : 'job ended');
      } catch (error) {
        log.error({ jobId: job.id, err: error }, 'job run failed; handing it back to the queue');
        await store.jobs.release(job.id, job.token, leaseClock.now()).catch(() => undefined);
        if (!stopping.signal.aborted) await idle();
      }
    }
  };

  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= purgeExpiredJobs(store, clock)
      .then(
        (purged) => {
          if (purged > 0) log.info({ purged }, 'expired jobs purged');
        },
        (error: unknown) => log.error({ err: error }, 'job retention sweep failed'),
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
