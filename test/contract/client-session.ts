/**
 * What the contract tests share: a fresh app per test (so that one test's token requests never
 * count against another's), the default headers each HTTP stack of the published clients adds to
 * every request, and small stand-ins for the ways the clients unpack JSON (pandas
 * `json_normalize`, R `rbind` by position).
 */
import type { LightMyRequestResponse } from 'fastify';
import { createFakeWeatherSource, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** What python-requests 2.x sends on every request besides the caller's headers. */
export const PYTHON_REQUESTS_HEADERS: Record<string, string> = {
  'user-agent': 'python-requests/2.23.0',
  'accept-encoding': 'gzip, deflate',
  accept: '*/*',
  connection: 'keep-alive',
};

/** What R httr 1.4 (over libcurl) sends on every request besides the caller's headers. */
export const HTTR_HEADERS: Record<string, string> = {
  'user-agent': 'libcurl/7.64.1 r-curl/4.3 httr/1.4.1',
  'accept-encoding': 'deflate, gzip',
  accept: 'application/json, text/xml, application/xml, */*',
};

export interface ClientSession {
  t: TestApp;
  weather: FakeWeatherSource;
  /** A key and secret of an ordinary account, as a client is configured with them. */
  key: string;
  secret: string;
  /** The same for an enterprise account. */
  enterpriseKey: string;
  enterpriseSecret: string;
}

/** A fresh app over the fake weather source, with one ordinary and one enterprise key. */
export async function openClientSession(): Promise<ClientSession> {
  const weather = createFakeWeatherSource();
  const t = await createTestApp('sqlite', {}, weather);
  const ordinary = await t.login('acme');
  const enterprise = await t.login('bigco', { enterprise: true });
  return {
    t,
    weather,
    key: ordinary.key.key,
    secret: ordinary.key.secret,
    enterpriseKey: enterprise.key.key,
    enterpriseSecret: enterprise.key.secret,
  };
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Python's `json.dumps` with its default separators (", " and ": "), as `requests(json=...)` sends it. */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJsonDumps(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/**
 * pandas `json_normalize` of one record: nested objects become dotted column names, lists and
 * scalars (null included) stay as values. A `null` group stays one column (`yield`), which is
 * why clients that rename `yield.amount` need the group's shape.
 */
export function jsonNormalize(record: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = prefix + key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(columns, jsonNormalize(value as Record<string, unknown>, `${name}.`));
    } else {
      columns[name] = value;
    }
  }
  return columns;
}

/** R's `rbind` of a parsed JSON object keeps its members in order; clients then pick columns by position. */
export function byPosition(record: Record<string, unknown>, positions: number[]): string[] {
  const keys = Object.keys(record);
  return positions.map((p) => keys[p - 1] ?? '(missing)');
}

export function body(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json() as Record<string, unknown>;
}
