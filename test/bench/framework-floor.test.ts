/** The framework floor the distinct benchmark sets beside the baseline: the same answer, through a bare Fastify route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBareServer, startBaseline, type Started } from '../../bench/http/processes.js';

let baseline: Started;
let floor: Started;

beforeAll(async () => {
  [baseline, floor] = await Promise.all([startBaseline(), startBareServer('bench/http/framework-floor-server.ts')]);
}, 30_000);
afterAll(async () => {
  await Promise.all([baseline?.stop(), floor?.stop()]);
});

describe('framework floor server', () => {
  it('answers every field URL with the baseline body, as JSON', async () => {
    const expected = await (await fetch(`http://127.0.0.1:${baseline.port}/`)).text();
    for (const id of ['field-0', 'field-599999', 'x']) {
      const response = await fetch(`http://127.0.0.1:${floor.port}/v2/fields/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.text()).toBe(expected);
    }
  });

  it('has no other route', async () => {
    expect((await fetch(`http://127.0.0.1:${floor.port}/v2/fields`)).status).toBe(404);
  });
});
