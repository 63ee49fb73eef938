/**
 * Whole ranges and deep history: a CSV download of a date range is the whole range in one answer
 * (JSON keeps its pages), a range is at most 50 years, `AGWX_OBSERVED_HISTORY` sets how far back
 * observations and agronomic values reach (30 months by default, `unlimited` to the first date
 * of the sources), and crop-model weather files reach back as far as the sources hold.
 */
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { createField, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

// The clock stands at 2024-06-15T12:00Z (15 June in Iowa).
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CSV = { accept: 'text/csv' };

type Get = (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

async function appWith(env: Record<string, string>): Promise<{ t: TestApp; get: Get }> {
  const t = await createTestApp('sqlite', env, createFakeWeatherSource());
  // An ordinary (not enterprise) account: its JSON pages are the spec's smallest.
  const { auth } = await t.login('acme');
  await createField(t, auth, 'north', IOWA);
  return { t, get: (url, headers = {}) => t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } }) };
}

describe('whole ranges, default history (30 months)', () => {
  let t: TestApp;
  let get: Get;
  beforeAll(async () => ({ t, get } = await appWith({})));
  afterAll(async () => t.close());

  it('answers six months of observations as one CSV, and JSON by pages', async () => {
    const url = '/v2/weather/fields/north/observations/2023-12-01,2024-05-31';
    const json = await get(url);
    expect(json.statusCode).toBe(200);
    const page = json.json() as { observations: unknown[]; _links: { next?: unknown } };
    expect(page.observations.length).toBeLessThan(183);
    expect(page._links.next).toBeDefined();

    const csv = await get(url, CSV);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(183);
    expect(rows[0]!.date).toBe('2023-12-01');
    expect(rows.at(-1)!.date).toBe('2024-05-31');
    expect(csv.headers['content-range']).toBe('0-182/183 fields');
    expect(csv.headers.link).toBeUndefined();
  });

  it('still pages a CSV that names a limit or an offset', async () => {
    const csv = await get('/v2/weather/fields/north/observations/2023-12-01,2024-05-31?limit=5&offset=10', CSV);
    expect(csv.statusCode).toBe(200);
    expect(parse(csv.body, { columns: true })).toHaveLength(5);
    expect(csv.headers.link).toContain('rel="next"');
  });

  it('refuses observations before the 30 months, naming the rule and the setting that widens it', async () => {
    const body = expectErrorBody(await get('/v2/weather/fields/north/observations/2021-12-01,2021-12-31'), 400);
    expect(body.detailedMessage).toContain('at most 30 months back');
    expect(body.detailedMessage).toContain('2021-12-15');
    expectErrorBody(await get('/v2/agronomics/fields/north/agronomicvalues/2020-01-01,2020-01-31'), 400);
  });

  it('exports crop-model weather files from long before the 30 months', async () => {
    const file = await get('/v2/weather/fields/north/exports/dssat/2001-01-01,2001-12-31');
    expect(file.statusCode).toBe(200);
    const days = file.body.split('\n').filter((line) => /^\s*(2001|01)\d{3}\s/.test(line));
    expect(days).toHaveLength(365);
  });

  it('refuses a range longer than 50 years, naming the latest end allowed', async () => {
    const body = expectErrorBody(await get('/v2/weather/fields/north/exports/dssat/1950-01-01,2000-01-01'), 400);
    expect(body.detailedMessage).toContain('at most 50 years');
    expect(body.detailedMessage).toContain('1999-12-31');
    expect((await get('/v2/weather/fields/north/exports/apsim/1950-01-01,1999-12-31')).statusCode).toBe(200);
  });
});

describe('AGWX_OBSERVED_HISTORY=unlimited', () => {
  let t: TestApp;
  let get: Get;
  beforeAll(async () => ({ t, get } = await appWith({ AGWX_OBSERVED_HISTORY: 'unlimited' })));
  afterAll(async () => t.close());

  it('answers observations and agronomic values of any year the sources hold, from 1900', async () => {
    const csv = await get('/v2/weather/fields/north/observations/1990-01-01,1990-12-31', CSV);
    expect(csv.statusCode).toBe(200);
    expect(parse(csv.body, { columns: true })).toHaveLength(365);
    const values = await get('/v2/agronomics/fields/north/agronomicvalues/1995-05-01,1995-05-10');
    expect(values.statusCode).toBe(200);
    expect((values.json() as { dailyValues: unknown[] }).dailyValues).toHaveLength(10);
    const body = expectErrorBody(await get('/v2/weather/fields/north/observations/1899-12-31'), 400);
    expect(body.detailedMessage).toContain('from 1900-01-01 on');
  });
});

describe('AGWX_OBSERVED_HISTORY', () => {
  it('takes a number of months', async () => {
    const { t, get } = await appWith({ AGWX_OBSERVED_HISTORY: '120' });
    try {
      expect((await get('/v2/weather/fields/north/observations/2014-07-01')).statusCode).toBe(200);
      expect(expectErrorBody(await get('/v2/weather/fields/north/observations/2014-06-01'), 400).detailedMessage).toContain('at most 120 months back');
    } finally {
      await t.close();
    }
  });

  it.each(['0', '-3', '12.5', 'forever', '1501'])('stops the start on %s with one clear line', (value) => {
    expect(() => loadConfig({ AGWX_OBSERVED_HISTORY: value })).toThrow(/AGWX_OBSERVED_HISTORY must be a number of months from 1 to 1500, or 'unlimited'/);
  });
});
