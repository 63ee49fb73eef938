/** Work shared by several requesters goes on while any of them still wants it, and only then stops. */
import { describe, expect, it } from 'vitest';
import { abandonController, type Requester, SharedWork, WorkAbandonedError } from '../../src/core/requester.js';
import { FairQueue } from '../../src/core/fair-queue.js';

function requester(account: number | null = 1): Requester & { controller: AbortController } {
  const controller = abandonController();
  return { account, signal: controller.signal, controller };
}

/** Work that ends when told, and tells when its own signal aborts. */
function openWork() {
  let finish!: (value: string) => void;
  let runAs: Requester | undefined;
  const work = new SharedWork<string>(undefined, (as) => {
    runAs = as;
    return new Promise<string>((resolve) => (finish = resolve));
  });
  return { work, finish, runAs: () => runAs! };
}

describe('shared work', () => {
  it('goes on while one of its requesters waits, and is abandoned when the last gives up', async () => {
    const { work, runAs } = openWork();
    const a = requester();
    const b = requester();
    const forA = work.join(a);
    const forB = work.join(b);
    a.controller.abort(new WorkAbandonedError('a left'));
    // A is answered at once with its own abandonment; the work goes on for B.
    await expect(forA).rejects.toThrow('a left');
    expect(work.abandoned).toBe(false);
    expect(runAs().signal!.aborted).toBe(false);
    b.controller.abort(new WorkAbandonedError('b left'));
    await expect(forB).rejects.toThrow('b left');
    expect(work.abandoned).toBe(true);
    expect(runAs().signal!.aborted).toBe(true);
  });

  it('runs to its end when a requester without a signal joined it, and answers those still waiting', async () => {
    const { work, finish, runAs } = openWork();
    const a = requester();
    const forA = work.join(a);
    const forNobody = work.join(undefined);
    a.controller.abort();
    await expect(forA).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(runAs().signal!.aborted).toBe(false);
    finish('drawn');
    await expect(forNobody).resolves.toBe('drawn');
  });

  it('is not abandoned once it has its result', async () => {
    const { work, finish } = openWork();
    const a = requester();
    const forA = work.join(a);
    finish('drawn');
    await expect(forA).resolves.toBe('drawn');
    a.controller.abort();
    expect(work.abandoned).toBe(false);
    await expect(work.join(requester())).resolves.toBe('drawn');
  });

  it("queues the work under its first requester's account", () => {
    let account: number | null | undefined;
    new SharedWork(requester(42), async (as) => void (account = as.account));
    expect(account).toBe(42);
  });
});

describe('fair queue', () => {
  it('serves the account holding least first, accounts in turn among equals, each first come first served', () => {
    const queue = new FairQueue<string, string>();
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    const held = new Map<string, number>();
    const order: string[] = [];
    for (let next = queue.peek((account) => held.get(account) ?? 0); next; next = queue.peek((account) => held.get(account) ?? 0)) {
      order.push(queue.shift(next.account)!);
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    // Holding more than the others puts an account after them, whatever its turn.
    for (const item of ['a4', 'a5']) queue.push('a', item);
    queue.push('b', 'b3');
    held.set('a', 2);
    expect(queue.peek((account) => held.get(account) ?? 0)).toEqual({ account: 'b', item: 'b3' });
    expect(queue.remove('b', 'b3')).toBe(true);
    expect(queue.remove('b', 'b3')).toBe(false);
    expect(queue.size).toBe(2);
    expect(queue.drain().sort()).toEqual(['a4', 'a5']);
    expect(queue.size).toBe(0);
  });
});
