/** The one source of "now". Pass it in; never call Date.now() elsewhere. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export function systemClock(): Clock {
  return { now: () => Date.now() };
}

/** A clock stopped at one instant (AGWX_NOW). */
export function fixedClock(epochMs: number): Clock {
  return { now: () => epochMs };
}

/** A clock tests can move. */
export function manualClock(startMs: number): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = startMs;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
