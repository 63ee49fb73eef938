/**
 * Trying again with back-off: what a process does while a dependency it cannot start without
 * (the database) does not answer yet.
 */

export interface RetryOptions {
  /** The first wait, ms; doubled after each failed attempt up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** Whether an attempt that failed with `error` is tried again; otherwise the retrying ends with it. */
  retryable(error: unknown): boolean;
  /** Told of each failed attempt that is tried again (`attempt` counts from 1), before the wait. */
  onRetry?(error: unknown, attempt: number, waitMs: number): void;
  /** Ends the waiting: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Runs `attempt` until it succeeds, waiting between failed attempts. */
export async function retryWithBackoff<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  let waitMs = options.firstMs;
  for (let n = 1; ; n++) {
    options.signal?.throwIfAborted();
    try {
      return await attempt(n);
    } catch (error) {
      if (!options.retryable(error)) throw error;
      options.onRetry?.(error, n, waitMs);
      await pause(waitMs, options.signal);
      waitMs = Math.min(waitMs * 2, options.maxMs);
    }
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
