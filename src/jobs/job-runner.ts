/**
 * Runs one claimed job: every bundled request goes through the same application in-process
 * (`app.inject`: the same routes, hooks, validation and error handling as a direct call, with no
 * HTTP round trip and no token), acting as the API key that queued the job, with that key's map
 * and rate limits. A failing request is a result like any other; losing the claim, stopping the
 * worker or the end of the job's turn (another account waits) ends a run early. Requests that
 * already have a result from an earlier turn or run are not run again.
 *
 * An outage is not a result: a request answered 503 because the database, Redis or a weather
 * provider cannot be reached (the error handler says so to the in-process caller), and the run's
 * own queries failing because the database cannot serve, are retried with back-off for a bounded
 * time; past it the run ends and the job goes back to the queue with the results it has.
 * Results are kept within the job's and the account's budget of bytes (`job-budget.ts`).
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurnOfEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.js';
import { errorBody } from '../http/api-error.js';
import type { InternalCaller } from '../http/authenticate.js';
import { UNAVAILABLE_HEADER } from '../http/error-handler.js';
import { isDatabaseUnavailable } from '../store/errors.js';
import { type ClaimedJob, type JobResultRecord, payloadBytes } from '../store/job-repository.js';
import type { Store } from '../store/store.js';
import { MAX_RESULT_BYTES, oversizedResult, type ResultBudgetSettings, resultBudget } from './job-budget.js';
import { createOutageWatch, type OutageKind, type OutageWatch, reasonOf } from './job-outages.js';
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
  /** Retrying through an outage (default `DEFAULT_OUTAGE_RETRY`). */
  outageRetry?: OutageRetry;
  /** Where outages are told, once each (default: a watch of its own on `log`). */
  outages?: OutageWatch;
  /** True for an error that means the database (or Redis) cannot serve now (default `isDatabaseUnavailable`). */
  isUnavailable?: (error: unknown) => boolean;
  log: FastifyBaseLogger;
}

