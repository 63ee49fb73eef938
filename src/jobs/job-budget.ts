/**
 * The budget of stored job results, in bytes of payload (a map image counts by the size of its
 * base64 text, as it is stored and sent): at most `jobBytes` per job, `accountBytes` for all the
 * jobs of an account that keep results (queued, running and done), and `MAX_RESULT_BYTES` for
 * any one result. A request whose answer does not fit is stored as a 413 error result saying so
 * and how to split the job; the job goes on with its other requests. An account whose stored
 * results fill its budget already cannot queue a job (413): every result would be refused.
 */
import { randomUUID } from 'node:crypto';
import { errorBody } from '../http/api-error.js';
import type { BudgetOverrun, JobResultRecord, ResultBudget } from '../store/job-repository.js';

/** The most one result may hold, whatever the budgets: reading a job holds one result at a time at most. */
export const MAX_RESULT_BYTES = 32 * 1024 * 1024;

export interface ResultBudgetSettings {
  /** Bytes of results one job may keep (`AGWX_JOB_MAX_RESULT_MB`). */
  jobBytes: number;
  /** Bytes of results all the jobs of one account may keep together (`AGWX_JOB_ACCOUNT_MAX_RESULT_MB`). */
  accountBytes: number;
}

/** `12.3 MiB` */
export function mebibytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} MiB`;
}

const REFUSED = 413;
const SIMPLE = 'Result too large to keep.';

function refused(detail: string): Omit<JobResultRecord, 'position'> {
  return { httpStatus: REFUSED, payload: JSON.stringify(errorBody(REFUSED, randomUUID(), SIMPLE, detail)) };
}

/** The result kept instead of an answer larger than any one result may be (checked before it is saved). */
export function oversizedResult(resultBytes: number): Omit<JobResultRecord, 'position'> {
  return refused(
    `This request answered ${resultBytes} bytes (${mebibytes(resultBytes)}); one result of a job may hold at most ${mebibytes(MAX_RESULT_BYTES)}. ` +
      'The answer was not kept: make this request on its own, or ask for less in it (a smaller image, a shorter date range).',
  );
}

/** Why a result did not fit, and what to do: split the job, or free the account's room. */
function overrunDetail(overrun: BudgetOverrun): string {
  const answer = `This request answered ${overrun.resultBytes} bytes (${mebibytes(overrun.resultBytes)})`;
  if (overrun.scope === 'job') {
    return (
      `${answer}; the results of one job may hold at most ${mebibytes(overrun.budgetBytes)} together and this job's hold ${mebibytes(overrun.usedBytes)} already. ` +
      'The answer was not kept; the job went on with its other requests. Split the job into smaller jobs, or ask for less in each request.'
    );
  }
  return (
    `${answer}; the stored results of all the account's jobs may hold at most ${mebibytes(overrun.budgetBytes)} together and hold ${mebibytes(overrun.usedBytes)} already. ` +
    'The answer was not kept; the job went on with its other requests. Delete done jobs whose results you have read (DELETE /v2/jobs/{jobId}), or wait for them to expire three days after completion, then submit the rest again.'
  );
}

/** The repository's budget: what is stored in place of a result that would pass it. */
export function resultBudget(settings: ResultBudgetSettings): ResultBudget {
  return {
    jobBytes: settings.jobBytes,
    accountBytes: settings.accountBytes,
    refusal: (result, overrun) => ({ position: result.position, ...refused(overrunDetail(overrun)) }),
  };
}

/** The account's stored results fill its budget: a job queued now could keep nothing (413 at submission). */
export class JobResultsFullError extends Error {
  constructor(
    readonly usedBytes: number,
    readonly budgetBytes: number,
  ) {
    super(`the account's stored job results hold ${usedBytes} bytes of ${budgetBytes}`);
    this.name = 'JobResultsFullError';
  }
}
