/**
 * Contract of the Python client `awherepy` (github.com/calekochenour/awherepy, package files
 * awherepy/__init__.py @25df573, fields.py @1fdd7e0, plantings.py @140003e, crops.py @44158ec,
 * models.py @621633e, agronomics.py @1cf953d, weather.py @054318f). Every request below is built
 * the way the named function builds it (python-requests: `rq.get(url, headers=...)`,
 * `rq.post(url, headers=..., json=...)`), and every assertion checks what that function then
 * reads from the answer (`response.json()`, `json_normalize`, `set_index`, `drop(columns=...)`).
 * docs/compatibility.md lists the results.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  base64,
  body,
  type ClientSession,
  jsonNormalize,
  openClientSession,
  PYTHON_REQUESTS_HEADERS,
  pythonJsonDumps,
} from './client-session.js';

// The clock stands at 2024-06-15T12:00Z (08:00 in Vermont).
const VT = { latitude: 43.1636875, longitude: -73.0723269 };
// The clients' default location, Bear Lake CO, passed as (longitude, latitude) = (-105.648222, 40.313250)
// and formatted by f"{location[1]},{location[0]}": Python prints 40.313250 as 40.31325.
const BEAR_LAKE = '40.31325,-105.648222';
const BEAR_LAKE_NUMBERS = { latitude: 40.31325, longitude: -105.648222 };
const MANCHESTER = '43.1636875,-73.0723269';

let s: ClientSession;
beforeEach(async () => {
  s = await openClientSession();
});
afterEach(async () => s.t.close());

type Headers = Record<string, string>;

function send(method: string, url: string, headers: Headers = {}, payload?: string) {
  return s.t.app.inject({ method: method as 'GET', url, headers: { ...PYTHON_REQUESTS_HEADERS, ...headers }, payload });
}

/** `rq.post(url, headers=..., json=body)`: requests serialises with json.dumps and adds the JSON Content-Type. */
function sendJson(method: string, url: string, headers: Headers, value: unknown) {
  return send(method, url, { 'content-type': 'application/json', ...headers }, pythonJsonDumps(value));
}

/** __init__.py get_oauth_token(key, secret): POST with Basic key:secret and the form body; reads .get("access_token"). */
async function getOauthToken(key = s.key, secret = s.secret): Promise<unknown> {
  const response = await send(
    'POST',
    '/oauth/token',
    { Authorization: `Basic ${base64(`${key}:${secret}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    'grant_type=client_credentials',
  );
  return body(response).access_token;
}

/** Every public function first calls valid_credentials (one token) and then get_oauth_token (another). */
async function bearer(key = s.key, secret = s.secret): Promise<Headers> {
  expect(typeof (await getOauthToken(key, secret))).toBe('string');
  const token = await getOauthToken(key, secret);
  expect(typeof token).toBe('string');
  return { Authorization: `Bearer ${token}` };
}

/** fields.py create_field: the body it builds from field_info, sent with json=. */
async function createField(fieldId: string, extra: { name?: string | null; acres?: number | null } = {}, point = VT) {
  const auth = await bearer();
  const response = await sendJson('POST', '/v2/fields', { ...auth, 'Content-Type': 'application/json' }, {
    id: fieldId,
    name: extra.name ?? null,
    farmId: 'Manchester-Farm',
    centerPoint: { latitude: point.latitude, longitude: point.longitude },
    acres: extra.acres ?? null,
  });
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, response.body).toBeLessThan(300); // response.ok
}

/** plantings.py create_planting: the full body with None for everything not given. */
async function createPlanting(fieldId: string, crop: string, plantingDate: string, more: Record<string, unknown> = {}) {
  const auth = await bearer();
  return sendJson('POST', `/v2/agronomics/fields/${fieldId}/plantings`, { ...auth, 'Content-Type': 'application/json' }, {
    crop,
    plantingDate,
    projections: {
      yield: { amount: more.projected_yield_amount ?? null, units: more.projected_yield_units ?? null },
      harvestDate: more.projected_harvest_date ?? null,
    },
    yield: { amount: more.yield_amount ?? null, units: more.yield_units ?? null },
    harvestDate: more.harvest_date ?? null,
  });
}

