/** Batch job use cases of the API: create (queue), read, cancel or purge. */
import type { Clock } from '../core/clock.js';
import { invalid, notFoundError } from '../core/errors.js';
import type { BundledRequest, JobRecord } from '../store/job-repository.js';
import type { Store } from '../store/store.js';
import { JobResultsFullError } from './job-budget.js';
import { checkJobRequests, type RequestedCall } from './job-requests.js';
import { isPastRetention } from './job-retention.js';

/** Stored results read at once when a done job is read: about this many bytes, or one larger result. */
export const RESULT_PAGE_BYTES = 1024 * 1024;

/** The states a client sees: a running job is shown as `queued`. */
export type JobStatus = 'queued' | 'done' | 'cancelled' | 'purged';

export interface JobResult {
  title: string | null;
  api: string;
  httpStatus: number;
  /** The payload as compact JSON text, as the endpoint answered on its own (stored as it is written out). */
  payloadJson: string;
  /** The `X-Data-Source` the request answered with; null: none. */
  dataSource: string | null;
}

export interface JobView {
  job: JobRecord;
  status: JobStatus;
  /** While queued: 1 = next to run; 0 = running now. */
  queuePosition?: number;
  /**
   * When done: one per bundled request, in request order, read from storage a page at a time as
   * they are taken (so that an answer of any size is written out without being held).
   */
  results?: AsyncIterable<JobResult[]>;
}

export interface NewJobRequest {
  title: string;
  type: string;
  requests: RequestedCall[];
}

/** Who queues a job: its requests run as this key. */
export interface JobSubmitter {
  accountId: number;
  key: string;
}

/**
 * The account has too many requests waiting in its queued and running jobs to queue this one now
 * (429 with Retry-After: it may once some of them are done).
 */
export class JobQueueFullError extends Error {
  constructor(
    readonly queuedRequests: number,
    readonly requested: number,
    readonly maxQueuedRequests: number,
  ) {
    super(`account has ${queuedRequests} requests queued; ${requested} more would exceed ${maxQueuedRequests}`);
    this.name = 'JobQueueFullError';
  }
}

export interface JobService {
  /**
   * Queues a job; a job over the account's cap of queued requests throws JobQueueFullError (or a
   * 400 when it could never fit), and one of an account whose stored results fill their budget
   * JobResultsFullError.
   */
  create(submitter: JobSubmitter, request: NewJobRequest): Promise<JobView>;
  get(accountId: number, id: number): Promise<JobView>;
  /** Queued or running → cancelled; done → purged. Short view. */
  cancel(accountId: number, id: number): Promise<JobView>;
}

const jobNotFound = (id: number) => notFoundError('Job', `No job with id ${id} exists for this account.`);

export function statusOf(job: JobRecord, now: number): JobStatus {
  if (job.state === 'running') return 'queued';
  if (isPastRetention(job, now)) return 'purged';
  return job.state;
}

export interface JobServiceLimits {
  /** The requests an account may have in its queued and running jobs. */
  maxQueuedRequests: number;
  /** Bytes the stored results of all the account's jobs may hold; absent: no budget. */
  accountResultBytes?: number;
}

/** The stored results of a done job, page by page, with the title and api of their requests. */
async function* resultsOf(store: Store, id: number, requests: BundledRequest[]): AsyncGenerator<JobResult[]> {
  for await (const page of store.jobs.resultPages(id, RESULT_PAGE_BYTES)) {
    yield page.flatMap((result) => {
      const request = requests[result.position];
      if (!request) return [];
      return [{ title: request.title, api: request.api, httpStatus: result.httpStatus, payloadJson: result.payload, dataSource: result.dataSource ?? null }];
    });
  }
}

/** `onQueued` wakes this instance's worker (others find the job when they next look). */
export function createJobService(store: Store, clock: Clock, limits: JobServiceLimits, onQueued?: () => void): JobService {
  const { maxQueuedRequests, accountResultBytes } = limits;
  return {
    async create(submitter, request) {
      const requests = checkJobRequests(request.requests);
      if (requests.length > maxQueuedRequests) {
        throw invalid(
          'Too many requests in the job.',
          `An account may have at most ${maxQueuedRequests} requests in its queued and running jobs; this job alone has ${requests.length}. Split it into smaller jobs.`,
        );
      }
      if (accountResultBytes !== undefined) {
        const used = await store.jobs.accountResultBytes(submitter.accountId);
        if (used >= accountResultBytes) throw new JobResultsFullError(used, accountResultBytes);
      }
      const queued = await store.jobs.insert(
        { accountId: submitter.accountId, apiKey: submitter.key, title: request.title, type: request.type, requests },
        clock.now(),
        maxQueuedRequests,
      );
      if ('refused' in queued) throw new JobQueueFullError(queued.queuedRequests, requests.length, maxQueuedRequests);
      onQueued?.();
      return { job: queued.job, status: 'queued', queuePosition: queued.queuePosition };
    },
    async get(accountId, id) {
      const job = await store.jobs.get(accountId, id);
      if (!job) throw jobNotFound(id);
      const status = statusOf(job, clock.now());
      if (status === 'queued') {
        return { job, status, queuePosition: job.state === 'running' ? 0 : await store.jobs.queuePosition(id) };
      }
      if (status !== 'done') return { job, status };
      return { job, status, results: resultsOf(store, id, await store.jobs.requests(id)) };
    },
    async cancel(accountId, id) {
      const job = await store.jobs.cancel(accountId, id, clock.now());
      if (!job) throw jobNotFound(id);
      return { job, status: statusOf(job, clock.now()) };
    },
  };
}
