/**
 * Turns of the event loop for requests whose answer takes the main thread a while to build
 * (forecasts, norms, agronomic values): each gets a turn of its own, one per loop iteration, first come first
 * served. Between two such requests the loop reads new requests, runs timers and answers cheap
 * ones. Without turns, every request that became ready in the same iteration is built in that
 * iteration, and a cheap request arriving meanwhile waits behind all of them.
 *
 * A request whose client has gone while it waited (http/requester.ts: its connection closed)
 * takes no turn: it is refused with its abandonment when its turn comes. Asking the connection
 * costs nothing, where listening for its end (a signal) costs an AbortController and listeners a
 * request.
 */
export interface Turns {
  /**
   * Resolves on a loop iteration of the caller's own; what the caller does next runs in it.
   * `gone` says whether the caller's client has gone (the reason, or undefined): it is asked at
   * once and when the caller's turn comes, and a caller whose client has gone takes no turn and
   * is refused with that reason.
   */
  take(gone?: () => unknown): Promise<void>;
  /** Requests waiting for a turn (those whose client has gone included, until their turn comes). */
  readonly waiting: number;
}

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  gone: (() => unknown) | undefined;
}

export function createTurns(): Turns {
  const queue: Waiter[] = [];
  let scheduled = false;
  const release = () => {
    // Callers whose client has gone are refused, and the turn is the next caller's.
    let next = queue.shift();
    let reason: unknown;
    while (next && (reason = next.gone?.()) !== undefined) {
      next.reject(reason);
      next = queue.shift();
    }
    // The next turn is in the next iteration: an immediate queued while immediates run waits for it.
    if (queue.length > 0) setImmediate(release);
    else scheduled = false;
    next?.resolve();
  };
  return {
    take(gone) {
      const reason = gone?.();
      if (reason !== undefined) return Promise.reject(reason);
      return new Promise<void>((resolve, reject) => {
        queue.push({ resolve, reject, gone });
        if (!scheduled) {
          scheduled = true;
          setImmediate(release);
        }
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
