/**
 * A budget of work the event loop may do in one turn (one pass of the loop: the requests read in
 * it and everything they run before it ends), renewed on the next. Work that fits is done at once;
 * work that does not is handed elsewhere (a worker thread), so that a turn holds the requests that
 * come after it for no longer than the budget.
 */
export interface TurnBudget {
  /**
   * Takes `units` from this turn's budget: true when they fitted (the caller does the work now).
   * With `key`, only the first work of that key in a turn may take: a key asking again in the same
   * turn is the next part of larger work (a norm's next year at the same place), which goes with
   * the rest of it.
   */
  take(units: number, key?: number): boolean;
}

/**
 * `perTurn` units a turn; 0: nothing is ever done at once. The budget is renewed when the loop
 * next reaches its check phase (`setImmediate`), that is once the turn's I/O callbacks and the
 * work they started have run.
 */
export function createTurnBudget(perTurn: number, renewSoon: (renew: () => void) => void = setImmediate): TurnBudget {
  if (!(perTurn >= 0)) throw new RangeError(`units per turn must be >= 0, got ${perTurn}`);
  let used = 0;
  let renewing = false;
  const keys = new Set<number>();
  const renew = () => {
    used = 0;
    renewing = false;
    keys.clear();
  };
  return {
    take(units, key) {
      if (used + units > perTurn) return false;
      if (key !== undefined) {
        if (keys.has(key)) return false;
        keys.add(key);
      }
      used += units;
      if (!renewing) {
        renewing = true;
        renewSoon(renew);
      }
      return true;
    },
  };
}
