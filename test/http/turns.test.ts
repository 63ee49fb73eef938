/** Heavy requests take turns: one per event-loop iteration, in the order they asked. */
import { describe, expect, it } from 'vitest';
import { createTurns } from '../../src/http/turns.js';
import { abandonController, abandonment, WorkAbandonedError } from '../../src/core/requester.js';

describe('turns', () => {
  it('gives each caller an event-loop iteration of its own, first come first served', async () => {
    const turns = createTurns();
    // Counts iterations: an immediate that queues itself again runs once per iteration.
    let iteration = 0;
    let ticking = true;
    const tick = () => {
      iteration++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: { caller: number; iteration: number }[] = [];
    const callers = Array.from({ length: 6 }, (_, caller) => turns.take().then(() => seen.push({ caller, iteration })));
    expect(turns.waiting).toBe(6);
    await Promise.all(callers);
    ticking = false;
    expect(seen.map((s) => s.caller)).toEqual([0, 1, 2, 3, 4, 5]);
    const iterations = seen.map((s) => s.iteration);
    for (let i = 1; i < iterations.length; i++) expect(iterations[i]).toBeGreaterThan(iterations[i - 1]!);
    expect(turns.waiting).toBe(0);
  });

  it('lets a timer that came due during a turn run before the next turn', async () => {
    const turns = createTurns();
    const events: string[] = [];
    const first = turns.take().then(() => {
      events.push('first');
      setTimeout(() => events.push('timer'), 1);
      // Work until the timer is due.
      const until = performance.now() + 5;
      while (performance.now() < until);
    });
    const second = turns.take().then(() => events.push('second'));
    await Promise.all([first, second]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Were both built in one iteration, the timer would come last.
    expect(events).toEqual(['first', 'timer', 'second']);
  });

  it('skips a caller whose client has gone while it waited: it takes no turn and is refused', async () => {
    const turns = createTurns();
    const gone = abandonController();
    const isGone = () => (gone.signal.aborted ? abandonment(gone.signal) : undefined);
    const seen: string[] = [];
    const first = turns.take().then(() => seen.push('first'));
    const abandoned = turns.take(isGone).then(() => seen.push('abandoned'));
    const last = turns.take().then(() => seen.push('last'));
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(WorkAbandonedError);
    await Promise.all([first, last]);
    expect(seen).toEqual(['first', 'last']);
    // Gone before it asks: refused at once, never queued.
    await expect(turns.take(isGone)).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(turns.waiting).toBe(0);
  });

  it('counts the callers waiting, and gives the turn of a caller that has gone to the next', async () => {
    const turns = createTurns();
    let leave = false;
    const seen: string[] = [];
    const a = turns.take().then(() => seen.push('a'));
    const b = turns.take(() => (leave ? new WorkAbandonedError() : undefined)).then(
      () => seen.push('b'),
      () => seen.push('b refused'),
    );
    const c = turns.take().then(() => seen.push('c'));
    expect(turns.waiting).toBe(3);
    await a;
    leave = true;
    await Promise.all([b, c]);
    // b was refused when its turn came, and c took the turn in the same iteration.
    expect(seen).toEqual(['a', 'b refused', 'c']);
    expect(turns.waiting).toBe(0);
  });
});
