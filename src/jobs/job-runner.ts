/**
 * Runs one claimed job: every bundled request goes through the same application in-process
 * (`app.inject`: the same routes, hooks, validation and error handling as a direct call, with no
 * HTTP round trip and no token), acting for the job's account. A failing request is a result like
 * any other; only losing the claim or stopping the worker ends a run early.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.js';
import { errorBody } from '../http/api-error.js';
import type { InternalCaller } from '../http/authenticate.js';
import type { ClaimedJob, JobResultRecord } from '../store/job-repository.js';
import type { Store } from '../store/store.js';
import { uriOf } from './job-requests.js';

/** What a request answered in-process. */
export interface DispatchedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

/** Sends one request through the application (`app.inject`). */
export type Dispatch = (request: { method: 'GET'; url: string; headers: Record<string, string> }) => Promise<DispatchedResponse>;

export interface JobRunnerDependencies {
  store: Store;
  dispatch: Dispatch;
  internalCaller: InternalCaller;
  /** The service's clock: completion time (retention counts from it). */
  clock: Clock;
  /** Wall-clock time for leases (they coordinate processes, so never a pinned clock). */
  leaseClock: Clock;
  leaseMs: number;
  log: FastifyBaseLogger;
}

/** `done`; `lost`: cancelled or taken over by another worker; `interrupted`: the worker is stopping. */
export type RunOutcome = 'done' | 'lost' | 'interrupted';

/** Requests of one job in flight at once. */
const REQUESTS_IN_FLIGHT = 4;
/** Results written to the database per batch (each batch also renews the lease). */
const RESULTS_PER_BATCH = 100;

const JSON_MEDIA = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const TEXT_MEDIA = /^text\//i;

/**
 * The payload as compact JSON text: a JSON body as it is (the service writes compact JSON), a
 * text body as a string, any other body as `{ contentType, encoding: 'base64', data }`, no body
 * as null.
 */
export function payloadText(response: DispatchedResponse): string {
  if (response.rawPayload.length === 0) return 'null';
  const contentType = String(response.headers['content-type'] ?? '');
  const text = () => response.rawPayload.toString('utf8');
  if (JSON_MEDIA.test(contentType)) {
    const body = text();
    try {
      JSON.parse(body);
      return body;
    } catch {
      return JSON.stringify(body);
    }
  }
  if (TEXT_MEDIA.test(contentType)) return JSON.stringify(text());
  return JSON.stringify({ contentType, encoding: 'base64', data: response.rawPayload.toString('base64') });
}

export async function runJob(job: ClaimedJob, deps: JobRunnerDependencies, signal: AbortSignal): Promise<RunOutcome> {
  const { store, log } = deps;
  const account = await store.accounts.findById(job.accountId);
  if (!account) return 'lost';
  const headers = deps.internalCaller.headersFor({
    key: `job:${job.id}`,
    accountId: account.id,
    accountName: account.name,
    enterprise: account.enterprise,
  });
  const leaseUntil = () => deps.leaseClock.now() + deps.leaseMs;

  let lost = false;
  let interrupted = false;
  let failure: unknown = null;
  const stopped = () => lost || interrupted || failure !== null || signal.aborted;

  // Renews the lease while a slow request runs; result batches renew it too.
  const heartbeat = setInterval(() => {
    store.jobs.extendLease(job.id, job.token, leaseUntil()).then(
      (held) => {
        if (!held) lost = true;
      },
      (error: unknown) => log.warn({ jobId: job.id, err: error }, 'job lease renewal failed'),
    );
  }, Math.max(50, Math.floor(deps.leaseMs / 3)));

  let pending: JobResultRecord[] = [];
  let writes: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    writes = writes.then(async () => {
      if (batch.length === 0 || lost) return;
      if (!(await store.jobs.saveResults(job.id, job.token, leaseUntil(), batch))) lost = true;
    });
    return writes;
  };

  const call = async (api: string): Promise<Omit<JobResultRecord, 'position'> | null> => {
    try {
      const response = await deps.dispatch({ method: 'GET', url: uriOf(api), headers });
      return { httpStatus: response.statusCode, payload: payloadText(response) };
    } catch (error) {
      // The application is closing: the run is handed back, not recorded.
      if (signal.aborted || (error as { code?: string }).code === 'FST_ERR_REOPENED_CLOSE_SERVER') {
        interrupted = true;
        return null;
      }
      const errorId = randomUUID();
      log.error({ errorId, jobId: job.id, api, err: error }, 'bundled request failed');
      const detail = `An unexpected error occurred. Quote errorId ${errorId} when reporting it.`;
      return { httpStatus: 500, payload: JSON.stringify(errorBody(500, errorId, 'Internal error.', detail)) };
    }
  };

  let next = 0;
  const lane = async () => {
    try {
      while (!stopped() && next < job.requests.length) {
        const position = next++;
        const result = await call(job.requests[position]!.api);
        if (result === null || stopped()) return;
        pending.push({ position, ...result });
        if (pending.length >= RESULTS_PER_BATCH) await flush();
        // In-process requests on an embedded database can complete without ever leaving the
        // microtask queue: yield so that HTTP traffic, timers and the lease heartbeat go on.
        await nextTurnOfEventLoop();
      }
    } catch (error) {
      failure ??= error;
    }
  };

  try {
    await Promise.all(Array.from({ length: REQUESTS_IN_FLIGHT }, lane));
    if (failure !== null) throw failure;
    if (interrupted || signal.aborted) return 'interrupted';
    await flush();
    if (lost) return 'lost';
    if (signal.aborted) return 'interrupted';
    return (await store.jobs.complete(job.id, job.token, deps.clock.now())) ? 'done' : 'lost';
  } finally {
    clearInterval(heartbeat);
    await writes.catch(() => undefined);
  }
}
