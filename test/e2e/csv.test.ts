/**
 * CSV answers (`Accept: text/csv`) of observations, forecasts, weather norms, agronomic values and
 * agronomic norms, field and location forms, single day and ranged. Every CSV is read back with an
 * independent RFC 4180 parser (csv-parse) and each cell compared with the JSON answer's value at
 * the path its column names; JSON stays the answer for every other Accept.
 */
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeWeatherSource, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { createField, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

// The clock stands at 2024-06-15T12:00Z (15 June in Iowa).
const IOWA = { latitude: 41.5, longitude: -93.5 };
const CSV = { accept: 'text/csv' };

type Json = Record<string, unknown>;
/** The JSON objects a CSV row stands for, outermost first (a forecast block: the day, then the block). */
type Scopes = Json[];

const obj = (value: unknown) => value as Json;
const list = (value: unknown) => value as Json[];

interface Family {
  name: string;
  url: string;
  /** The JSON objects of each row, in answer order. */
  rows(json: Json): Scopes[];
  /** Names of the arrays that hold rows. */
  rowArrays: string[];
}

const F = '/v2/weather/fields/north';
const L = '/v2/weather/locations/41.5,-93.5';
const AF = '/v2/agronomics/fields/north';
const AL = '/v2/agronomics/locations/41.5,-93.5';

const single = (json: Json): Scopes[] => [[json]];
const blocksOfDay = (day: Json): Scopes[] => list(day.forecast).map((block) => [day, block]);
const entriesOf = (key: string) => (json: Json) => list(json[key]).map((entry): Scopes => [json, entry]);
const agronomicNormEntries = (json: Json) => list(json.dailyNorms ?? json.dailyAverages).map((entry): Scopes => [json, entry]);

const FAMILIES: Family[] = [
  { name: 'observations, field, one day', url: `${F}/observations/2024-06-01`, rows: single, rowArrays: [] },
  { name: 'observations, field, range', url: `${F}/observations/2024-06-01,2024-06-12`, rows: (j) => list(j.observations).map((o) => [o]), rowArrays: ['observations'] },
  { name: 'observations, location, one day', url: `${L}/observations/2024-06-01`, rows: single, rowArrays: [] },
  { name: 'observations, location, last 7 days', url: `${L}/observations`, rows: (j) => list(j.observations).map((o) => [o]), rowArrays: ['observations'] },
  { name: 'forecasts, field, one day', url: `${F}/forecasts/2024-06-16?blockSize=6`, rows: blocksOfDay, rowArrays: ['forecast'] },
  {
    name: 'forecasts, field, range, hourly',
    url: `${F}/forecasts/2024-06-16,2024-06-17`,
    rows: (j) => list(j.forecasts).flatMap(blocksOfDay),
    rowArrays: ['forecasts', 'forecast'],
  },
  { name: 'forecasts, location, one day', url: `${L}/forecasts/2024-06-17?blockSize=24`, rows: blocksOfDay, rowArrays: ['forecast'] },
  {
    name: 'forecasts, location, range',
    url: `${L}/forecasts/2024-06-15,2024-06-18?blockSize=3`,
    rows: (j) => list(j.forecasts).flatMap(blocksOfDay),
    rowArrays: ['forecasts', 'forecast'],
  },
  { name: 'weather norms, field, one day', url: `${F}/norms/06-01`, rows: single, rowArrays: [] },
  { name: 'weather norms, field, range', url: `${F}/norms/06-01,06-09`, rows: (j) => list(j.norms).map((n) => [n]), rowArrays: ['norms'] },
  { name: 'weather norms, location, one day', url: `${L}/norms/12-31/years/2015,2020`, rows: single, rowArrays: [] },
  { name: 'weather norms, location, range', url: `${L}/norms/12-30,01-02`, rows: (j) => list(j.norms).map((n) => [n]), rowArrays: ['norms'] },
  { name: 'agronomic values, field, one day', url: `${AF}/agronomicvalues/2024-06-01`, rows: single, rowArrays: [] },
  { name: 'agronomic values, field, range', url: `${AF}/agronomicvalues/2024-05-01,2024-05-20`, rows: entriesOf('dailyValues'), rowArrays: ['dailyValues'] },
  { name: 'agronomic values, location, one day', url: `${AL}/agronomicvalues/2024-06-18`, rows: single, rowArrays: [] },
  { name: 'agronomic values, location, range', url: `${AL}/agronomicvalues/2024-06-10,2024-06-20`, rows: entriesOf('dailyValues'), rowArrays: ['dailyValues'] },
  { name: 'agronomic norms, field, one day', url: `${AF}/agronomicnorms/06-01`, rows: single, rowArrays: [] },
  { name: 'agronomic norms, field, range', url: `${AF}/agronomicnorms/05-01,05-08`, rows: agronomicNormEntries, rowArrays: ['dailyNorms'] },
  { name: 'agronomic norms, location, one day', url: `${AL}/agronomicnorms/06-01`, rows: single, rowArrays: [] },
  { name: 'agronomic norms, location, range', url: `${AL}/agronomicnorms/05-01,05-08/years/2014,2020`, rows: agronomicNormEntries, rowArrays: ['dailyAverages'] },
];

function readCsv(response: LightMyRequestResponse): { header: string[]; rows: string[][] } {
  const [header, ...rows] = parse(response.body) as string[][];
  return { header: header!, rows };
}

/** `temperatures.max (C)` → path ['temperatures', 'max'] and unit 'C'. */
function column(name: string): { path: string[]; unit: string | null } {
  const match = /^(.*?)(?: \(([^()]+)\))?$/.exec(name)!;
  return { path: match[1]!.split('.'), unit: match[2] ?? null };
}

/** The leaf paths of the JSON a row stands for (no `_links`, no `units`, not the row arrays). */
function leafPaths(scopes: Scopes, rowArrays: string[]): string[] {
  const paths: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '_links' || key === 'units') continue;
        walk(child, path === '' ? key : `${path}.${key}`);
      }
    } else paths.push(path);
  };
  for (const scope of scopes) {
    for (const [key, value] of Object.entries(scope)) {
      if (key === '_links' || key === 'units' || rowArrays.includes(key)) continue;
      walk(value, key);
    }
  }
  return paths;
}

