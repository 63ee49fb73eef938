/** Batch job use cases of the API: create (queue), read, cancel or purge. */
import type { Clock } from '../core/clock.js';
import { notFoundError } from '../core/errors.js';
import type { JobRecord } from '../store/job-repository.js';
import type { Store } from '../store/store.js';
import { checkJobRequests, type RequestedCall } from './job-requests.js';
import { isPastRetention } from './job-retention.js';

/** The states a client sees: a running job is shown as `queued`. */
export type JobStatus = 'queued' | 'done' | 'cancelled' | 'purged';

export interface JobResult {
  title: string | null;
  api: string;
  httpStatus: number;
  /** The parsed payload, as the endpoint answered on its own. */
  payload: unknown;
}

export interface JobView {
  job: JobRecord;
  status: JobStatus;
  /** While queued: 1 = next to run; 0 = running now. */
  queuePosition?: number;
  /** When done: one per bundled request, in request order. */
  results?: JobResult[];
}

export interface NewJobRequest {
  title: string;
  type: string;
  requests: RequestedCall[];
}

export interface JobService {
  create(accountId: number, request: NewJobRequest): Promise<JobView>;
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

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `onQueued` wakes this instance's worker (others find the job when they next look). */
export function createJobService(store: Store, clock: Clock, onQueued?: () => void): JobService {
  return {
    async create(accountId, request) {
      const requests = checkJobRequests(request.requests);
      const { job, queuePosition } = await store.jobs.insert({ accountId, title: request.title, type: request.type, requests }, clock.now());
      onQueued?.();
      return { job, status: 'queued', queuePosition };
    },
    async get(accountId, id) {
      const job = await store.jobs.get(accountId, id);
      if (!job) throw jobNotFound(id);
      const status = statusOf(job, clock.now());
      if (status === 'queued') {
        return { job, status, queuePosition: job.state === 'running' ? 0 : await store.jobs.queuePosition(id) };
      }
      if (status !== 'done') return { job, status };
      const [requests, stored] = await Promise.all([store.jobs.requests(id), store.jobs.results(id)]);
      const results = stored.flatMap((result) => {
        const request = requests[result.position];
        if (!request) return [];
        return [{ title: request.title, api: request.api, httpStatus: result.httpStatus, payload: parsePayload(result.payload) }];
      });
      return { job, status, results };
    },
    async cancel(accountId, id) {
      const job = await store.jobs.cancel(accountId, id, clock.now());
      if (!job) throw jobNotFound(id);
      return { job, status: statusOf(job, clock.now()) };
    },
  };
}
