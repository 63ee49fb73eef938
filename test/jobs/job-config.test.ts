/** The job settings of the configuration: defaults and validation. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { jobWorkerOptions } from '../../src/cli/job-worker-options.js';

describe('job configuration', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      jobConcurrency: 2,
      jobLeaseSeconds: 30,
      jobPollMilliseconds: 1000,
      jobSweepSeconds: 600,
      jobMaxQueuedRequests: 50_000,
      jobMaxResultBytes: 256 * 1024 * 1024,
      jobAccountMaxResultBytes: 1024 * 1024 * 1024,
    });
    expect(jobWorkerOptions(config)).toEqual({ concurrency: 2, pollMs: 1000, leaseMs: 30_000, sweepMs: 600_000 });
  });

  it('reads the variables and refuses invalid values with one clear message', () => {
    expect(
      loadConfig({ AGWX_JOB_CONCURRENCY: '8', AGWX_JOB_LEASE_SECONDS: '5', AGWX_JOB_MAX_QUEUED_REQUESTS: '200000', AGWX_JOB_MAX_RESULT_MB: '1', AGWX_JOB_ACCOUNT_MAX_RESULT_MB: '4096' }),
    ).toMatchObject({
      jobConcurrency: 8,
      jobLeaseSeconds: 5,
      jobMaxQueuedRequests: 200_000,
      jobMaxResultBytes: 1024 * 1024,
      jobAccountMaxResultBytes: 4096 * 1024 * 1024,
    });
    for (const [name, value] of [
      ['AGWX_JOB_CONCURRENCY', '0'],
      ['AGWX_JOB_CONCURRENCY', 'two'],
      ['AGWX_JOB_CONCURRENCY', '65'],
      ['AGWX_JOB_LEASE_SECONDS', '1'],
      ['AGWX_JOB_POLL_MS', '5'],
      ['AGWX_JOB_SWEEP_SECONDS', '-1'],
      ['AGWX_JOB_MAX_QUEUED_REQUESTS', '0'],
      ['AGWX_JOB_MAX_QUEUED_REQUESTS', 'lots'],
      ['AGWX_JOB_MAX_RESULT_MB', '0'],
      ['AGWX_JOB_MAX_RESULT_MB', '1.5'],
      ['AGWX_JOB_ACCOUNT_MAX_RESULT_MB', '0'],
      ['AGWX_JOB_ACCOUNT_MAX_RESULT_MB', '1000001'],
    ]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`^${name} must be a whole number`));
    }
  });
});
