/**
 * Over real connections, with one compute thread: a request whose client hangs up has its map
 * image or its norm's weather dropped from the compute queue or stopped while drawn, and one
 * account's burst of large images does not hold another account's tile or forecast behind all of
 * them.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComputePool, createComputePool } from '../../src/compute/compute-pool.js';
import { tileAt } from '../../src/maps/index.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { createField, createTestApp, type TestApp } from '../support/test-app.js';

const MAPS = '/v2/imagery/weathermaps';
/** An image that takes the thread a while (the satellite base resampled for every pixel). */
const LARGE = 'earth/fields/%s?size=768x768&zoom=6';

let pool: ComputePool;
let t: TestApp;
let port: number;
let flood: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  pool = createComputePool({ threads: 1 });
  t = await createTestApp('sqlite', {}, createSyntheticSource({ compute: pool }), { compute: pool });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  flood = (await t.login('flood')).auth;
  other = (await t.login('other')).auth;
  for (let i = 0; i < 12; i++) await createField(t, flood, `f${i}`, { latitude: 30 + i * 2, longitude: -100 + i * 3 });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await pool?.close();
});

interface Answer {
  status: number;
  /** When the answer had been read, ms (performance.now). */
  at: number;
}

/**
 * A GET on a connection of its own; with `hangUp` (ms, or a wait), the client closes it then and
 * never reads an answer.
 */
function get(path: string, headers: Record<string, string>, hangUp?: number | (() => Promise<void>)): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, at: performance.now() }));
    });
    if (hangUp === undefined) request.on('error', reject);
    else {
      request.on('error', () => resolve(null));
      const wait = typeof hangUp === 'number' ? new Promise((done) => setTimeout(done, hangUp)) : hangUp();
      void wait.then(() => {
        request.destroy();
        resolve(null);
      });
    }
  });
}

/** Tasks the pool had been given by the time of `counts` (now by default). */
const submitted = (counts = pool.tasks()) => counts.waiting + counts.running + counts.finished + counts.dropped + counts.stopped;

const image = (field: number) => `${MAPS}/${LARGE.replace('%s', `f${field}`)}`;
const { x, y } = tileAt(-93.4, 41.9, 6);
const tile = `${MAPS}/base,states/tiles/${x},${y},6`;
const forecast = '/v2/weather/locations/-8.05,-34.9/forecasts';

async function idle(): Promise<void> {
  while (pool.tasks().running + pool.tasks().waiting > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('map images of clients that have gone, and of two accounts at once', () => {
  let oneImageMs = 0;

  it('draws a large image (the time one takes, for the bounds below)', async () => {
    await get(image(11), flood);
    const started = performance.now();
    const answer = await get(image(0), flood);
    oneImageMs = performance.now() - started;
    expect(answer?.status).toBe(200);
  }, 60_000);

  it("answers another account's tile and forecast while one account's large images wait, not after all of them", async () => {
    const images = [1, 2, 3].map((field) => get(image(field), flood));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [tileAnswer, forecastAnswer] = await Promise.all([get(tile, other), get(forecast, other)]);
    const done = await Promise.all(images);
    expect([tileAnswer?.status, forecastAnswer?.status]).toEqual([200, 200]);
    expect(done.map((answer) => answer?.status)).toEqual([200, 200, 200]);
    // Each of the other account's tasks waits for at most one of the images: the tile for the image
    // being drawn when it came, the forecast's window (that account's second task) for one more.
    const before = (answered: Answer) => done.filter((answer) => answer!.at < answered.at).length;
    expect(before(tileAnswer!)).toBeLessThanOrEqual(1);
    expect(before(forecastAnswer!)).toBeLessThanOrEqual(2);
  }, 60_000);

  it('drops the weather a norm needs when its client hangs up before the thread is free', async () => {
    await idle();
    const before = pool.tasks();
    // Two images of the same account keep the one thread busy well past the norm's hang-up.
    const drawing = [10, 11].map((field) => get(image(field).replace('zoom=6', 'zoom=7'), flood));
    // Both images in the pool (one running, one waiting) before the norm is asked.
    const images = submitted(before) + 2;
    while (submitted() < images || pool.tasks().running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The client hangs up once the norm's weather is in the pool's queue (on a busy machine the
    // request may take a while to get there), or after 10 s.
    const queued = async () => {
      const started = performance.now();
      while (submitted() <= images && performance.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    expect(await get(`/v2/weather/locations/-1.29,36.82/norms/03-01,05-31/years/1981,2010`, other, queued)).toBeNull();
    expect((await Promise.all(drawing)).map((answer) => answer?.status)).toEqual([200, 200]);
    await idle();
    const after = pool.tasks();
    // The norm's thirty years were never generated to the end: its task was dropped while it waited
    // or stopped at its first checkpoint (accounts take turns, so it may come before the second
    // image); only the images ran through.
    expect(after.dropped + after.stopped - before.dropped - before.stopped).toBeGreaterThanOrEqual(1);
    expect(after.finished - before.finished).toBe(2);
  }, 60_000);

  it('drops the waiting images of clients that hung up and stops the one being drawn', async () => {
    await idle();
    const before = pool.tasks();
    // Six large images whose clients hang up once their requests are in, well before one image is drawn.
    const hangUpMs = Math.min(300, Math.max(30, oneImageMs / 4));
    const hungUp = await Promise.all([5, 6, 7, 8, 9, 10].map((field) => get(image(field), flood, hangUpMs)));
    expect(hungUp).toEqual([null, null, null, null, null, null]);
    const asked = performance.now();
    // A tile not drawn before (the first one is kept by the renderer).
    const answered = await get(tile.replace(`/${x},`, `/${x + 1},`), other);
    expect(answered?.status).toBe(200);
    await idle();
    const after = pool.tasks();
    // Drawn to the end, the six would hold the thread for about six images' time before the tile.
    expect(answered!.at - asked).toBeLessThan(2 * oneImageMs);
    expect(after.dropped + after.stopped - before.dropped - before.stopped).toBeGreaterThanOrEqual(5);
    // Nothing of theirs ran to its end: what finished is the tile (a task or two, with its weather).
    expect(after.finished - before.finished).toBeLessThanOrEqual(2);
  }, 60_000);
});
