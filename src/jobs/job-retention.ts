/**
 * Retention of finished jobs: a `done` job keeps its results for three days after completion,
 * then it is `purged`. The sweep is one conditional UPDATE (and the DELETE of those jobs'
 * results), so any number of instances may run it at the same time.
 */
import type { Clock } from '../core/clock.js';
import type { JobRecord } from '../store/job-repository.js';
import type { Store } from '../store/store.js';

export const JOB_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

/** True when a `done` job is past its retention (purged, whether or not the sweep ran yet). */
export function isPastRetention(job: Pick<JobRecord, 'state' | 'completedAt'>, now: number): boolean {
  return job.state === 'done' && job.completedAt !== null && job.completedAt + JOB_RETENTION_MS <= now;
}

/** Purges every `done` job past its retention; returns how many. */
export function purgeExpiredJobs(store: Store, clock: Clock): Promise<number> {
  const now = clock.now();
  return store.jobs.purgeCompletedBefore(now - JOB_RETENTION_MS, now);
}
