/** Heavy requests take turns: one per event-loop iteration, in the order they asked. */
import { describe, expect, it } from 'vitest';
import { createTurns } from '../../src/http/turns.js';
import { abandonController, WorkAbandonedError } from '../../src/core/requester.js';

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

  it('skips a caller whose client has gone while it waited: it is refused at once and takes no turn', async () => {
    const turns = createTurns();
    const gone = abandonController();
    const seen: string[] = [];
    const first = turns.take().then(() => seen.push('first'));
    const abandoned = turns.take(gone.signal).then(() => seen.push('abandoned'));
    const last = turns.take().then(() => seen.push('last'));
    gone.abort();
    expect(turns.waiting).toBe(2);
    await expect(abandoned).rejects.toBeInstanceOf(WorkAbandonedError);
    await Promise.all([first, last]);
    expect(seen).toEqual(['first', 'last']);
    await expect(turns.take(gone.signal)).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(turns.waiting).toBe(0);
  });
});
