/**
 * A planting's water-balance parameters (defaults by crop, PUT, JSON-Patch, which values are
 * defaults) and irrigation events (add in mm or inches, list, delete, the dates allowed, the
 * cap), with the error body for bad input and nothing changed.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WATER_BALANCE_SOIL, defaultWaterBalanceCrop } from '../../src/agronomy/water-balance-defaults.js';
import { MAX_IRRIGATIONS_PER_PLANTING } from '../../src/services/water-balance-setup-service.js';
import { createField, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

// The clock stands at 2024-06-15T12:00Z.
const BASE = '/v2/agronomics/fields/north/plantings';

type Parameters = { crop: Record<string, unknown>; soil: Record<string, unknown>; defaults: string[]; _links: Record<string, { href: string }> };

describe('water-balance parameters and irrigations', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let plantingId: number;
  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { ...auth, ...(body === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await t.login('acme', { enterprise: true })).auth;
    await createField(t, auth, 'north', { latitude: 41.99, longitude: -93.62 });
    const planting = await call('POST', BASE, { crop: 'corn-2700-gdd', plantingDate: '2024-05-01' });
    plantingId = (planting.json() as { id: number }).id;
  });
  afterAll(async () => t.close());

  it("answers the crop's and the soil's defaults, and says they are", async () => {
    const answer = await call('GET', `${BASE}/current/waterbalance/parameters`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as Parameters;
    expect(body.crop).toEqual(defaultWaterBalanceCrop('corn'));
    expect(body.crop.kcbMid).toBe(1.15);
    expect(body.soil).toEqual(DEFAULT_WATER_BALANCE_SOIL);
    expect(body.defaults).toContain('/crop/kcbMid');
    expect(body.defaults).toContain('/soil/curveNumber');
    expect(body.defaults).toHaveLength(15);
    expect(body._links['svc:planting']!.href).toBe(`${BASE}/${plantingId}`);
    expect(body._links['svc:waterBalance']!.href).toBe(`${BASE}/${plantingId}/waterbalance`);
  });

  it('keeps what PUT sets, returns the rest to its defaults, and refuses an impossible soil', async () => {
    const put = await call('PUT', `${BASE}/${plantingId}/waterbalance/parameters`, { crop: { kcbMid: 1.2, stageLengths: { initial: 25, development: 40, mid: 55, late: 30 } }, soil: { curveNumber: 75 } });
    expect(put.statusCode, put.body).toBe(200);
    const body = put.json() as Parameters;
    expect(body.crop.kcbMid).toBe(1.2);
    expect(body.soil.curveNumber).toBe(75);
    expect(body.defaults).not.toContain('/crop/kcbMid');
    expect(body.defaults).not.toContain('/crop/stageLengths');
    expect(body.defaults).toHaveLength(12);

    const bad = expectErrorBody(await call('PUT', `${BASE}/current/waterbalance/parameters`, { soil: { wiltingPoint: 0.3, fieldCapacity: 0.2 } }), 400);
    expect(bad.detailedMessage).toMatch(/wilting|field capacity/i);
    expectErrorBody(await call('PUT', `${BASE}/current/waterbalance/parameters`, { crop: { kcbMidd: 1 } }), 400);
    expect(((await call('GET', `${BASE}/current/waterbalance/parameters`)).json() as Parameters).crop.kcbMid).toBe(1.2);

    const cleared = (await call('PUT', `${BASE}/current/waterbalance/parameters`, {})).json() as Parameters;
    expect(cleared.crop.kcbMid).toBe(1.15);
    expect(cleared.defaults).toHaveLength(15);
  });

  it('changes values with JSON-Patch, all or nothing', async () => {
    const patched = await call('PATCH', `${BASE}/current/waterbalance/parameters`, [
      { op: 'test', path: '/crop/kcbMid', value: 1.15 },
      { op: 'replace', path: '/crop/kcbMid', value: 1.1 },
      { op: 'replace', path: '/crop/stageLengths/mid', value: 60 },
      { op: 'replace', path: '/soil/readilyEvaporableWater', value: 9.5 },
    ]);
    expect(patched.statusCode, patched.body).toBe(200);
    const body = patched.json() as Parameters;
    expect(body.crop.kcbMid).toBe(1.1);
    expect((body.crop.stageLengths as { mid: number }).mid).toBe(60);
    // A replaced value is the planting's own, even when it equals the default.
    expect(body.defaults).not.toContain('/soil/readilyEvaporableWater');
    expectErrorBody(await call('PATCH', `${BASE}/current/waterbalance/parameters`, [{ op: 'test', path: '/crop/kcbMid', value: 2 }, { op: 'replace', path: '/crop/kcbEnd', value: 0.2 }]), 400);
    expectErrorBody(await call('PATCH', `${BASE}/current/waterbalance/parameters`, [{ op: 'remove', path: '/crop/kcbMid' }]), 400);
    expectErrorBody(await call('PATCH', `${BASE}/current/waterbalance/parameters`, [{ op: 'replace', path: '/soil/fieldCapacity', value: 0.05 }]), 400);
    const after = (await call('GET', `${BASE}/current/waterbalance/parameters`)).json() as Parameters;
    expect(after.crop.kcbEnd).toBe(defaultWaterBalanceCrop('corn').kcbEnd);
    expect(after.soil.fieldCapacity).toBe(DEFAULT_WATER_BALANCE_SOIL.fieldCapacity);
  });

  it('records irrigations in mm or inches, lists them by date and deletes them', async () => {
    const first = await call('POST', `${BASE}/current/irrigations`, { date: '2024-06-10', amount: 25, wettedFraction: 0.5 });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json() as { id: number; amount: number; units: string; _links: { self: { href: string } } };
    expect(created).toMatchObject({ date: '2024-06-10', amount: 25, units: 'mm', wettedFraction: 0.5 });
    expect(first.headers.location).toBe(`https://agwx.test${created._links.self.href}`);
    const inches = await call('POST', `${BASE}/current/irrigations?units=usa`, { date: '2024-06-01', amount: 1 });
    expect(inches.statusCode, inches.body).toBe(201);
    expect(inches.json()).toMatchObject({ amount: 1, units: 'in', wettedFraction: null });

    const list = (await call('GET', `${BASE}/current/irrigations`)).json() as { irrigations: { date: string; amount: number }[] };
    expect(list.irrigations.map((i) => [i.date, i.amount])).toEqual([
      ['2024-06-01', 25.4],
      ['2024-06-10', 25],
    ]);
    const one = await call('GET', `${created._links.self.href}?units=usa`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: created.id, date: '2024-06-10', amount: 0.984, units: 'in' });
    expect((await call('DELETE', created._links.self.href)).statusCode).toBe(204);
    expectErrorBody(await call('GET', created._links.self.href), 404);
    expectErrorBody(await call('DELETE', created._links.self.href), 404);
    expect(((await call('GET', `${BASE}/current/irrigations`)).json() as { irrigations: unknown[] }).irrigations).toHaveLength(1);
  });

  it('refuses irrigations before planting, beyond the forecast, of no water, or past the cap', async () => {
    expectErrorBody(await call('POST', `${BASE}/current/irrigations`, { date: '2024-04-30', amount: 10 }), 400);
    expectErrorBody(await call('POST', `${BASE}/current/irrigations`, { date: '2024-06-23', amount: 10 }), 400);
    expect((await call('POST', `${BASE}/current/irrigations`, { date: '2024-06-22', amount: 10 })).statusCode).toBe(201);
    expectErrorBody(await call('POST', `${BASE}/current/irrigations`, { date: '2024-06-01', amount: 0 }), 400);
    expectErrorBody(await call('POST', `${BASE}/current/irrigations`, { date: '2024-06-01', amount: 5, wettedFraction: 1.5 }), 400);
    expectErrorBody(await call('POST', `${BASE}/current/irrigations`, { date: 'June 1', amount: 5 }), 400);
    const held = ((await call('GET', `${BASE}/current/irrigations`)).json() as { irrigations: unknown[] }).irrigations.length;
    await t.store.handle.db
      .insertInto('irrigations')
      .values(Array.from({ length: MAX_IRRIGATIONS_PER_PLANTING - held }, () => ({ planting_id: plantingId, account_id: 1, date: '2024-05-15', amount_mm: 1, wetted_fraction: null, created_at: 0 })))
      .execute();
    const over = expectErrorBody(await call('POST', `${BASE}/current/irrigations`, { date: '2024-06-01', amount: 5 }), 409);
    expect(over.detailedMessage).toContain(`${MAX_IRRIGATIONS_PER_PLANTING}`);
  });

  it('answers 404 for another field, planting or account, and 400 for a bad planting id', async () => {
    expectErrorBody(await call('GET', '/v2/agronomics/fields/south/plantings/current/waterbalance/parameters'), 404);
    expectErrorBody(await call('GET', `${BASE}/999999/irrigations`), 404);
    expectErrorBody(await call('GET', `${BASE}/first/irrigations`), 400);
    const other = (await t.login('other')).auth;
    const answer = await t.app.inject({ method: 'GET', url: `${BASE}/${plantingId}/waterbalance/parameters`, headers: other });
    expectErrorBody(answer, 404);
  });
});