/** Each CSV cell equals the JSON value at the path its column names, with the unit the JSON states. */
function expectSameValues(csv: LightMyRequestResponse, json: Json, family: Family) {
  const { header, rows } = readCsv(csv);
  const expected = family.rows(json);
  expect(rows).toHaveLength(expected.length);
  expect(header.map((name) => column(name).path.join('.')).sort()).toEqual(leafPaths(expected[0]!, family.rowArrays).sort());
  rows.forEach((row, i) => {
    expect(row).toHaveLength(header.length);
    header.forEach((name, j) => {
      const { path, unit } = column(name);
      const scope = [...expected[i]!].reverse().find((s) => path[0]! in s)!;
      let parent: unknown = null;
      let value: unknown = scope;
      for (const key of path) {
        parent = value;
        value = (value as Json)[key];
      }
      if (unit !== null) expect((parent as Json).units, name).toBe(unit);
      const cell = row[j]!;
      if (value === null) expect(cell, name).toBe('');
      else if (typeof value === 'number') expect(Number(cell), name).toBe(value);
      else expect(cell, name).toBe(String(value));
    });
  });
}

describe('CSV answers', () => {
  let t: TestApp;
  let weather: FakeWeatherSource;
  let auth: Record<string, string>;

  beforeAll(async () => {
    weather = createFakeWeatherSource();
    // A source that names a revision: answers are kept, so the tests also see kept answers.
    weather.revision = async () => 'r1';
    t = await createTestApp('sqlite', {}, weather);
    auth = (await t.login('acme', { enterprise: true })).auth;
    await createField(t, auth, 'north', IOWA);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });

  it.each(FAMILIES.map((family) => [family.name, family] as const))('%s: the same values as the JSON answer, with its headers', async (_, family) => {
    const json = await get(family.url);
    expect(json.statusCode).toBe(200);
    const csv = await get(family.url, CSV);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers.vary).toBe('Accept');
    expect(csv.headers['x-data-source']).toBe(json.headers['x-data-source']);
    expect(csv.headers['content-range']).toBe(json.headers['content-range']);
    expect(csv.body.endsWith('\r\n')).toBe(true);
    expect(csv.body).not.toContain('_links');
    expect(csv.body).not.toContain('href');
    expectSameValues(csv, json.json(), family);
    // The kept answer is the same.
    const again = await get(family.url, CSV);
    expect(again.body).toBe(csv.body);
    expect(again.headers['content-type']).toBe(csv.headers['content-type']);
  });

  it('writes the documented header for a field: leaf names joined with dots, units in parentheses', async () => {
    const { header, rows } = readCsv(await get(`${F}/observations/2024-06-01,2024-06-03`, CSV));
    expect(header.join(',')).toBe(
      'date,location.latitude,location.longitude,location.fieldId,temperatures.max (C),temperatures.min (C),precipitation.amount (mm),' +
        'solar.amount (Wh/m^2),relativeHumidity.max,relativeHumidity.min,wind.morningMax (m/sec),wind.dayMax (m/sec),wind.average (m/sec)',
    );
    // The fake's 2024-06-02: tmax 20+14+0.02, tmin 10+7, precipitation 6, solar 5002, rhMin 54.
    expect(rows[1]!.slice(0, 9)).toEqual(['2024-06-02', '41.5', '-93.5', 'north', '34.02', '17', '6', '5002', '90']);
    expect(rows[1]![9]).toBe('54');
  });

  it('names the units of units=usa in the header', async () => {
    const observations = readCsv(await get(`${L}/observations/2024-06-01?units=usa`, CSV));
    expect(observations.header).toContain('temperatures.max (F)');
    expect(observations.header).toContain('precipitation.amount (in)');
    expect(observations.header).toContain('wind.average (mph)');
    expect(observations.rows[0]![observations.header.indexOf('temperatures.min (F)')]).toBe(String((17 * 9) / 5 + 32));
    const values = readCsv(await get(`${AL}/agronomicvalues/2024-06-01,2024-06-02?units=usa`, CSV));
    expect(values.header).toContain('pet.amount (in)');
    expect(values.header).toContain('accumulatedPrecipitation.amount (in)');
    // The chance of rain is a percentage, not inches.
    const forecast = readCsv(await get(`${F}/forecasts/2024-06-16?units=usa`, CSV));
    expect(forecast.header).toContain('precipitation.chance');
    expect(forecast.header).toContain('precipitation.amount (in)');
    expect(forecast.header).toContain('temperatures.value (F)');
  });

  it('lets properties choose the columns, as it chooses the JSON properties', async () => {
    const observations = readCsv(await get(`${F}/observations/2024-06-01,2024-06-02?properties=temperatures`, CSV));
    expect(observations.header).toEqual(['date', 'temperatures.max (C)', 'temperatures.min (C)']);
    expect(observations.rows).toHaveLength(2);
    const values = readCsv(await get(`${AF}/agronomicvalues/2024-06-01,2024-06-03?properties=gdd,pet`, CSV));
    expect(values.header).toEqual(['date', 'gdd', 'pet.amount (mm)']);
    expect(values.rows.map((row) => row[0])).toEqual(['2024-06-01', '2024-06-02', '2024-06-03']);
    // averageWind cannot be chosen away (see WEATHER_NORM_PROPERTIES): it stays, as in JSON.
    const norms = readCsv(await get(`${F}/norms/06-01,06-02?properties=maxTemp`, CSV));
    expect(norms.header).toEqual(['day', 'maxTemp.average (C)', 'maxTemp.stdDev (C)', 'averageWind.average (m/sec)', 'averageWind.stdDev (m/sec)']);
  });

  it('pages as JSON does: Content-Range, and next/prev in a Link header', async () => {
    const url = `${F}/observations/2024-06-01,2024-06-12?limit=4&offset=4`;
    const json = await get(url);
    const csv = await get(url, CSV);
    expect(csv.headers['content-range']).toBe('4-7/12 fields');
    expect(csv.headers['content-range']).toBe(json.headers['content-range']);
    const links = json.json()._links as Record<string, { href: string }>;
    expect(csv.headers.link).toBe(`<${links.next!.href}>; rel="next", <${links.prev!.href}>; rel="prev"`);
    expect(readCsv(csv).rows.map((row) => row[0])).toEqual(['2024-06-05', '2024-06-06', '2024-06-07', '2024-06-08']);
    const last = await get(`${L}/observations/2024-06-01,2024-06-12?limit=4&offset=8`, CSV);
    expect(last.headers['content-range']).toBe('observations 8-11/12');
    expect(last.headers.link).toBe(`<${links.prev!.href.replace(F, L).replace('offset=0', 'offset=4')}>; rel="prev"`);
    expect((await get(`${F}/observations/2024-06-01,2024-06-12?limit=4&offset=20`, CSV)).statusCode).toBe(416);
  });

  it('quotes text holding commas (RFC 4180)', async () => {
    const csv = await get(`${F}/forecasts/2024-06-16?blockSize=6`, CSV);
    const json = (await get(`${F}/forecasts/2024-06-16?blockSize=6`)).json() as Json;
    const texts = list(json.forecast).map((block) => String(block.conditionsText));
    const withComma = texts.find((text) => text.includes(','));
    expect(withComma).toBeDefined();
    expect(csv.body).toContain(`,"${withComma}",`);
    const { header, rows } = readCsv(csv);
    expect(rows.map((row) => row[header.indexOf('conditionsText')])).toEqual(texts);
  });

  it('neutralises a field id a spreadsheet would take for a formula, and leaves negative numbers numbers', async () => {
    await createField(t, auth, '-A1', IOWA);
    for (const url of ['/v2/weather/fields/-A1/observations/2024-06-01,2024-06-02', '/v2/agronomics/fields/-A1/agronomicvalues/2024-06-01,2024-06-02']) {
      const csv = await get(url, CSV);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.split('\r\n');
      for (const line of lines.slice(1, 3)) expect(line).toContain(`41.5,-93.5,"'-A1",`);
      const { header, rows } = readCsv(csv);
      expect(rows.map((row) => row[header.indexOf('location.fieldId')])).toEqual(["'-A1", "'-A1"]);
      expect(rows.map((row) => Number(row[header.indexOf('location.longitude')]))).toEqual([-93.5, -93.5]);
    }
  });

  it('streams a long range: every day once, in order, and the same as JSON', async () => {
    // 2022-01-01 through 2024-06-14: 896 days of agronomic values (no paging); norms of every
    // calendar day (29 February included) over the previous 10 years.
    const url = `${AL}/agronomicvalues/2022-01-01,2024-06-14`;
    const csv = await get(url, CSV);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['transfer-encoding']).toBe('chunked');
    expect(csv.headers['content-length']).toBeUndefined();
    // More than one piece of about 64 kB.
    expect(csv.body.length).toBeGreaterThan(64 * 1024);
    const { header, rows } = readCsv(csv);
    expect(rows).toHaveLength(896);
    const dates = rows.map((row) => row[header.indexOf('date')]);
    expect(dates[0]).toBe('2022-01-01');
    expect(dates[895]).toBe('2024-06-14');
    expect(new Set(dates).size).toBe(896);
    expectSameValues(csv, (await get(url)).json(), FAMILIES.find((f) => f.name === 'agronomic values, location, range')!);

    const norms = readCsv(await get(`${L}/norms/01-01,12-31`, CSV));
    expect(norms.rows).toHaveLength(366);
    expect(norms.rows[59]![0]).toBe('02-29');
    expect(norms.rows[365]![0]).toBe('12-31');
  });

  it('never sends a kept JSON answer to a CSV request, nor the other way round', async () => {
    const url = `${F}/observations/2024-05-01,2024-05-05`;
    const json = await get(url);
    const calls = weather.dailyCalls.length;
    const csv = await get(url, CSV);
    expect(weather.dailyCalls.length).toBe(calls + 1);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const jsonAgain = await get(url);
    const csvAgain = await get(url, CSV);
    expect(weather.dailyCalls.length).toBe(calls + 1);
    expect(jsonAgain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(jsonAgain.body).toBe(json.body);
    expect(csvAgain.body).toBe(csv.body);
    expect(() => JSON.parse(csvAgain.body)).toThrow();
  });

  it('answers JSON, as before, without Accept, for */*, application/json, JSON preferred, or a type it does not offer', async () => {
    const url = `${F}/observations/2024-06-01,2024-06-03`;
    const plain = await get(url);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(plain.json())).toEqual(['observations', '_links']);
    for (const accept of ['*/*', 'application/json', 'application/json, text/csv;q=0.5', 'application/xml', 'text/html,*/*;q=0.8', 'text/csv;q=0']) {
      const response = await get(url, { accept });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      expect(response.body, accept).toBe(plain.body);
    }
    for (const accept of ['text/csv, application/json;q=0.9', 'text/*', 'text/csv; charset=utf-8']) {
      expect((await get(url, { accept })).headers['content-type'], accept).toBe('text/csv; charset=utf-8');
    }
    // Resources without CSV ignore it.
    const fields = await get('/v2/fields', CSV);
    expect(fields.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fields.headers.vary).toBeUndefined();
  });

  it('keeps errors as JSON error bodies', async () => {
    expectErrorBody(await get('/v2/weather/fields/nowhere/observations/2024-06-01', CSV), 404);
    expectErrorBody(await get(`${F}/observations/2024-13-01`, CSV), 400);
    expectErrorBody(await get(`${F}/observations/2024-06-01?properties=nothing`, CSV), 400);
    expectErrorBody(await get(`${AF}/agronomicvalues`, CSV), 400);
  });

  it('answers HEAD with the CSV headers and no body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: `${L}/norms/06-01,06-05`, headers: { ...auth, ...CSV } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('documents text/csv beside JSON in OpenAPI on these routes only', async () => {
    const paths = (await t.app.inject({ url: '/openapi.json' })).json().paths as Record<string, Record<string, { responses: Record<string, { content: Json }> }>>;
    for (const path of [
      '/v2/weather/fields/{fieldId}/observations/{dates}',
      '/v2/weather/locations/{coordinates}/forecasts',
      '/v2/weather/fields/{fieldId}/norms/{days}/years/{years}',
      '/v2/agronomics/locations/{coordinates}/agronomicvalues/{dates}',
      '/v2/agronomics/fields/{fieldId}/agronomicnorms',
    ]) {
      const content = paths[path]!.get!.responses['200']!.content;
      expect(Object.keys(content), path).toEqual(['application/json', 'text/csv']);
      expect(JSON.stringify(obj(content['application/json']).schema), path).toContain('"latitude"');
      expect(obj(obj(content['text/csv']).schema).type, path).toBe('string');
    }
    expect(Object.keys(paths['/v2/fields']!.get!.responses['200']!.content)).toEqual(['application/json']);
  });
});
