/** How a process's job worker runs, from the configuration (`AGWX_JOB_*`). */
import type { Config } from '../config.js';
import type { JobWorkerOptions } from '../jobs/job-worker.js';

export function jobWorkerOptions(config: Config): JobWorkerOptions {
  return {
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMilliseconds,
    leaseMs: config.jobLeaseSeconds * 1000,
    sweepMs: config.jobSweepSeconds * 1000,
  };
}
