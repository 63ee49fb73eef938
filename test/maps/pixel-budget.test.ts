import { describe, expect, it } from 'vitest';
import { createPixelBudget } from '../../src/maps/pixel-budget.js';
import { abandonController, WorkAbandonedError } from '../../src/core/requester.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('pixel budget of images drawn at once', () => {
  it('lets images in while they fit and holds the rest until pixels are given back', async () => {
    const budget = createPixelBudget(1000);
    const first = await budget.acquire(600);
    const second = await budget.acquire(400);
    expect(budget.inUse).toBe(1000);
    let thirdIn = false;
    const third = budget.acquire(300).then((release) => {
      thirdIn = true;
      return release;
    });
    await tick();
    expect(thirdIn).toBe(false);
    expect(budget.waiting).toBe(1);
    second();
    await tick();
    expect(thirdIn).toBe(true);
    expect(budget.inUse).toBe(900);
    first();
    (await third)();
    expect(budget.inUse).toBe(0);
  });

  it('serves first come first served: a small image does not overtake a large one waiting', async () => {
    const budget = createPixelBudget(1000);
    const held = await budget.acquire(500);
    const order: string[] = [];
    const large = budget.acquire(1000).then((release) => (order.push('large'), release));
    const small = budget.acquire(10).then((release) => (order.push('small'), release));
    await tick();
    expect(order).toEqual([]);
    held();
    (await large)();
    (await small)();
    expect(order).toEqual(['large', 'small']);
  });

  it("lets in the image of the account drawing the fewest pixels: one account's burst does not hold another's tile", async () => {
    const budget = createPixelBudget(1000);
    const flood = { account: 1 };
    const held = [await budget.acquire(500, flood), await budget.acquire(500, flood)];
    const order: string[] = [];
    const waits = [1, 2, 3].map((i) => budget.acquire(500, flood).then((release) => (order.push(`flood ${i}`), release)));
    const tile = budget.acquire(10, { account: 2 }).then((release) => (order.push('tile'), release));
    await tick();
    held[0]!();
    await tick();
    // The tile goes first; the flood's next image waits for room rather than being overtaken again.
    expect(order).toEqual(['tile']);
    (await tile)();
    await tick();
    expect(order).toEqual(['tile', 'flood 1']);
    held[1]!();
    for (const wait of waits) (await wait)();
    expect(order).toEqual(['tile', 'flood 1', 'flood 2', 'flood 3']);
    expect(budget.inUse).toBe(0);
  });

  it('takes an image out of the queue when its requester gives up, and lets the next one in', async () => {
    const budget = createPixelBudget(1000);
    const held = await budget.acquire(800);
    const controller = abandonController();
    const given = budget.acquire(900, { account: 1, signal: controller.signal });
    let smallIn = false;
    const small = budget.acquire(100, { account: 1 }).then((release) => ((smallIn = true), release));
    await tick();
    expect([budget.waiting, smallIn]).toEqual([2, false]);
    controller.abort();
    await expect(given).rejects.toBeInstanceOf(WorkAbandonedError);
    (await small)();
    expect(smallIn).toBe(true);
    held();
    expect([budget.inUse, budget.waiting]).toEqual([0, 0]);
  });

  it('runs an image larger than the whole budget alone, and a second release changes nothing', async () => {
    const budget = createPixelBudget(100);
    const huge = await budget.acquire(10_000);
    expect(budget.inUse).toBe(100);
    let otherIn = false;
    const other = budget.acquire(1).then((release) => ((otherIn = true), release));
    await tick();
    expect(otherIn).toBe(false);
    huge();
    huge();
    (await other)();
    expect(budget.inUse).toBe(0);
  });
});

describe('the map renderer under a burst of large images', () => {
  it('draws no more pixels at once than its bound, and draws every image', async () => {
    const { createMapRenderer, syntheticWeatherGrid } = await import('../../src/maps/index.js');
    const { globalCoverage } = await import('../../src/maps/coverage.js');
    const { fixedClock } = await import('../../src/core/clock.js');
    let drawing = 0;
    let most = 0;
    const probe = {
      code: 'probe',
      title: 'probe',
      kind: 'reference' as const,
      coverage: globalCoverage,
      updatePeriodMinutes: null,
      opaque: false,
      source: 'test',
      license: 'test',
      async draw(ctx: { fillStyle: unknown; fillRect(x: number, y: number, w: number, h: number): void }, viewport: { width: number; height: number }) {
        drawing += viewport.width * viewport.height;
        most = Math.max(most, drawing);
        ctx.fillStyle = '#ff0000';
        ctx.fillRect(0, 0, 4, 4);
        await new Promise((resolve) => setTimeout(resolve, 5));
        drawing -= viewport.width * viewport.height;
      },
    };
    const bound = 2 * 1024 * 1024;
    const renderer = createMapRenderer({ weather: syntheticWeatherGrid({ seed: 1 }), clock: fixedClock(Date.UTC(2024, 5, 15)), layers: [probe], maxPixelsInFlight: bound });
    const images = await Promise.all(
      Array.from({ length: 6 }, (_, i) => renderer.renderFieldImage({ layers: ['probe'], latitude: 10 + i, longitude: 20, width: 1024, height: 1024, zoom: 5 })),
    );
    expect(images.every((image) => image.png.length > 0 && !image.cached)).toBe(true);
    expect(most).toBe(bound);
  });
});
