/**
 * Whom work is done for: the account whose queue its compute tasks wait in (the compute pool takes
 * accounts in turn, compute/compute-pool.ts) and the signal that says its answer is no longer
 * wanted (the client of the request has gone). A route makes one per request
 * (http/requester.ts) and hands it down through the services to the weather source, the map
 * renderer and the compute pool. Work given none (start-up, command-line tools, benchmarks) is
 * nobody's: it waits in the queue of work without an account and is never abandoned.
 */
import { setMaxListeners } from 'node:events';

export interface Requester {
  /** The account the work is for; null: none (internal work, requests without a token). */
  readonly account: number | null;
  /** Aborted once the answer is no longer wanted (work then ends with a `WorkAbandonedError`). */
  readonly signal?: AbortSignal;
}

/** Work for no account, never abandoned. */
export const NOBODY: Requester = Object.freeze({ account: null });

/** Work stopped, or never started, because no one wants its result any more. */
export class WorkAbandonedError extends Error {
  constructor(message = 'The answer is no longer wanted: its client has gone.') {
    super(message);
    this.name = 'WorkAbandonedError';
  }
}

/** The error work for an aborted signal ends with: its reason when that is a `WorkAbandonedError`. */
export function abandonment(signal: AbortSignal): WorkAbandonedError {
  return signal.reason instanceof WorkAbandonedError ? signal.reason : new WorkAbandonedError();
}

/**
 * Called by long work at the points where it may stop (between a map's layers, a norm's seasons, a
 * cell's years): throws once the work is no longer wanted, and does nothing otherwise.
 */
export type Checkpoint = () => void;

/** The checkpoint of work that always runs to its end. */
export const NO_CHECKPOINT: Checkpoint = () => undefined;

/** Throws the requester's abandonment once it has given up; nothing otherwise. */
export function throwIfAbandoned(requester: Requester | undefined): void {
  const signal = requester?.signal;
  if (signal?.aborted) throw abandonment(signal);
}

/**
 * A controller whose signal any number of waiters may listen to (a request's work joins many
 * shared pieces; the default limit of ten listeners would warn of a leak).
 */
export function abandonController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/**
 * Work several requesters wait for at once (a map image, a lattice of weather values, a cell's
 * years or forecast window being generated): started for the first, joined by the others, and
 * abandoned only when every requester that joined has given up. Then the work's own signal aborts,
 * so that its compute tasks are dropped from the queue or stopped. A requester without a signal
 * never gives up, so work it joined always runs to its end. The work's tasks queue under the
 * account of the requester it was started for.
 */
export class SharedWork<T> {
  /** The requester the work runs as: the first requester's account, and a signal of its own. */
  readonly requester: Requester;
  /** The work's own outcome, whoever waits for it. */
  readonly result: Promise<T>;
  private readonly controller = abandonController();
  private waiting = 0;
  private kept = false;
  private settled = false;

  constructor(first: Requester | undefined, work: (requester: Requester) => Promise<T>) {
    this.requester = { account: first?.account ?? null, signal: this.controller.signal };
    this.result = work(this.requester);
    // The outcome is read by those who join; an abandoned work's rejection is nobody's to handle.
    const settle = () => {
      this.settled = true;
    };
    this.result.then(settle, settle);
  }

  /** True once every requester has given up: the work is being stopped, and must not be joined. */
  get abandoned(): boolean {
    return this.controller.signal.aborted;
  }

  /** The work's result for `requester`; rejects with its abandonment as soon as it gives up. */
  join(requester: Requester | undefined): Promise<T> {
    const signal = requester?.signal;
    if (!signal) {
      this.kept = true;
      return this.result;
    }
    if (signal.aborted) {
      this.leave(signal);
      return Promise.reject(abandonment(signal));
    }
    this.waiting++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.waiting--;
        reject(abandonment(signal));
        this.leave(signal);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.result.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  private leave(signal: AbortSignal): void {
    if (this.waiting === 0 && !this.kept && !this.settled) this.controller.abort(abandonment(signal));
  }
}

/**
 * Shared works by key, one running at a time per key: a requester asking for a key whose work runs
 * (and is not being abandoned) joins it; otherwise it starts a new one. A key is forgotten once
 * its work settles.
 */
export class SharedWorks<K, T> {
  readonly #running = new Map<K, SharedWork<T>>();

  /** The result of `key`'s running work for `requester`, or of a new one started by `work`. */
  join(key: K, requester: Requester | undefined, work: (requester: Requester) => Promise<T>): Promise<T> {
    let running = this.#running.get(key);
    if (!running || running.abandoned) {
      const started = new SharedWork(requester, work);
      this.#running.set(key, started);
      const forget = () => {
        if (this.#running.get(key) === started) this.#running.delete(key);
      };
      started.result.then(forget, forget);
      running = started;
    }
    return running.join(requester);
  }
}
