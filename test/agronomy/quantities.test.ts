/**
 * Served numbers are rounded once, at presentation, to their quantity's decimals (one table:
 * src/agronomy/quantities.ts), after conversion into the request's units, half away from zero;
 * and no answer serves a number with more decimals than that (no `60.71666666666669`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenter, QUANTITIES, type QuantityName } from '../../src/agronomy/quantities.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('the rounding of a quantity', () => {
  it('rounds half away from zero, writes -0 as 0, and converts before rounding', () => {
    const temperature = presenter('temperature', 'metric');
    expect(temperature(21.005)).toBe(21.01);
    expect(temperature(-9.750000000000002)).toBe(-9.75);
    expect(temperature(-0.001)).toBe(0);
    expect(Object.is(temperature(-0.001), -0)).toBe(false);
    expect(presenter('temperature', 'usa')(20)).toBe(68);
    expect(presenter('temperature', 'usa')(21.8)).toBe(71.24);
    expect(presenter('depth', 'usa')(10)).toBe(0.394);
    expect(presenter('depth', 'metric')(60.71666666666669)).toBe(60.72);
    expect(presenter('speed', 'usa')(8)).toBe(17.9);
    expect(presenter('percent', 'metric')(99.998122)).toBe(100);
    expect(presenter('ratio', 'metric')(2 / 3)).toBe(0.667);
  });

  it('gives every quantity its decimals in both unit systems', () => {
    for (const name of Object.keys(QUANTITIES) as QuantityName[]) {
      for (const system of ['metric', 'usa'] as const) {
        const decimals = QUANTITIES[name].decimals(system);
        expect(Number.isInteger(decimals) && decimals >= 0 && decimals <= 3, `${name} ${system}`).toBe(true);
      }
    }
  });
});

/** Decimals of `value` as JSON writes it. */
function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e')) return 99;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The most decimals of any number in `value`. */
function mostDecimals(value: unknown): number {
  if (typeof value === 'number') return decimalsOf(value);
  if (Array.isArray(value)) return Math.max(0, ...value.map(mostDecimals));
  if (value !== null && typeof value === 'object') return Math.max(0, ...Object.values(value).map(mostDecimals));
  return 0;
}

describe('served answers', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, createSyntheticSource({ cacheSize: 64 }));
    auth = (await t.login('rounding', { enterprise: true })).auth;
  });
  afterAll(async () => t?.close());

  it('never hold a number with more decimals than a quantity allows, in JSON and CSV, in both unit systems', async () => {
    const paths = [
      '/v2/weather/locations/41.5,-93.5/observations/2024-05-01,2024-05-20',
      '/v2/weather/locations/41.5,-93.5/forecasts?blockSize=6',
      '/v2/weather/locations/41.5,-93.5/forecasts/2024-06-15?blockSize=1',
      '/v2/weather/locations/41.5,-93.5/norms/05-01,05-20',
      '/v2/agronomics/locations/41.5,-93.5/agronomicvalues/2024-05-01,2024-06-20',
      '/v2/agronomics/locations/41.5,-93.5/agronomicnorms/05-01,05-20',
    ];
    for (const path of paths) {
      for (const units of ['metric', 'usa']) {
        const url = `${path}${path.includes('?') ? '&' : '?'}units=${units}`;
        const json = await t.app.inject({ url, headers: auth });
        expect(json.statusCode, url).toBe(200);
        expect(mostDecimals(json.json()), url).toBeLessThanOrEqual(3);
        const csv = await t.app.inject({ url, headers: { ...auth, accept: 'text/csv' } });
        expect(csv.statusCode, url).toBe(200);
        for (const cell of csv.body.split(/[,\r\n]/)) {
          if (/^-?\d+\.\d+$/.test(cell)) expect(cell.split('.')[1]!.length, `${url}: ${cell}`).toBeLessThanOrEqual(3);
        }
      }
    }
  });
});