/** How a run retries through an outage: back-off from `firstDelayMs`, doubling up to `maxDelayMs`, for `boundMs` at most per request or write. */
export interface OutageRetry {
  boundMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_OUTAGE_RETRY: OutageRetry = { boundMs: 30_000, firstDelayMs: 250, maxDelayMs: 5_000 };

/**
 * `done`; `lost`: cancelled or taken over by another worker; `interrupted`: the worker is stopping;
 * `yielded`: its turn is over (another account waits); `outage`: something it needs stayed
 * unavailable past the retry bound. Interrupted, yielded and outage runs go back to the queue
 * with the results they have.
 */
export type RunOutcome = 'done' | 'lost' | 'interrupted' | 'yielded' | 'outage';

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

/** What a 503 answered to the in-process caller says was unavailable, or null for any other answer. */
export function outageOf(response: DispatchedResponse): OutageKind | null {
  if (response.statusCode !== 503) return null;
  const cause = response.headers[UNAVAILABLE_HEADER];
  return cause === 'dependency' || cause === 'weather-provider' ? cause : null;
}

/** A bundled request answered 503 for an outage: retried, never kept as its result. */
class OutageAnswer extends Error {
  constructor(
    readonly kind: OutageKind,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'OutageAnswer';
  }
}

/** The run stopped (or gave up on an outage) while waiting to retry. */
const STOPPED = Symbol('stopped');

export async function runJob(job: ClaimedJob, deps: JobRunnerDependencies, signal: AbortSignal): Promise<RunOutcome> {
  const { store, log } = deps;
  const apiKey = job.apiKey;
  const headers = apiKey === null ? null : deps.internalCaller.headersFor({ key: apiKey, accountId: job.accountId });
  const leaseUntil = () => deps.leaseClock.now() + deps.leaseMs;
  const budget = deps.budget ? resultBudget(deps.budget) : undefined;
  const retry = deps.outageRetry ?? DEFAULT_OUTAGE_RETRY;
  const outages = deps.outages ?? createOutageWatch(log, deps.leaseClock);
  const isUnavailable = deps.isUnavailable ?? isDatabaseUnavailable;

  let lost = false;
  let interrupted = false;
  let yielding = false;
  let outage = false;
  let failure: unknown = null;
  const stopped = () => lost || interrupted || yielding || outage || failure !== null || signal.aborted;

  /** Waits `ms`, looking every 100 ms whether the run should stop; false when it should. */
  const pause = async (ms: number): Promise<boolean> => {
    const until = deps.leaseClock.now() + ms;
    while (deps.leaseClock.now() < until) {
      if (stopped()) return false;
      await sleep(Math.max(1, Math.min(PACING_STEP_MS, until - deps.leaseClock.now())));
    }
    return !stopped();
  };

  /**
   * Runs `work` until it succeeds, retrying through an outage (an OutageAnswer, or an error of
   * the database) with back-off for at most the bound; past it the whole run ends as `outage`.
   * STOPPED when the run stops meanwhile; any other error is thrown as it is.
   */
  const throughOutage = async <T>(work: () => Promise<T>): Promise<T | typeof STOPPED> => {
    const started = deps.leaseClock.now();
    let delay = retry.firstDelayMs;
    let met: OutageKind | null = null;
    for (;;) {
      const attempt = deps.leaseClock.now();
      try {
        const value = await work();
        if (met !== null) outages.available(met);
        return value;
      } catch (error) {
        const kind = error instanceof OutageAnswer ? error.kind : isUnavailable(error) ? 'dependency' : null;
        if (kind === null) throw error;
        met = kind;
        outages.unavailable(kind, error instanceof OutageAnswer ? error.reason : reasonOf(error), attempt);
        const left = started + retry.boundMs - deps.leaseClock.now();
        if (left <= 0) {
          outage = true;
          return STOPPED;
        }
        if (!(await pause(Math.min(delay, left)))) return STOPPED;
        delay = Math.min(delay * 2, retry.maxDelayMs);
      }
    }
  };

  /** A background query of the run, repeated on a timer: an outage is told once, anything else logged. */
  const background = (what: string) => {
    const operation = outages.operation();
    return {
      succeeded: () => operation.succeeded(),
      failed: (startedAt: number) => (error: unknown) => {
        if (isUnavailable(error)) operation.failed(reasonOf(error), startedAt);
        else log.warn({ jobId: job.id, err: error }, what);
      },
    };
  };

  // Renews the lease while a slow request runs; result batches renew it too.
  const renewal = background('job lease renewal failed');
  const heartbeat = setInterval(() => {
    const startedAt = deps.leaseClock.now();
    store.jobs.extendLease(job.id, job.token, leaseUntil()).then((held) => {
      renewal.succeeded();
      if (!held) lost = true;
    }, renewal.failed(startedAt));
  }, Math.max(50, Math.floor(deps.leaseMs / 3)));

  // At the end of each turn, hands the job back when another account waits with fewer jobs running.
  let checking = false;
  const queueCheck = background('checking the queue for other accounts failed');
  const turns = setInterval(() => {
    if (checking || stopped()) return;
    checking = true;
    const startedAt = deps.leaseClock.now();
    store.jobs
      .othersWaiting(job.accountId, startedAt)
      .then((waiting) => {
        queueCheck.succeeded();
        if (waiting) yielding = true;
      }, queueCheck.failed(startedAt))
      .finally(() => {
        checking = false;
      });
  }, deps.turnMs ?? DEFAULT_TURN_MS);

  let pending: JobResultRecord[] = [];
  let pendingBytes = 0;
  /** Requests whose result is saved (of this run's). */
  let saved = 0;
  let writes: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    writes = writes.then(async () => {
      if (batch.length === 0 || lost) return;
      // A batch the outage keeps from being saved is dropped: its requests run again later.
      const held = await throughOutage(() => store.jobs.saveResults(job.id, job.token, leaseUntil(), batch, budget));
      if (held === STOPPED) return;
      if (held) saved += batch.length;
      else lost = true;
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
    const pace = deps.pace;
    if (!pace || apiKey === null) return true;
    for (;;) {
      const waitMs = await throughOutage(() => pace(apiKey, job.accountId));
      if (waitMs === STOPPED) return false;
      if (waitMs <= 0) return true;
      // Results so far are saved (and readable) while the job waits.
      await flush();
      if (!(await pause(Math.min(waitMs, PACING_RECHECK_MS)))) return false;
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
      const answer = await throughOutage(async () => {
        const response = await deps.dispatch({ method: 'GET', url: uriOf(api), headers });
        const kind = outageOf(response);
        if (kind !== null) throw new OutageAnswer(kind, `'${api.slice(0, 80)}' answered 503 (${kind})`);
        const source = response.headers['x-data-source'];
        return { httpStatus: response.statusCode, payload: payloadText(response), dataSource: typeof source === 'string' ? source : null };
      });
      if (answer === STOPPED) return null;
      const bytes = payloadBytes(answer.payload);
      return bytes > MAX_RESULT_BYTES ? oversizedResult(bytes) : answer;
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

  const kept = new Set(job.savedPositions);
  const todo = job.requests.map((_, position) => position).filter((position) => !kept.has(position));
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
    if (outage) return 'outage';
    // Every request has its result saved, or the job goes on in a later turn.
    if (saved < todo.length) return 'yielded';
    const completed = await throughOutage(() => store.jobs.complete(job.id, job.token, deps.clock.now(), deps.leaseClock.now()));
    if (completed === STOPPED) return outage ? 'outage' : 'interrupted';
    return completed ? 'done' : 'lost';
  } finally {
    clearInterval(heartbeat);
    clearInterval(turns);
    await writes.catch(() => undefined);
  }
}
