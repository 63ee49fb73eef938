/**
 * Turns of the event loop for requests whose answer takes the main thread a while to build
 * (forecasts, norms, agronomic values): each gets a turn of its own, one per loop iteration, first come first
 * served. Between two such requests the loop reads new requests, runs timers and answers cheap
 * ones. Without turns, every request that became ready in the same iteration is built in that
 * iteration, and a cheap request arriving meanwhile waits behind all of them.
 */
export interface Turns {
  /** Resolves on a loop iteration of the caller's own; what the caller does next runs in it. */
  take(): Promise<void>;
  /** Requests waiting for a turn. */
  readonly waiting: number;
}

export function createTurns(): Turns {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const release = () => {
    const next = queue.shift()!;
    // The next turn is in the next iteration: an immediate queued while immediates run waits for it.
    if (queue.length > 0) setImmediate(release);
    else scheduled = false;
    next();
  };
  return {
    take() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
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