function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('awherepy __init__.py', () => {
  it('get_oauth_token: Basic key:secret + grant_type=client_credentials form body answers access_token', async () => {
    const token = await getOauthToken();
    expect(typeof token).toBe('string');
    expect((token as string).length).toBeGreaterThan(10);
  });

  it('valid_credentials: a wrong secret answers JSON without access_token (the client reads None)', async () => {
    const response = await send(
      'POST',
      '/oauth/token',
      { Authorization: `Basic ${base64(`${s.key}:wrong`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    expect(response.statusCode).toBe(401);
    expect(body(response).access_token).toBeUndefined();
  });

  it('a script of ordinary calls asks for two tokens per call: 40 token requests in a minute all succeed', async () => {
    // Every awherepy function calls valid_credentials() and get_oauth_token(), and some call
    // get_field() first, so twenty calls in a loop ask for forty tokens within a minute. The spec:
    // "The number of tokens requested is not limited".
    for (let i = 0; i < 40; i += 1) {
      expect(typeof (await getOauthToken()), `token request ${i + 1}`).toBe('string');
    }
  });
});

describe('awherepy fields.py', () => {
  it('get_field(): GET /v2/fields?limit=10&offset=0, json_normalize(response["fields"]) indexed by id with centerPoint columns', async () => {
    await createField('VT-Manchester', { name: 'Manchester-Field', acres: 1 });
    await createField('VT-Second');
    const response = await send('GET', '/v2/fields?limit=10&offset=0', await bearer());
    expect(response.statusCode).toBe(200);
    const fields = body(response).fields as Record<string, unknown>[];
    expect(fields.map((f) => f.id).sort()).toEqual(['VT-Manchester', 'VT-Second']);
    for (const field of fields) {
      const row = jsonNormalize(field);
      expect(typeof row['centerPoint.longitude']).toBe('number');
      expect(typeof row['centerPoint.latitude']).toBe('number');
      // Renamed columns: name, acres, farmId, id.
      for (const column of ['name', 'acres', 'farmId', 'id']) expect(row).toHaveProperty(column);
    }
    const first = jsonNormalize(fields.find((f) => f.id === 'VT-Manchester')!);
    expect(first).toMatchObject({ name: 'Manchester-Field', acres: 1, farmId: 'Manchester-Farm', 'centerPoint.latitude': VT.latitude });
  });

  it("get_field(kwargs={'field_id': ...}): GET /v2/fields/{id}, json_normalize(response)", async () => {
    await createField('VT-Manchester');
    const response = await send('GET', '/v2/fields/VT-Manchester', await bearer());
    expect(response.statusCode).toBe(200);
    const row = jsonNormalize(body(response));
    expect(row).toMatchObject({ id: 'VT-Manchester', 'centerPoint.latitude': VT.latitude, 'centerPoint.longitude': VT.longitude });
  });

  it('create_field: POST /v2/fields with json= body {id, name, farmId, centerPoint, acres} (None as null) is accepted', async () => {
    await createField('VT-Existing'); // create_field first lists the fields; an empty list breaks the client itself
    const auth = await bearer();
    const response = await sendJson('POST', '/v2/fields', { ...auth, 'Content-Type': 'application/json' }, {
      id: 'VT-Manchester',
      name: 'Manchester-Field',
      farmId: 'Manchester-Farm',
      centerPoint: { latitude: 43.1636875, longitude: -73.0723269 },
      acres: 1,
    });
    expectOk(response);
    const stored = body(await send('GET', '/v2/fields/VT-Manchester', await bearer()));
    expect(stored).toMatchObject({ name: 'Manchester-Field', acres: 1, farmId: 'Manchester-Farm' });
  });

  it('update_field: PATCH /v2/fields/{id} with json=[replace /name, replace /farmId]', async () => {
    await createField('VT-Manchester');
    const auth = await bearer();
    const response = await sendJson('PATCH', '/v2/fields/VT-Manchester', auth, [
      { op: 'replace', path: '/name', value: 'Manchester-Field-Update' },
      { op: 'replace', path: '/farmId', value: 'Manchester-Farm-Update' },
    ]);
    expectOk(response);
    const stored = body(await send('GET', '/v2/fields/VT-Manchester', await bearer()));
    expect(stored).toMatchObject({ name: 'Manchester-Field-Update', farmId: 'Manchester-Farm-Update' });
  });

  it('delete_field: DELETE /v2/fields/{id} with Content-Type: application/json and an empty body deletes it', async () => {
    await createField('VT-Manchester');
    const auth = await bearer();
    // rq.delete(url, headers={Authorization, Content-Type: application/json}): no body, Content-Length: 0.
    const response = await send('DELETE', '/v2/fields/VT-Manchester', { ...auth, 'Content-Type': 'application/json', 'Content-Length': '0' }, '');
    expectOk(response);
    expect((await send('GET', '/v2/fields/VT-Manchester', await bearer())).statusCode).toBe(404);
  });
});

describe('awherepy plantings.py', () => {
  beforeEach(async () => {
    await createField('VT-Manchester');
  });

  /** What get_plantings reads: json_normalize, then the rename map's dotted columns, then set_index("planting_id"). */
  function expectPlantingColumns(planting: Record<string, unknown>) {
    const row = jsonNormalize(planting);
    for (const column of [
      'id',
      'crop',
      'field',
      'plantingDate',
      'harvestDate',
      'yield.amount',
      'yield.units',
      'projections.yield.amount',
      'projections.yield.units',
      'projections.harvestDate',
    ]) {
      expect(row, `column ${column}`).toHaveProperty(column);
    }
    return row;
  }

  it('create_planting: POST .../fields/{id}/plantings with the full body, null leaves in the groups', async () => {
    const response = await createPlanting('VT-Manchester', 'potato-generic', '2024-05-01', {
      projected_harvest_date: '2024-09-30',
      projected_yield_amount: 200,
      projected_yield_units: 'boxes',
    });
    expectOk(response);
    // Then get_plantings(kwargs={"field_id": None, "planting_id": "current"}): GET /v2/agronomics/plantings/current.
    const current = await send('GET', '/v2/agronomics/plantings/current', await bearer());
    expect(current.statusCode).toBe(200);
    const plantings = body(current).plantings as Record<string, unknown>[];
    expect(plantings).toHaveLength(1);
    expect(expectPlantingColumns(plantings[0]!)).toMatchObject({
      crop: 'potato-generic',
      field: 'VT-Manchester',
      plantingDate: '2024-05-01',
      'projections.yield.amount': 200,
      'projections.yield.units': 'boxes',
      'projections.harvestDate': '2024-09-30',
      'yield.amount': null,
      'yield.units': null,
      harvestDate: null,
    });
  });

  it('get_plantings(): GET /v2/agronomics/plantings?limit=10&offset=0, json_normalize(plantings) with group columns', async () => {
    expectOk(await createPlanting('VT-Manchester', 'corn', '2024-04-20'));
    const response = await send('GET', '/v2/agronomics/plantings?limit=10&offset=0', await bearer());
    expect(response.statusCode).toBe(200);
    const plantings = body(response).plantings as Record<string, unknown>[];
    expect(plantings).toHaveLength(1);
    // A planting created without projections or yield keeps the groups' shape (supplement: groups keep their shape).
    expect(expectPlantingColumns(plantings[0]!)).toMatchObject({ crop: 'corn-2500-gdd', 'yield.amount': null, 'projections.yield.units': null });
  });

  it("get_plantings(kwargs={'field_id': ...}): GET /v2/agronomics/fields/{id}/plantings (no query)", async () => {
    expectOk(await createPlanting('VT-Manchester', 'wheat-hardred', '2024-04-01'));
    expectOk(await createPlanting('VT-Manchester', 'potato-generic', '2024-05-01'));
    const response = await send('GET', '/v2/agronomics/fields/VT-Manchester/plantings', await bearer());
    expect(response.statusCode).toBe(200);
    const plantings = body(response).plantings as Record<string, unknown>[];
    expect(plantings.map((p) => p.crop).sort()).toEqual(['potato-generic', 'wheat-hardred']);
    plantings.forEach(expectPlantingColumns);
  });

  it("get_plantings(kwargs={'planting_id': n}): GET /v2/agronomics/plantings/{n}, json_normalize(response)", async () => {
    const created = body(await createPlanting('VT-Manchester', 'potato-generic', '2024-05-01'));
    const response = await send('GET', `/v2/agronomics/plantings/${String(created.id)}`, await bearer());
    expect(response.statusCode).toBe(200);
    const planting = body(response);
    expect(planting.plantings).toBeUndefined(); // the client tests .get("plantings") to tell one from many
    expect(expectPlantingColumns(planting)).toMatchObject({ id: created.id, crop: 'potato-generic' });
  });

  it("update_planting(update_type='full'): PUT .../fields/{f}/plantings/{n} with the full body", async () => {
    const created = body(await createPlanting('VT-Manchester', 'potato-generic', '2024-05-01'));
    const auth = await bearer();
    const response = await sendJson('PUT', `/v2/agronomics/fields/VT-Manchester/plantings/${String(created.id)}`, { ...auth, 'Content-Type': 'application/json' }, {
      crop: 'sugarbeet-generic',
      plantingDate: '2024-06-05',
      projections: { yield: { amount: 50, units: 'large boxes' }, harvestDate: '2024-08-08' },
      yield: { amount: 200, units: 'large boxes' },
      harvestDate: '2024-07-31',
    });
    expectOk(response);
    expect(expectPlantingColumns(body(response))).toMatchObject({
      crop: 'sugarbeet-generic',
      'yield.amount': 200,
      'projections.yield.units': 'large boxes',
      harvestDate: '2024-07-31',
    });
  });

  it("update_planting(update_type='partial'): its JSON-PATCH addresses every planting_info key (/field_id, /update_type, ...) and is refused as the spec requires", async () => {
    const created = body(await createPlanting('VT-Manchester', 'potato-generic', '2024-05-01'));
    const planting_info = {
      field_id: 'VT-Manchester',
      planting_id: created.id,
      update_type: 'partial',
      crop: 'sugarbeet-generic',
      planting_date: '2024-06-05',
    };
    const auth = await bearer();
    const response = await sendJson(
      'PATCH',
      `/v2/agronomics/fields/VT-Manchester/plantings/${String(created.id)}`,
      { ...auth, 'Content-Type': 'application/json' },
      Object.entries(planting_info).map(([key, value]) => ({ op: 'replace', path: `/${key}`, value: `${String(value)}` })),
    );
    // Spec: "an uneditable property is addressed → 400; no change is saved". No server following it can accept this body.
    expect(response.statusCode).toBe(400);
    const after = body(await send('GET', `/v2/agronomics/plantings/${String(created.id)}`, await bearer()));
    expect(after.crop).toBe('potato-generic');
  });

  it('delete_planting: DELETE .../fields/{f}/plantings/{n} and .../plantings/current (Authorization only)', async () => {
    const first = body(await createPlanting('VT-Manchester', 'potato-generic', '2024-05-01'));
    expectOk(await createPlanting('VT-Manchester', 'corn', '2024-05-02'));
    expectOk(await send('DELETE', `/v2/agronomics/fields/VT-Manchester/plantings/${String(first.id)}`, await bearer()));
    expectOk(await send('DELETE', '/v2/agronomics/fields/VT-Manchester/plantings/current', await bearer()));
    const left = body(await send('GET', '/v2/agronomics/fields/VT-Manchester/plantings', await bearer()));
    expect(left.plantings).toEqual([]);
  });
});

describe('awherepy crops.py', () => {
  const CROPS_LIST = [
    'barley-generic', 'canola-b-napus', 'canola-b-rapa', 'canola-generic', 'corn-2300-gdd', 'corn-2500-gdd', 'corn-2700-gdd',
    'corn-2900-gdd', 'cotton-2200-gdd', 'cotton-2600-gdd', 'green-gram-generic', 'oat-generic', 'potato-generic',
    'sorghum-long-season', 'sorghum-short-season', 'soya-generic', 'sugarbeet-generic', 'sunflower-early-dwarf',
    'sunflower-generic', 'wheat-generic', 'wheat-hardred',
  ];

  it('get_crops(): three pages GET /v2/agronomics/crops?limit=10&offset=0|10|20 hold the 21 crops', async () => {
    const auth = await bearer();
    const ids: unknown[] = [];
    for (const offset of [0, 10, 20]) {
      const response = await send('GET', `/v2/agronomics/crops?limit=10&offset=${offset}`, auth);
      expect(response.statusCode, response.body).toBe(200);
      for (const crop of body(response).crops as Record<string, unknown>[]) {
        const row = jsonNormalize(crop);
        // drop(columns=["_links.self.href", "_links.curies", ...]) without errors="ignore".
        expect(row).toHaveProperty(['_links.self.href']);
        expect(row).toHaveProperty(['_links.curies']);
        expect(row).toHaveProperty(['_links.svc:plantings.href']);
        for (const column of ['id', 'name', 'type', 'variety', 'isDefaultForCrop']) expect(row).toHaveProperty(column);
        ids.push(row.id);
      }
    }
    expect(ids.sort()).toEqual(CROPS_LIST);
  });

  it("get_crops(crop_id='corn-2500-gdd'): GET /v2/agronomics/crops/corn-2500-gdd, one row", async () => {
    const response = await send('GET', '/v2/agronomics/crops/corn-2500-gdd', await bearer());
    expect(response.statusCode).toBe(200);
    expect(jsonNormalize(body(response))).toMatchObject({ id: 'corn-2500-gdd', name: 'corn', isDefaultForCrop: true });
  });
});

describe('awherepy models.py', () => {
  const MODELS_LIST = [
    'BarleyGenericMSU', 'BarleyGenericNDAWN', 'CanolaBNapusMSU', 'CanolaBRapaMSU', 'CanolaGenericNDAWN', 'Cotton2600UGCE',
    'Cotton2200NCCA', 'OatGenericMSU', 'SugarbeetGenericNDAWN', 'SunflowerEarlyDwarfMSU', 'SunflowerGenericNDAWN',
    'WheatHardRedMSU', 'WheatGenericMAWG', 'WheatGenericNDAWN', 'WheatGenericOSU', 'WheatGenericVCE', 'Corn2300ISUAbendroth',
    'Corn2500ISUAbendroth', 'Corn2700ISUAbendroth', 'Corn2900ISUAbendroth', 'SorghumShortSeasonTexasAM',
    'SorghumLongSeasonTexasAM', 'MaizeKALRO', 'SunflowerH8998KALRO', 'SunflowerFedhaKALRO', 'GreenGramKALRO', 'PotatoKALRO',
    'SorghumKALRO', 'SoyaKALRO',
  ];

  it('get_models(): three pages GET /v2/agronomics/models?limit=10&offset=0|10|20 hold all 29 models', async () => {
    const auth = await bearer();
    const ids: unknown[] = [];
    for (const offset of [0, 10, 20]) {
      const response = await send('GET', `/v2/agronomics/models?limit=10&offset=${offset}`, auth);
      expect(response.statusCode, `offset ${offset}: ${response.body}`).toBe(200);
      for (const model of body(response).models as Record<string, unknown>[]) {
        const row = jsonNormalize(model);
        for (const column of ['id', 'name', 'description', 'type', 'source.name', 'source.link', '_links.self.href', '_links.curies']) {
          expect(row, `${String(row.id)} ${column}`).toHaveProperty([column]);
        }
        expect(row).toHaveProperty(['_links.svc:modelDetails.href']);
        ids.push(row.id);
      }
    }
    expect(ids.sort()).toEqual([...MODELS_LIST].sort());
  });

  it("get_models(model_id='Corn2700ISUAbendroth'): GET /v2/agronomics/models/Corn2700ISUAbendroth", async () => {
    const response = await send('GET', '/v2/agronomics/models/Corn2700ISUAbendroth', await bearer());
    expect(response.statusCode).toBe(200);
    expect(jsonNormalize(body(response))).toMatchObject({ id: 'Corn2700ISUAbendroth', type: expect.any(String), 'source.name': expect.any(String) });
  });

  it("get_model_details(model_id='BarleyGenericMSU'): GET /v2/agronomics/models/BarleyGenericMSU/details, stages stage1..stage8", async () => {
    const response = await send('GET', '/v2/agronomics/models/BarleyGenericMSU/details', await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const details = body(response);
    const base = jsonNormalize(details);
    for (const column of ['biofix', 'gddMethod', 'gddBaseTemp', 'gddMaxBoundary', 'gddMinBoundary']) expect(base).toHaveProperty(column);
    // The client's documented output for this model: method standard, stages stage1..stage8 named Universal 1.0 ... 8.9.
    expect(details.gddMethod).toBe('standard');
    const stages = details.stages as Record<string, unknown>[];
    expect(stages.map((stage) => stage.id)).toEqual(['stage1', 'stage2', 'stage3', 'stage4', 'stage5', 'stage6', 'stage7', 'stage8']);
    expect(stages.map((stage) => stage.stage)).toEqual([
      'Universal 1.0', 'Universal 1.2', 'Universal 2.1', 'Universal 3.1', 'Universal 6.1', 'Universal 7.1', 'Universal 8.5', 'Universal 8.9',
    ]);
    for (const stage of stages) for (const column of ['id', 'stage', 'description', 'gddThreshold']) expect(stage).toHaveProperty(column);
  });

  it('get_model_details() for every model of get_models(): GET /v2/agronomics/models/{id}/details answers stages', async () => {
    const auth = await bearer();
    for (const model of MODELS_LIST) {
      const response = await send('GET', `/v2/agronomics/models/${model}/details`, auth);
      expect(response.statusCode, `${model}: ${response.body}`).toBe(200);
      expect((body(response).stages as unknown[]).length, model).toBeGreaterThan(0);
    }
  });

  it("get_model_results: GET /v2/agronomics/fields/{f}/models/WheatHardRedMSU/results after a wheat-hardred planting", async () => {
    await createField('VT-Manchester');
    expectOk(await createPlanting('VT-Manchester', 'wheat-hardred', '2024-05-01'));
    const response = await send('GET', '/v2/agronomics/fields/VT-Manchester/models/WheatHardRedMSU/results', await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const results = body(response);
    expect(results).toMatchObject({ modelId: 'WheatHardRedMSU', plantingDate: '2024-05-01', biofixDate: expect.any(String) });
    expect(results.location).toMatchObject({ fieldId: 'VT-Manchester', latitude: VT.latitude, longitude: VT.longitude });
    expect(Array.isArray(results.previousStages)).toBe(true);
    for (const stage of results.previousStages as Record<string, unknown>[]) {
      expect(Object.keys(jsonNormalize(stage))).toEqual(expect.arrayContaining(['date', 'id', 'stage', 'description', 'gddThreshold']));
    }
    expect(Object.keys(results.currentStage as object)).toEqual(expect.arrayContaining(['date', 'id', 'stage', 'description', 'gddThreshold', 'accumulatedGdds']));
    expect(Object.keys(results.nextStage as object)).toEqual(expect.arrayContaining(['id', 'stage', 'description', 'gddThreshold', 'gddRemaining']));
  });
});

describe('awherepy agronomics.py', () => {
  /** _extract_agronomic_norms / _extract_agronomic_values read location.latitude/longitude first. */
  function expectLocation(answer: Record<string, unknown>, point: { latitude: number; longitude: number }) {
    expect(answer.location).toMatchObject(point);
  }

  it('get_agronomic_norms() defaults: GET /v2/agronomics/locations/40.31325,-105.648222/agronomicnorms/01-01, one row indexed by day', async () => {
    const response = await send('GET', `/v2/agronomics/locations/${BEAR_LAKE}/agronomicnorms/01-01`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expectLocation(answer, BEAR_LAKE_NUMBERS);
    expect(answer.dailyNorms).toBeUndefined();
    const row = jsonNormalize(answer);
    expect(row.day).toBe('01-01');
    expect(row).toHaveProperty(['location.longitude']);
    expect(row).toHaveProperty(['location.latitude']);
  });

  it("get_agronomic_norms(kwargs={'input_type': 'field', start_date, end_date}): GET .../fields/{f}/agronomicnorms/05-10,05-19?limit=10&offset=0", async () => {
    await createField('VT-Manchester');
    const response = await send('GET', '/v2/agronomics/fields/VT-Manchester/agronomicnorms/05-10,05-19?limit=10&offset=0', await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expectLocation(answer, VT);
    const daily = answer.dailyNorms as Record<string, unknown>[];
    expect(daily.map((entry) => entry.day)).toEqual(['05-10', '05-11', '05-12', '05-13', '05-14', '05-15', '05-16', '05-17', '05-18', '05-19']);
    const totals = jsonNormalize(answer.averageAccumulations as Record<string, unknown>);
    for (const column of ['gdd.average', 'gdd.stdDev', 'precipitation.average', 'pet.average', 'ppet.average']) expect(totals).toHaveProperty([column]);
    const first = jsonNormalize(daily[0]!);
    for (const column of ['gdd.average', 'pet.average', 'ppet.average', 'accumulatedGdd.average', 'accumulatedPrecipitation.average', 'accumulatedPet.average', 'accumulatedPpet.average']) {
      expect(first).toHaveProperty([column]);
    }
  });

  it("get_agronomic_norms(kwargs={'input_type': 'field', 'start_date': '05-10'}): GET .../fields/{f}/agronomicnorms/05-10", async () => {
    await createField('VT-Manchester');
    const response = await send('GET', '/v2/agronomics/fields/VT-Manchester/agronomicnorms/05-10', await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const row = jsonNormalize(body(response));
    expect(row).toMatchObject({ day: '05-10', 'location.latitude': VT.latitude, 'location.longitude': VT.longitude });
    expect(row).toHaveProperty(['gdd.average']);
  });

  it('get_agronomic_norms(location, 05-10..05-19): the client wants dailyNorms, the spec gives geolocation norms dailyAverages', async () => {
    const response = await send('GET', `/v2/agronomics/locations/${MANCHESTER}/agronomicnorms/05-10,05-19?limit=10&offset=0`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expectLocation(answer, VT);
    // Spec, "Agronomic norms (geolocation endpoints)": ranged result has `dailyAverages`. The client
    // tests .get("dailyNorms"), falls back to the single-day reading and fails on set_index("day").
    expect(answer.dailyAverages).toHaveLength(10);
    expect(answer.dailyNorms).toBeUndefined();
  });

  it('get_agronomic_values() defaults: start_date is today as MM-DD, a path the spec does not allow (400)', async () => {
    // date.today().strftime("%m-%d") → /agronomicvalues/06-15: agronomic values take YYYY-MM-DD dates.
    const response = await send('GET', `/v2/agronomics/locations/${BEAR_LAKE}/agronomicvalues/06-15`, await bearer());
    expect(response.statusCode).toBe(400);
  });

  it("get_agronomic_values(kwargs={'location': VT, 'start_date': '2024-05-10'}): GET .../locations/{lat},{lon}/agronomicvalues/2024-05-10", async () => {
    const response = await send('GET', `/v2/agronomics/locations/${MANCHESTER}/agronomicvalues/2024-05-10`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expectLocation(answer, VT);
    expect(answer.dailyValues).toBeUndefined();
    expect(jsonNormalize(answer)).toMatchObject({ date: '2024-05-10', gdd: expect.any(Number), ppet: expect.any(Number), 'pet.amount': expect.any(Number) });
  });

  it.each([
    ['location', `/v2/agronomics/locations/${MANCHESTER}`],
    ['field', '/v2/agronomics/fields/VT-Manchester'],
  ])('get_agronomic_values(%s, 2024-05-10..2024-05-19): GET .../agronomicvalues/{start},{end}?limit=10&offset=0', async (_kind, base) => {
    await createField('VT-Manchester');
    const response = await send('GET', `${base}/agronomicvalues/2024-05-10,2024-05-19?limit=10&offset=0`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expectLocation(answer, VT);
    const daily = answer.dailyValues as Record<string, unknown>[];
    expect(daily.map((entry) => entry.date)).toHaveLength(10);
    expect(daily[0]!.date).toBe('2024-05-10');
    expect(daily[9]!.date).toBe('2024-05-19');
    const row = jsonNormalize(daily[0]!);
    for (const column of ['gdd', 'ppet', 'accumulatedGdd', 'accumulatedPpet', 'pet.amount', 'accumulatedPrecipitation.amount', 'accumulatedPet.amount']) {
      expect(row).toHaveProperty([column]);
    }
    const totals = jsonNormalize(answer.accumulations as Record<string, unknown>);
    for (const column of ['gdd', 'ppet', 'precipitation.amount', 'pet.amount']) expect(totals).toHaveProperty([column]);
  });
});

describe('awherepy weather.py', () => {
  /** _extract_weather_norms / _extract_weather_observed: set_index("day"|"date"), drop(columns=["_links.self.href"]) without errors="ignore". */
  function expectRow(entry: Record<string, unknown>, indexColumn: string) {
    const row = jsonNormalize(entry);
    expect(row).toHaveProperty(indexColumn);
    expect(typeof row['_links.self.href']).toBe('string');
    expect(typeof row['location.longitude']).toBe('number');
    expect(typeof row['location.latitude']).toBe('number');
    return row;
  }

  it('get_weather_norms() defaults: GET /v2/weather/locations/40.31325,-105.648222/norms/01-01?limit=10&offset=0', async () => {
    const response = await send('GET', `/v2/weather/locations/${BEAR_LAKE}/norms/01-01?limit=10&offset=0`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expect(answer.norms).toBeUndefined();
    const row = expectRow(answer, 'day');
    expect(row).toMatchObject({ day: '01-01', 'location.latitude': BEAR_LAKE_NUMBERS.latitude });
    for (const column of ['meanTemp.average', 'maxTemp.stdDev', 'precipitation.average', 'solar.average', 'minHumidity.average', 'dailyMaxWind.average', 'averageWind.average']) {
      expect(row).toHaveProperty([column]);
    }
  });

  const MAY_10_TO_19 = ['05-10', '05-11', '05-12', '05-13', '05-14', '05-15', '05-16', '05-17', '05-18', '05-19'];

  it('get_weather_norms(field, 05-10..05-20): GET /v2/weather/fields/{f}/norms/05-10,05-20?limit=10&offset=0 answers the first 10 days', async () => {
    await createField('VT-Manchester');
    const response = await send('GET', '/v2/weather/fields/VT-Manchester/norms/05-10,05-20?limit=10&offset=0', await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const norms = body(response).norms as Record<string, unknown>[];
    expect(norms.map((norm) => norm.day)).toEqual(MAY_10_TO_19);
    norms.forEach((norm) => expectRow(norm, 'day'));
  });

  it('get_weather_norms(location, 05-10..05-20): GET .../locations/{lat},{lon}/norms/05-10,05-20?limit=10&offset=0', async () => {
    const response = await send('GET', `/v2/weather/locations/${MANCHESTER}/norms/05-10,05-20?limit=10&offset=0`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const norms = body(response).norms as Record<string, unknown>[];
    // Spec: limit and offset apply to the field endpoints only, so the geolocation list is all 11
    // days (the client's docstring shows 10 from the original service); the client reads any length.
    expect(norms.map((norm) => norm.day)).toEqual([...MAY_10_TO_19, '05-20']);
    norms.forEach((norm) => expectRow(norm, 'day'));
  });

  it("get_weather_norms(field, start_date only): GET /v2/weather/fields/{f}/norms/05-10?limit=10&offset=0", async () => {
    await createField('VT-Manchester');
    const response = await send('GET', '/v2/weather/fields/VT-Manchester/norms/05-10?limit=10&offset=0', await bearer());
    expect(response.statusCode, response.body).toBe(200);
    expect(expectRow(body(response), 'day')).toMatchObject({ day: '05-10', 'location.fieldId': 'VT-Manchester' });
  });

  it.each([
    ['location', `/v2/weather/locations/${BEAR_LAKE}`, BEAR_LAKE_NUMBERS],
    ['field', '/v2/weather/fields/VT-Manchester', VT],
  ])('get_weather_observed(%s) without dates: GET .../observations?limit=10&offset=0 answers the last 7 days', async (_kind, base, point) => {
    await createField('VT-Manchester');
    const response = await send('GET', `${base}/observations?limit=10&offset=0`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const observations = body(response).observations as Record<string, unknown>[];
    expect(observations).toHaveLength(7);
    for (const observation of observations) {
      const row = expectRow(observation, 'date');
      expect(row['location.latitude']).toBe(point.latitude);
      for (const column of ['temperatures.max', 'temperatures.min', 'precipitation.amount', 'solar.amount', 'relativeHumidity.max', 'relativeHumidity.min', 'wind.morningMax', 'wind.dayMax', 'wind.average']) {
        expect(row).toHaveProperty([column]);
      }
    }
  });

  it('get_weather_observed(start_date only / end_date only): GET .../observations/{date}, a single object', async () => {
    for (const date of ['2024-05-10', '2024-05-20']) {
      const response = await send('GET', `/v2/weather/locations/${MANCHESTER}/observations/${date}`, await bearer());
      expect(response.statusCode, response.body).toBe(200);
      const answer = body(response);
      expect(answer.observations).toBeUndefined();
      expect(expectRow(answer, 'date').date).toBe(date);
    }
  });

  it('get_weather_observed(2024-05-10..2024-05-20): GET .../observations/2024-05-10,2024-05-20?limit=10&offset=0', async () => {
    const response = await send('GET', `/v2/weather/locations/${MANCHESTER}/observations/2024-05-10,2024-05-20?limit=10&offset=0`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const observations = body(response).observations as Record<string, unknown>[];
    expect(observations).toHaveLength(10);
    expect(observations[0]!.date).toBe('2024-05-10');
    observations.forEach((observation) => expectRow(observation, 'date'));
  });

  /** _extract_weather_forecast(forecast_type="main"): per day, row["date"], row["location.latitude"], then each block's columns. */
  function expectForecastDay(day: Record<string, unknown>) {
    const row = jsonNormalize(day);
    expect(typeof row.date).toBe('string');
    expect(typeof row['location.latitude']).toBe('number');
    expect(typeof row['location.longitude']).toBe('number');
    const blocks = row.forecast as Record<string, unknown>[];
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      // drop(columns=["soilTemperatures", "soilMoisture"]) without errors="ignore".
      expect(block).toHaveProperty('soilTemperatures');
      expect(block).toHaveProperty('soilMoisture');
      const columns = jsonNormalize(block);
      for (const column of ['startTime', 'endTime', 'conditionsCode', 'conditionsText', 'temperatures.max', 'temperatures.min', 'precipitation.chance', 'precipitation.amount', 'sky.cloudCover', 'sky.sunshine', 'solar.amount', 'relativeHumidity.average', 'wind.average', 'dewPoint.amount']) {
        expect(columns, column).toHaveProperty([column]);
      }
      // blockSize=24: "temperatures returns only min and max" (supplement: `value` absent).
      expect(Object.keys(block.temperatures as object)).toEqual(['max', 'min', 'units']);
    }
  }

  it('get_weather_forecast() defaults send limit=10, above the forecast maximum of 7: refused as the spec requires', async () => {
    const response = await send('GET', `/v2/weather/locations/${BEAR_LAKE}/forecasts?limit=10&offset=0&blockSize=24`, await bearer());
    expect(response.statusCode).toBe(400);
    expect(body(response).detailedMessage).toContain('The maximum value for the limit parameter is 7');
  });

  it.each([
    ['location', `/v2/weather/locations/${MANCHESTER}`],
    ['field', '/v2/weather/fields/VT-Manchester'],
  ])("get_weather_forecast(%s, limit=7): GET .../forecasts?limit=7&offset=0&blockSize=24", async (_kind, base) => {
    await createField('VT-Manchester');
    const response = await send('GET', `${base}/forecasts?limit=7&offset=0&blockSize=24`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const days = body(response).forecasts as Record<string, unknown>[];
    expect(days).toHaveLength(7);
    expect(days[0]!.date).toBe('2024-06-15');
    days.forEach(expectForecastDay);
  });

  it.each([
    ['location', `/v2/weather/locations/${MANCHESTER}`],
    ['field', '/v2/weather/fields/VT-Manchester'],
  ])("get_weather_forecast(%s, start_date only): GET .../forecasts/2024-06-16?limit=7&offset=0&blockSize=24, one day object", async (_kind, base) => {
    await createField('VT-Manchester');
    const response = await send('GET', `${base}/forecasts/2024-06-16?limit=7&offset=0&blockSize=24`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expect(answer.forecasts).toBeUndefined();
    expect(answer.date).toBe('2024-06-16');
    expectForecastDay(answer);
  });

  it.each([
    ['location', `/v2/weather/locations/${MANCHESTER}`],
    ['field', '/v2/weather/fields/VT-Manchester'],
  ])("get_weather_forecast(%s, 2024-06-16..2024-06-18): GET .../forecasts/2024-06-16,2024-06-18?limit=7&offset=0&blockSize=24", async (_kind, base) => {
    await createField('VT-Manchester');
    const response = await send('GET', `${base}/forecasts/2024-06-16,2024-06-18?limit=7&offset=0&blockSize=24`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    const days = body(response).forecasts as Record<string, unknown>[];
    expect(days.map((day) => day.date)).toEqual(['2024-06-16', '2024-06-17', '2024-06-18']);
    days.forEach(expectForecastDay);
  });

  it("get_weather_forecast(end_date only) builds /forecasts{end_date} with no slash: no server has that path (404)", async () => {
    const response = await send('GET', `/v2/weather/locations/${MANCHESTER}/forecasts2024-06-16?limit=7&offset=0&blockSize=24`, await bearer());
    expect(response.statusCode).toBe(404);
  });

  it("get_weather_forecast(forecast_type='soil'): forecast[0] soilTemperatures and soilMoisture merge on their 4 depth strings", async () => {
    const response = await send('GET', `/v2/weather/locations/${MANCHESTER}/forecasts/2024-06-16,2024-06-17?limit=7&offset=0&blockSize=24`, await bearer());
    expect(response.statusCode, response.body).toBe(200);
    for (const day of body(response).forecasts as { forecast: Record<string, unknown>[] }[]) {
      const temperatures = day.forecast[0]!.soilTemperatures as Record<string, unknown>[];
      const moisture = day.forecast[0]!.soilMoisture as Record<string, unknown>[];
      expect(temperatures.map((t) => t.depth)).toEqual(moisture.map((m) => m.depth));
      // x[0:-15] strips " m below ground" and leaves the numbers used in the MultiIndex.
      expect(temperatures.map((t) => String(t.depth).slice(0, -15))).toEqual(['0-0.1', '0.1-0.4', '0.4-1', '1-2']);
      for (const entry of temperatures) for (const column of ['average', 'max', 'min']) expect(entry).toHaveProperty(column);
      for (const entry of moisture) for (const column of ['average', 'max', 'min']) expect(entry).toHaveProperty(column);
    }
  });
});
