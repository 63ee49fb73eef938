/**
 * Runs one claimed job: every bundled request goes through the same application in-process
 * (`app.inject`: the same routes, hooks, validation and error handling as a direct call, with no
 * HTTP round trip and no token), acting as the API key that queued the job, with that key's map
 * and rate limits. A failing request is a result like any other; losing the claim, stopping the
 * worker or the end of the job's turn (another account waits) ends a run early. Requests that
 * already have a result from an earlier turn or run are not run again. Results are kept within
 * the job's and the account's budget of bytes (`job-budget.ts`).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurnOfEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.js';
import { errorBody } from '../http/api-error.js';
import type { InternalCaller } from '../http/authenticate.js';
import { type ClaimedJob, type JobResultRecord, payloadBytes } from '../store/job-repository.js';
import type { Store } from '../store/store.js';
import { MAX_RESULT_BYTES, oversizedResult, type ResultBudgetSettings, resultBudget } from './job-budget.js';
import type { JobPacer } from './job-rate-limit.js';
import { problemOf, uriOf } from './job-requests.js';

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
  /** How often a running job looks whether another account waits for a turn (default 1 s). */
  turnMs?: number;
  /** Counts each bundled request against the key's rate limit; absent: not counted. */
  pace?: JobPacer;
  /** Bytes of results a job and an account may keep; absent: no budget. */
  budget?: ResultBudgetSettings;
  log: FastifyBaseLogger;
}

/**
 * `done`; `lost`: cancelled or taken over by another worker; `interrupted`: the worker is stopping;
 * `yielded`: its turn is over (another account waits). Interrupted and yielded runs go back to the
 * queue with the results they have.
 */
export type RunOutcome = 'done' | 'lost' | 'interrupted' | 'yielded';

/** Requests of one job in flight at once. */
const REQUESTS_IN_FLIGHT = 4;
/** Results written to the database per batch (each batch also renews the lease)… */
const RESULTS_PER_BATCH = 100;
/** …or fewer, once they hold this many bytes. */
const BATCH_BYTES = 4 * 1024 * 1024;
/** A turn: how long a job runs before it looks whether another account waits. */
export const DEFAULT_TURN_MS = 1000;
/** While waiting for the key's rate limit, how often the run looks whether it should stop… */
const PACING_STEP_MS = 100;
/** …and how often it asks the rate limit again. */
const PACING_RECHECK_MS = 1000;

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
  const apiKey = job.apiKey;
  const headers = apiKey === null ? null : deps.internalCaller.headersFor({ key: apiKey, accountId: job.accountId });
  const leaseUntil = () => deps.leaseClock.now() + deps.leaseMs;
  const budget = deps.budget ? resultBudget(deps.budget) : undefined;

  let lost = false;
  let interrupted = false;
  let yielding = false;
  let failure: unknown = null;
  const stopped = () => lost || interrupted || yielding || failure !== null || signal.aborted;

  // Renews the lease while a slow request runs; result batches renew it too.
  const heartbeat = setInterval(() => {
    store.jobs.extendLease(job.id, job.token, leaseUntil()).then(
      (held) => {
        if (!held) lost = true;
      },
      (error: unknown) => log.warn({ jobId: job.id, err: error }, 'job lease renewal failed'),
    );
  }, Math.max(50, Math.floor(deps.leaseMs / 3)));

  // At the end of each turn, hands the job back when another account waits with fewer jobs running.
  let checking = false;
  const turns = setInterval(() => {
    if (checking || stopped()) return;
    checking = true;
    store.jobs
      .othersWaiting(job.accountId, deps.leaseClock.now())
      .then(
        (waiting) => {
          if (waiting) yielding = true;
        },
        (error: unknown) => log.warn({ jobId: job.id, err: error }, 'checking the queue for other accounts failed'),
      )
      .finally(() => {
        checking = false;
      });
  }, deps.turnMs ?? DEFAULT_TURN_MS);

  let pending: JobResultRecord[] = [];
  let pendingBytes = 0;
  let writes: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    writes = writes.then(async () => {
      if (batch.length === 0 || lost) return;
      if (!(await store.jobs.saveResults(job.id, job.token, leaseUntil(), batch, budget))) lost = true;
    });
    return writes;
  };

  const failed = (status: number, simple: string, detail: string) => ({
    httpStatus: status,
    payload: JSON.stringify(errorBody(status, randomUUID(), simple, detail)),
  });

  /**
   * Waits until the key may run one more request (and counts it), asking again at least every
   * second (a raised limit applies at once); false when the run stopped meanwhile.
   */
  const paced = async (): Promise<boolean> => {
    if (!deps.pace || apiKey === null) return true;
    for (;;) {
      const waitMs = await deps.pace(apiKey, job.accountId);
      if (waitMs <= 0) return true;
      // Results so far are saved (and readable) while the job waits.
      await flush();
      const until = deps.leaseClock.now() + Math.min(waitMs, PACING_RECHECK_MS);
      while (deps.leaseClock.now() < until) {
        if (stopped()) return false;
        await sleep(Math.max(1, Math.min(PACING_STEP_MS, until - deps.leaseClock.now())));
      }
    }
  };

  const call = async (api: string): Promise<Omit<JobResultRecord, 'position'> | null> => {
    // Checked again as it runs: a job queued under older rules never runs a path outside the API.
    const problem = problemOf(api);
    if (problem !== null) return failed(400, 'Invalid bundled request.', `'${api.slice(0, 80)}': ${problem}.`);
    if (headers === null) {
      return failed(401, 'Invalid API key.', 'This job was queued before jobs kept the API key that queued them; submit it again.');
    }
    try {
      const response = await deps.dispatch({ method: 'GET', url: uriOf(api), headers });
      const payload = payloadText(response);
      const bytes = payloadBytes(payload);
      return bytes > MAX_RESULT_BYTES ? oversizedResult(bytes) : { httpStatus: response.statusCode, payload };
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

  const saved = new Set(job.savedPositions);
  const todo = job.requests.map((_, position) => position).filter((position) => !saved.has(position));
  let next = 0;
  const lane = async () => {
    try {
      while (!stopped() && next < todo.length) {
        if (!(await paced()) || stopped() || next >= todo.length) return;
        const position = todo[next++]!;
        const result = await call(job.requests[position]!.api);
        if (result === null || lost || failure !== null || signal.aborted) return;
        pending.push({ position, ...result });
        pendingBytes += payloadBytes(result.payload);
        if (pending.length >= RESULTS_PER_BATCH || pendingBytes >= BATCH_BYTES) await flush();
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
    // Results of requests that ran are kept, whether the run ends or hands its turn back.
    await flush();
    if (lost) return 'lost';
    if (interrupted || signal.aborted) return 'interrupted';
    if (next < todo.length) return 'yielded';
    return (await store.jobs.complete(job.id, job.token, deps.clock.now(), deps.leaseClock.now())) ? 'done' : 'lost';
  } finally {
    clearInterval(heartbeat);
    clearInterval(turns);
    await writes.catch(() => undefined);
  }
}
