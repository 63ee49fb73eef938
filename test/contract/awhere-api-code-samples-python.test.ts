/**
 * Contract of the service's own Python sample client, class `AWhereAPI` in
 * github.com/aWhereAPI/API-Code-Samples python/header.py @83549b0 (driven by python/awhere_demo.py).
 * Each request is built as the named method builds it with python-requests, and each assertion
 * checks what the method then reads (`response.json()['access_token']`, `responseJSON["fields"]`,
 * `field["name"]`, `response.status_code == 201`). docs/compatibility.md lists the results.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { base64, body, type ClientSession, openClientSession, PYTHON_REQUESTS_HEADERS, pythonJsonDumps } from './client-session.js';

let s: ClientSession;
let authToken: string;

function send(method: string, url: string, headers: Record<string, string> = {}, payload?: string) {
  return s.t.app.inject({ method: method as 'GET', url, headers: { ...PYTHON_REQUESTS_HEADERS, ...headers }, payload });
}

/** get_oauth_token(encoded_key_secret): Basic {base64(key:secret)}, form Content-Type, data="grant_type=client_credentials". */
async function getOauthToken(): Promise<string> {
  const encoded = base64(`${s.key}:${s.secret}`); // encode_secret_and_key
  const response = await send(
    'POST',
    '/oauth/token',
    { Authorization: `Basic ${encoded}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    'grant_type=client_credentials',
  );
  const token = body(response).access_token; // response.json()['access_token'] raises KeyError when absent
  expect(typeof token).toBe('string');
  return token as string;
}

/** create_test_field(): its fixed body with json=, success only when the status is exactly 201. */
async function createTestField(id: string) {
  const response = await send('POST', '/v2/fields', { Authorization: `Bearer ${authToken}`, 'Content-Type': 'application/json' }, pythonJsonDumps({
    id,
    name: id,
    farmId: 'Farm1Test',
    centerPoint: { latitude: 39.82, longitude: -98.56 },
    acres: 100,
  }));
  expect(response.statusCode, response.body).toBe(201);
  expect(body(response)).toMatchObject({ id, name: id, farmId: 'Farm1Test', acres: 100 }); // pprint(response.json())
}

beforeEach(async () => {
  s = await openClientSession();
  authToken = await getOauthToken(); // AWhereAPI.__init__
});
afterEach(async () => s.t.close());

describe('API-Code-Samples python/header.py AWhereAPI', () => {
  it('__init__ → get_oauth_token: access_token in the JSON answer', () => {
    expect(authToken.length).toBeGreaterThan(10);
  });

  it("create_test_field(): POST https://…/v2/fields with {'id': 'TestField-NNN', 'name', 'farmId', 'centerPoint', 'acres'} answers 201", async () => {
    await createTestField('TestField-417');
  });

  it('get_fields(): GET /v2/fields, then len(responseJSON["fields"]) and field["name"], field["id"] of each', async () => {
    await createTestField('TestField-1');
    await createTestField('TestField-2');
    const response = await send('GET', '/v2/fields', { Authorization: `Bearer ${authToken}` });
    expect(response.statusCode).toBe(200);
    const fields = body(response).fields as Record<string, unknown>[];
    expect(fields.map((field) => [field.name, field.id]).sort()).toEqual([
      ['TestField-1', 'TestField-1'],
      ['TestField-2', 'TestField-2'],
    ]);
  });

  it('delete_field_by_id(id): DELETE /v2/fields/{id} with Content-Type: application/json and no body', async () => {
    await createTestField('TestField-9');
    const response = await send('DELETE', '/v2/fields/TestField-9', {
      Authorization: `Bearer ${authToken}`,
      'Content-Type': 'application/json',
      'Content-Length': '0',
    }, '');
    expect([200, 204], response.body).toContain(response.statusCode);
    expect((await send('GET', '/v2/fields/TestField-9', { Authorization: `Bearer ${authToken}` })).statusCode).toBe(404);
  });

  it('get_weather_by_id(id): GET .../forecasts?blockSize=24, .../norms/04-04 and .../observations, each printed as JSON', async () => {
    await createTestField('TestField-5');
    const auth = { Authorization: `Bearer ${authToken}` };
    const forecasts = await send('GET', '/v2/weather/fields/TestField-5/forecasts?blockSize=24', auth);
    expect(forecasts.statusCode, forecasts.body).toBe(200);
    expect((body(forecasts).forecasts as unknown[]).length).toBe(8); // today plus 7 days, the default page of 8
    const norms = await send('GET', '/v2/weather/fields/TestField-5/norms/04-04', auth);
    expect(norms.statusCode, norms.body).toBe(200);
    expect(body(norms).day).toBe('04-04');
    const observations = await send('GET', '/v2/weather/fields/TestField-5/observations', auth);
    expect(observations.statusCode, observations.body).toBe(200);
    expect((body(observations).observations as unknown[]).length).toBe(7);
  });
});
