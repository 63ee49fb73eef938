/**
 * Waiting work of many accounts, served in turn: each account has its own first-come-first-served
 * queue, and the next item comes from the account that holds the least of what is shared now (the
 * compute pool: threads; the map renderer: pixels being drawn), the one served longest ago among
 * equals. One account's hundred waiting images therefore hold another account's tile for no more
 * than the time until something is given back.
 */
export class FairQueue<Account, Item> {
  /** Each account's waiting items. */
  private readonly queues = new Map<Account, Item[]>();
  /** When each account was last served (a count of items taken); unknown accounts come first. */
  private readonly served = new Map<Account, number>();
  private taken = 0;
  private count = 0;

  /** Items waiting, all accounts together. */
  get size(): number {
    return this.count;
  }

  push(account: Account, item: Item): void {
    const queue = this.queues.get(account);
    if (queue) queue.push(item);
    else this.queues.set(account, [item]);
    this.count++;
  }

  /**
   * The account to serve next and its first item (left waiting): of the accounts with items, the
   * one whose `held` is least, among equals the one served longest ago; undefined when nothing waits.
   */
  peek(held: (account: Account) => number): { account: Account; item: Item } | undefined {
    let best: Account | undefined;
    let bestHeld = Number.POSITIVE_INFINITY;
    let bestServed = Number.POSITIVE_INFINITY;
    for (const account of this.queues.keys()) {
      const amount = held(account);
      const served = this.served.get(account) ?? -1;
      if (amount < bestHeld || (amount === bestHeld && served < bestServed)) {
        best = account;
        bestHeld = amount;
        bestServed = served;
      }
    }
    if (bestHeld === Number.POSITIVE_INFINITY) return undefined;
    return { account: best as Account, item: this.queues.get(best as Account)![0]! };
  }

  /** Takes the account's first item; among accounts holding as much, its next turn comes after the others'. */
  shift(account: Account): Item | undefined {
    const queue = this.queues.get(account);
    if (!queue) return undefined;
    const item = queue.shift()!;
    this.count--;
    if (queue.length === 0) this.queues.delete(account);
    this.served.set(account, ++this.taken);
    // Forget accounts long gone (they come first again, as any account seen for the first time).
    if (this.served.size > FORGET_AFTER) for (const known of this.served.keys()) if (!this.queues.has(known)) this.served.delete(known);
    return item;
  }

  /** Takes an item out wherever it waits; false when it was not waiting. */
  remove(account: Account, item: Item): boolean {
    const queue = this.queues.get(account);
    const at = queue ? queue.indexOf(item) : -1;
    if (at < 0) return false;
    queue!.splice(at, 1);
    this.count--;
    if (queue!.length === 0) this.queues.delete(account);
    return true;
  }

  /** Takes every waiting item out, in no particular order. */
  drain(): Item[] {
    const items = [...this.queues.values()].flat();
    this.queues.clear();
    this.count = 0;
    return items;
  }
}

/** Accounts whose last turn is remembered before those with nothing waiting are forgotten. */
const FORGET_AFTER = 4096;
