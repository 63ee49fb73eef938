/**
 * A circuit breaker in front of a dependency that can hang (the database, Redis): after
 * `failures` calls in a row that got no answer, calls stop going to it for a back-off and fail at
 * once instead; then one call at a time is let through as a probe. An answer (to the probe or to
 * any call still under way) closes the breaker again; a probe that gets none opens it for a back-off
 * twice as long, up to `maxBackoffMs`.
 *
 * Only "no answer" counts (timed out, unreachable, connection lost): an error the dependency
 * answers with is an answer. The breaker keeps no timers; it reads the time when asked.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

/** How a call was let through: as an ordinary call (closed), or as the one probe (after a back-off). */
export type Admission = 'call' | 'probe';

export interface CircuitBreakerSettings {
  /** Calls in a row without an answer that open the breaker. */
  failures: number;
  /** The first back-off, ms; doubled after each probe without an answer. */
  backoffMs: number;
  /** The longest back-off, ms. */
  maxBackoffMs: number;
  /** A probe that has not reported after this long no longer holds the way: the next call probes (ms). */
  probeTimeoutMs: number;
}

/**
 * The breakers' settings: 3 calls without an answer open the breaker for 250 ms, 500 ms, 1 s,
 * then 2 s between probes, so that a dependency that is back is used again within about 2 s.
 */
export const CIRCUIT_BREAKER_DEFAULTS: Omit<CircuitBreakerSettings, 'probeTimeoutMs'> = {
  failures: 3,
  backoffMs: 250,
  maxBackoffMs: 2000,
};

export interface CircuitBreaker {
  state(): CircuitState;
  /** Lets a call through ('call' or 'probe'), or refuses it (null): the dependency is given a rest. */
  admit(options?: { probe?: boolean }): Admission | null;
  /** The dependency answered a call (also with an error of its own). */
  succeeded(): void;
  /** A call got no answer; `admission` is what `admit` said for it. */
  failed(admission: Admission): void;
  /** Calls `listener` when the breaker opens (calls stop) and when it closes (an answer came). */
  onChange(listener: (state: 'open' | 'closed') => void): void;
}

/** Thrown instead of calling a dependency while its breaker is open. */
export class CircuitOpenError extends Error {
  /** Which dependency was not called ('database', 'redis'). */
  readonly dependency: string;

  constructor(dependency: string) {
    super(`Calls to ${dependency} are paused: it did not answer the last calls`);
    this.name = 'CircuitOpenError';
    this.dependency = dependency;
  }
}

export interface CircuitBreakerOptions extends CircuitBreakerSettings {
  /** Elapsed-time source (ms, monotonic). */
  now?: () => number;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? (() => performance.now());
  let state: CircuitState = 'closed';
  let inARow = 0;
  let backoff = options.backoffMs;
  /** Open: when the next probe may go. Half-open: when the probe went. */
  let since = 0;
  const listeners: ((state: 'open' | 'closed') => void)[] = [];
  const tell = (change: 'open' | 'closed') => {
    for (const listener of listeners) listener(change);
  };

  const open = () => {
    const wasClosed = state === 'closed';
    state = 'open';
    since = now() + backoff;
    if (wasClosed) tell('open');
  };

  return {
    state: () => state,
    admit({ probe = true } = {}) {
      if (state === 'closed') return 'call';
      const t = now();
      const due = state === 'open' ? t >= since : t - since >= options.probeTimeoutMs;
      if (!due || !probe) return null;
      state = 'half-open';
      since = t;
      return 'probe';
    },
    succeeded() {
      inARow = 0;
      backoff = options.backoffMs;
      if (state === 'closed') return;
      state = 'closed';
      tell('closed');
    },
    failed(admission) {
      if (state === 'closed') {
        inARow += 1;
        if (inARow >= options.failures) open();
      } else if (state === 'half-open' && admission === 'probe') {
        backoff = Math.min(backoff * 2, options.maxBackoffMs);
        open();
      }
      // Calls let through before the breaker opened that fail now tell nothing new.
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
