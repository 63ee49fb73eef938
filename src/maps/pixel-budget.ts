/**
 * Bounds the pixels being drawn at once. Each image in progress holds its canvas, per-layer
 * scratch rasters and the copy handed to the PNG encoder, about 20 bytes per pixel; without a
 * bound, a burst of large images holds them all at the same time and the process keeps the
 * memory afterwards. An image waits (first come, first served) until its pixels fit; one larger
 * than the whole budget runs alone.
 */
export interface PixelBudget {
  /** Waits until `pixels` fit, takes them, and returns the function that gives them back. */
  acquire(pixels: number): Promise<() => void>;
  /** Pixels taken now. */
  readonly inUse: number;
  /** Images waiting for room. */
  readonly waiting: number;
}

export function createPixelBudget(maxPixels: number): PixelBudget {
  let inUse = 0;
  const queue: { pixels: number; grant: () => void }[] = [];

  function take(pixels: number): () => void {
    inUse += pixels;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse -= pixels;
      // First come, first served: a large image at the head is not overtaken by small ones.
      while (queue.length > 0 && inUse + queue[0]!.pixels <= maxPixels) queue.shift()!.grant();
    };
  }

  return {
    acquire(requested) {
      const pixels = Math.min(Math.max(1, requested), maxPixels);
      if (queue.length === 0 && inUse + pixels <= maxPixels) return Promise.resolve(take(pixels));
      return new Promise((resolve) => queue.push({ pixels, grant: () => resolve(take(pixels)) }));
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.length;
    },
  };
}
