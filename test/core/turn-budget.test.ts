/** The budget of work done at once in a turn of the event loop. */
import { describe, expect, it } from 'vitest';
import { createTurnBudget } from '../../src/core/turn-budget.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turn budget', () => {
  it('gives work that fits in the turn, refuses what does not, and gives again in the next turn', async () => {
    const budget = createTurnBudget(8);
    expect(budget.take(3)).toBe(true);
    expect(budget.take(5)).toBe(true);
    expect(budget.take(1)).toBe(false);
    // Work of other requests in the same turn (their promises) finds it spent too.
    expect(await Promise.resolve().then(() => budget.take(1))).toBe(false);
    await nextTurn();
    expect(budget.take(6)).toBe(true);
    // A request larger than what is left is refused whole, leaving the rest to smaller ones.
    expect(budget.take(3)).toBe(false);
    expect(budget.take(2)).toBe(true);
  });

  it('gives a key once a turn: the same key asking again in the turn is refused, however much is left', async () => {
    const budget = createTurnBudget(8);
    expect(budget.take(2, 7)).toBe(true);
    expect(budget.take(1, 7)).toBe(false);
    expect(budget.take(2, 9)).toBe(true);
    expect(budget.take(2)).toBe(true);
    // A key refused for want of budget has not taken: it may take later in the turn if it fits.
    expect(budget.take(5, 11)).toBe(false);
    expect(budget.take(1, 11)).toBe(true);
    await nextTurn();
    expect(budget.take(2, 7)).toBe(true);
  });

  it('never gives work larger than a whole turn, and with a budget of 0 nothing at all', async () => {
    const budget = createTurnBudget(8);
    expect(budget.take(9)).toBe(false);
    await nextTurn();
    expect(budget.take(9)).toBe(false);
    const none = createTurnBudget(0);
    expect(none.take(1)).toBe(false);
    await nextTurn();
    expect(none.take(1)).toBe(false);
  });

  it('is renewed by the loop, not by the clock: a turn that takes long still has only its budget', () => {
    const renewals: (() => void)[] = [];
    const budget = createTurnBudget(4, (renew) => renewals.push(renew));
    expect(budget.take(4)).toBe(true);
    const until = Date.now() + 20;
    while (Date.now() < until);
    expect(budget.take(1)).toBe(false);
    // One renewal asked for the turn, however often it took.
    expect(renewals).toHaveLength(1);
    renewals[0]!();
    expect(budget.take(4)).toBe(true);
  });

  it('refuses a budget that is not a number of units', () => {
    expect(() => createTurnBudget(-1)).toThrow(RangeError);
    expect(() => createTurnBudget(Number.NaN)).toThrow(RangeError);
  });
});
