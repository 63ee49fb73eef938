/**
 * Bounds the pixels being drawn at once. Each image in progress holds its canvas, per-layer
 * scratch rasters and the copy handed to the PNG encoder, about 20 bytes per pixel; without a
 * bound, a burst of large images holds them all at the same time and the process keeps the
 * memory afterwards. An image waits until its pixels fit; one larger than the whole budget runs
 * alone.
 *
 * Images wait by account (core/fair-queue.ts): when pixels are given back, the next image is the
 * first waiting one of the account drawing the fewest pixels, so one account's burst of large
 * images does not hold another account's tile behind all of them. The image chosen is not
 * overtaken: while it does not fit, nothing else starts (a large image is never starved by small
 * ones). An image whose requester gives up while it waits leaves the queue.
 */
import { FairQueue } from '../core/fair-queue.js';
import { abandonment, type Requester } from '../core/requester.js';

export interface PixelBudget {
  /**
   * Waits until `pixels` fit, takes them, and returns the function that gives them back; rejects
   * with the requester's abandonment if it gives up first.
   */
  acquire(pixels: number, requester?: Requester): Promise<() => void>;
  /** Pixels taken now. */
  readonly inUse: number;
  /** Images waiting for room. */
  readonly waiting: number;
}

interface Waiting {
  readonly pixels: number;
  grant(): void;
}

export function createPixelBudget(maxPixels: number): PixelBudget {
  let inUse = 0;
  const queue = new FairQueue<number | null, Waiting>();
  const drawingBy = new Map<number | null, number>();
  const held = (account: number | null) => drawingBy.get(account) ?? 0;

  function take(account: number | null, pixels: number): () => void {
    inUse += pixels;
    drawingBy.set(account, held(account) + pixels);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse -= pixels;
      const left = held(account) - pixels;
      if (left === 0) drawingBy.delete(account);
      else drawingBy.set(account, left);
      admit();
    };
  }

  /** Lets the waiting images in, each from the account drawing the fewest pixels, while they fit. */
  function admit(): void {
    for (;;) {
      const next = queue.peek(held);
      if (!next || inUse + next.item.pixels > maxPixels) return;
      queue.shift(next.account);
      next.item.grant();
    }
  }

  return {
    acquire(requested, requester) {
      const pixels = Math.min(Math.max(1, requested), maxPixels);
      const account = requester?.account ?? null;
      const signal = requester?.signal;
      if (signal?.aborted) return Promise.reject(abandonment(signal));
      if (queue.size === 0 && inUse + pixels <= maxPixels) return Promise.resolve(take(account, pixels));
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (queue.remove(account, waiting)) reject(abandonment(signal!));
          // The image that was first may have been the one that did not fit.
          admit();
        };
        const waiting: Waiting = {
          pixels,
          grant() {
            signal?.removeEventListener('abort', onAbort);
            resolve(take(account, pixels));
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(account, waiting);
      });
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.size;
    },
  };
}
