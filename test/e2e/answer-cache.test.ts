/**
 * Weather and agronomic answers kept ready (http/answer-cache.ts): a kept answer is sent again
 * only while everything it depends on is unchanged — the weather source's revision for the cell,
 * the local date, the account and its plan, the field's place, the current planting — and a
 * kept answer is the same, byte for byte and header for header, as one built afresh.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSourceChain } from '../../src/weather/source-chain.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { createFakeWeatherSource, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { createField, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const IOWA = { latitude: 41.5, longitude: -93.5 };
const DAY_MS = 86_400_000;

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

async function start(weather: FakeWeatherSource | ReturnType<typeof createSyntheticSource>, env: Record<string, string> = {}) {
  const t = await createTestApp('sqlite', env, weather);
  apps.push(t);
  const { auth } = await t.login('acme', { enterprise: true });
  return { t, auth };
}

/** A fake source whose answers are declared unchanged while `revision` stays the same. */
function revisedFake(revision: { value: string | null }): FakeWeatherSource {
  const fake = createFakeWeatherSource();
  fake.revision = async () => revision.value;
  return fake;
}

async function get(t: TestApp, auth: Record<string, string>, url: string) {
  return t.app.inject({ method: 'GET', url, headers: auth });
}

async function plant(t: TestApp, auth: Record<string, string>, fieldId: string, plantingDate: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v2/agronomics/fields/${fieldId}/plantings`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ crop: 'corn', plantingDate }),
  });
  expect(response.statusCode).toBe(201);
}

describe('answers kept ready', () => {
  it('sends a kept answer again with its own headers, without asking the source, while the revision stays', async () => {
    const revision = { value: 'r1' as string | null };
    const fake = revisedFake(revision);
    const { t, auth } = await start(fake);
    await createField(t, auth, 'north', IOWA);
    const url = '/v2/weather/fields/north/observations?limit=3&offset=2';

    const first = await get(t, auth, url);
    expect(first.statusCode).toBe(200);
    const calls = fake.dailyCalls.length;
    fake.sourceOf = () => 'changed-without-a-new-revision';
    const again = await get(t, auth, url);
    expect(fake.dailyCalls.length).toBe(calls);
    expect(again.body).toBe(first.body);
    for (const name of ['content-type', 'x-data-source', 'content-range']) expect(again.headers[name]).toBe(first.headers[name]);
    expect(again.headers['x-data-source']).toBe('fake');
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/agwx_answer_cache\{measure="hits"\} 1\n/);
    expect(metrics).toMatch(/agwx_answer_cache\{measure="misses"\} 1\n/);
    expect(metrics).toMatch(/agwx_answer_cache\{measure="entries"\} 1\n/);

    const head = await t.app.inject({ method: 'HEAD', url, headers: auth });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);

    revision.value = 'r2';
    const revised = await get(t, auth, url);
    expect(fake.dailyCalls.length).toBe(calls + 1);
    expect(revised.headers['x-data-source']).toBe('changed-without-a-new-revision');
  });

  it('never keeps what a source without a revision answered', async () => {
    const fake = createFakeWeatherSource();
    const { t, auth } = await start(fake);
    await createField(t, auth, 'north', IOWA);
    await get(t, auth, '/v2/weather/fields/north/observations');
    fake.sourceOf = () => 'second';
    const again = await get(t, auth, '/v2/weather/fields/north/observations');
    expect(again.headers['x-data-source']).toBe('second');
  });

  it('keeps nothing with AGWX_ANSWER_CACHE_MB=0', async () => {
    const fake = revisedFake({ value: 'r1' });
    const { t, auth } = await start(fake, { AGWX_ANSWER_CACHE_MB: '0' });
    await createField(t, auth, 'north', IOWA);
    await get(t, auth, '/v2/weather/fields/north/observations');
    fake.sourceOf = () => 'second';
    expect((await get(t, auth, '/v2/weather/fields/north/observations')).headers['x-data-source']).toBe('second');
  });

  it('builds a new answer on the next local day', async () => {
    const fake = revisedFake({ value: 'r1' });
    const { t, auth } = await start(fake);
    await createField(t, auth, 'north', IOWA);
    const before = (await get(t, auth, '/v2/weather/fields/north/observations')).json();
    t.clock.set(t.clock.now() + DAY_MS);
    const renewed = await t.login('acme', { enterprise: true }); // tokens last an hour
    const after = (await get(t, renewed.auth, '/v2/weather/fields/north/observations')).json();
    expect(before.observations.at(-1).date).toBe('2024-06-14');
    expect(after.observations.at(-1).date).toBe('2024-06-15');
  });

  it('follows the current planting: a new planting changes the default agronomic range', async () => {
    const fake = revisedFake({ value: 'r1' });
    const { t, auth } = await start(fake);
    await createField(t, auth, 'north', IOWA);
    const url = '/v2/agronomics/fields/north/agronomicvalues';
    // No planting yet: refused, and the refusal is not kept.
    expectErrorBody(await get(t, auth, url), 400);
    await plant(t, auth, 'north', '2024-06-01');
    const first = (await get(t, auth, url)).json();
    expect(first.dailyValues[0].date).toBe('2024-06-01');
    await plant(t, auth, 'north', '2024-06-10');
    const second = (await get(t, auth, url)).json();
    expect(second.dailyValues[0].date).toBe('2024-06-10');
    expect(second.dailyValues[0]._links['svc:planting'].href).toBe('/v2/agronomics/fields/north/plantings/2');

    const norms = '/v2/agronomics/fields/north/agronomicnorms';
    expect((await get(t, auth, norms)).json().dailyNorms[0].day).toBe('06-10');
    await plant(t, auth, 'north', '2024-06-05');
    expect((await get(t, auth, norms)).json().dailyNorms[0].day).toBe('06-05');
  });

  it('follows the field: one deleted and created again elsewhere answers for its new place', async () => {
    const fake = revisedFake({ value: 'r1' });
    const { t, auth } = await start(fake);
    await createField(t, auth, 'north', IOWA);
    expect((await get(t, auth, '/v2/weather/fields/north/observations/2024-06-01')).json().location.latitude).toBe(41.5);
    expect((await t.app.inject({ method: 'DELETE', url: '/v2/fields/north', headers: auth })).statusCode).toBe(204);
    await createField(t, auth, 'north', { latitude: -1.3, longitude: 36.8 });
    expect((await get(t, auth, '/v2/weather/fields/north/observations/2024-06-01')).json().location.latitude).toBe(-1.3);
  });

  it('answers per account and plan: a limit an enterprise key may use stays refused for a standard key', async () => {
    const fake = revisedFake({ value: 'r1' });
    const { t, auth } = await start(fake);
    const url = '/v2/weather/locations/41.5,-93.5/observations/2024-01-01,2024-05-31?limit=120';
    expect((await get(t, auth, url)).statusCode).toBe(200);
    const standard = await t.login('smallco');
    expectErrorBody(await get(t, standard.auth, url), 400);
  });
});

describe('kept answers over the synthetic source', () => {
  const URLS = [
    '/v2/weather/fields/north/observations',
    '/v2/weather/fields/north/observations/2024-06-01',
    '/v2/weather/locations/41.6,-93.7/observations/2024-05-01,2024-05-20?sort=-date&limit=5&units=usa',
    '/v2/weather/fields/north/forecasts?blockSize=6',
    '/v2/weather/fields/north/forecasts/2024-06-16',
    '/v2/weather/locations/41.6,-93.7/norms/11-01,03-31',
    '/v2/weather/fields/north/norms/06-01,06-30/years/2015,2020?limit=7',
    '/v2/agronomics/fields/north/agronomicvalues?properties=accumulatedGdd',
    '/v2/agronomics/locations/41.6,-93.7/agronomicvalues/2024-05-01,2024-06-20?gddMethod=modifiedstandard',
    '/v2/agronomics/fields/north/agronomicnorms',
    '/v2/agronomics/locations/41.6,-93.7/agronomicnorms/05-01,06-30',
  ];

  it('are the same, body and headers, as answers built afresh', async () => {
    const synthetic = createSyntheticSource({ cacheSize: 64 });
    const weather = createSourceChain([synthetic]);
    const kept = await start(weather as ReturnType<typeof createSyntheticSource>);
    const fresh = await start(weather as ReturnType<typeof createSyntheticSource>, { AGWX_ANSWER_CACHE_MB: '0' });
    for (const { t, auth } of [kept, fresh]) {
      await createField(t, auth, 'north', IOWA);
      await plant(t, auth, 'north', '2024-04-01');
    }
    for (const url of URLS) {
      await get(kept.t, kept.auth, url);
      const again = await get(kept.t, kept.auth, url);
      const built = await get(fresh.t, fresh.auth, url);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(built.body);
      for (const name of ['content-type', 'x-data-source', 'content-range', 'content-length']) {
        expect(again.headers[name], `${url} ${name}`).toBe(built.headers[name]);
      }
    }
  });
});
