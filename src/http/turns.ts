/**
 * Turns of the event loop for requests whose answer takes the main thread a while to build
 * (forecasts, norms, agronomic values): each gets a turn of its own, one per loop iteration, first come first
 * served. Between two such requests the loop reads new requests, runs timers and answers cheap
 * ones. Without turns, every request that became ready in the same iteration is built in that
 * iteration, and a cheap request arriving meanwhile waits behind all of them.
 *
 * A request whose client has gone while it waited (its requester's signal, http/requester.ts)
 * leaves the queue at once with its abandonment, and takes no turn.
 */
import { abandonment } from '../core/requester.js';

export interface Turns {
  /**
   * Resolves on a loop iteration of the caller's own; what the caller does next runs in it.
   * Rejects with the signal's reason instead once `signal` aborts before the turn comes.
   */
  take(signal?: AbortSignal): Promise<void>;
  /** Requests waiting for a turn. */
  readonly waiting: number;
}

interface Waiter {
  resolve(): void;
  /** False once its client has gone: it is skipped. */
  live: boolean;
}

export function createTurns(): Turns {
  const queue: Waiter[] = [];
  let live = 0;
  let scheduled = false;
  const release = () => {
    let next = queue.shift();
    while (next && !next.live) next = queue.shift();
    // The next turn is in the next iteration: an immediate queued while immediates run waits for it.
    if (queue.length > 0) setImmediate(release);
    else scheduled = false;
    if (!next) return;
    next.live = false;
    live--;
    next.resolve();
  };
  return {
    take(signal) {
      if (signal?.aborted) return Promise.reject(abandonment(signal));
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, live: true };
        if (signal) {
          const onAbort = () => {
            if (!waiter.live) return;
            waiter.live = false;
            live--;
            reject(abandonment(signal));
          };
          signal.addEventListener('abort', onAbort, { once: true });
          waiter.resolve = () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
        }
        queue.push(waiter);
        live++;
        if (!scheduled) {
          scheduled = true;
          setImmediate(release);
        }
      });
    },
    get waiting() {
      return live;
    },
  };
}
