/**
 * Contract of the R package `aWhereAPI` (github.com/aWhereAPI/aWhere-R-Library: get.R, delete.R,
 * update.R, models.R, forecasts.R, soils.R, weather-daily.R, weather-norms.R, agronomic-crops.R,
 * agronomic-values.R, agronomic-norms.R @2790544, the version with `apiAddressToUse`; create.R
 * @a3aca08; create_job, get_job and current-conditions.R @cd87976, the versions that have them;
 * get-token.R @058982c; checkValidParamsFns.R @51eec4e; checkStatusCodeOfReturn.R @094abea).
 * Every request is built the way the named function pastes it together and sends it with httr
 * (`httr::GET(url, body = '', httr::content_type('application/json'), add_headers(Authorization))`),
 * and every assertion checks what the function then reads: `jsonlite::fromJSON(a, flatten = TRUE)`
 * followed by `x[[1]]` / `x[[3]]` (members by position), `do.call(rbind, ...)[, c(1:5)]` (columns
 * by position), `a$name` (by name), and `checkStatusCode` (anything but 200, 201, 204 stops).
 * docs/compatibility.md lists the results.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { base64, body, byPosition, type ClientSession, HTTR_HEADERS, openClientSession } from './client-session.js';

// The clock stands at 2024-06-15T12:00Z (06:00 in Colorado, where the package's examples stand).
const FIELD = { id: 'field_test', latitude: 39.971906, longitude: -105.088773 };
// paste0(latitude, ',', longitude) of the examples' 39.8282, -98.5795.
const LATLNG = '39.8282,-98.5795';
const LIMIT_MESSAGE = 'The maximum value for the limit parameter is';

let s: ClientSession;
let token: string;
let enterpriseToken: string;

type Headers = Record<string, string>;

function send(method: string, url: string, headers: Headers = {}, payload?: string) {
  return s.t.app.inject({ method: method as 'GET', url, headers: { ...HTTR_HEADERS, ...headers }, payload });
}

/** get-token.R get_token: POST body 'grant_type=client_credentials', content_type form, Basic base64enc(uid:secret). */
function getTokenRequest(uid: string, secret: string) {
  return send(
    'POST',
    '/oauth/token',
    { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${base64(`${uid}:${secret}`)}` },
    'grant_type=client_credentials',
  );
}

async function getToken(uid: string, secret: string): Promise<string> {
  const request = await getTokenRequest(uid, secret);
  expect(request.statusCode, request.body).toBe(200); // request$status_code != 200 is "incorrect"
  const parsed = body(request); // jsonlite::fromJSON(a, simplifyDataFrame = FALSE)$access_token
  expect(typeof parsed.access_token).toBe('string');
  return parsed.access_token as string;
}

/** The GET every data function sends: body '' with content_type('application/json') and the bearer. */
function rGet(url: string, bearer = token) {
  return send('GET', url, { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` }, '');
}

/** get_fields/get_crops/get_models/get_job send GET with content_type('application/json') and no body argument. */
function rGetNoBody(url: string, bearer = token) {
  return send('GET', url, { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` });
}

/** checkStatusCode: anything but 200, 201, 204 stops the function. */
function expectAccepted(response: { statusCode: number; body: string }) {
  expect([200, 201, 204], response.body).toContain(response.statusCode);
}

/**
 * The limit dance of the data functions: ask with ?limit=120; if the answer's text contains
 * "The maximum value for the limit parameter is", check_JSON answers 10 and the function asks again
 * in chunks of 10 days. Returns the answers of the chunks actually taken.
 */
async function withLimitPlan(firstUrl: string, chunkUrls: string[], bearer = token) {
  const first = await rGet(firstUrl, bearer);
  if (first.statusCode === 200) return [first];
  expect(first.statusCode, first.body).toBe(400);
  expect(first.body).toContain(LIMIT_MESSAGE);
  const answers = [];
  for (const url of chunkUrls) {
    const answer = await rGet(url, bearer);
    expectAccepted(answer);
    answers.push(answer);
  }
  return answers;
}

/** create.R create_field: the body pasted together from its arguments. */
async function createField(fieldId = FIELD.id, latitude = FIELD.latitude, longitude = FIELD.longitude, farmId = 'Office') {
  const postbody = `{"id":"${fieldId}","centerPoint":{"latitude":${latitude},"longitude":${longitude}},"farmId":"${farmId}"}`;
  const request = await send('POST', '/v2/fields', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, postbody);
  expectAccepted(request);
  return request;
}

/** create.R create_planting with crop and planting_date only: {"crop":"...","plantingDate":"..."}. */
async function createPlanting(crop: string, plantingDate: string, fieldId = FIELD.id) {
  const request = await send(
    'POST',
    `/v2/agronomics/fields/${fieldId}/plantings`,
    { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    `{"crop":"${crop}","plantingDate":"${plantingDate}"}`,
  );
  expectAccepted(request);
  return body(request);
}

/** checkValidField → get_fields(field_id): GET {api}/fields/{id}?&limit=10, then currentFields$fieldId. */
async function checkValidField(fieldId = FIELD.id) {
  const response = await rGetNoBody(`/v2/fields/${fieldId}?&limit=10`);
  expect(response.statusCode, response.body).toBe(200);
  expect(body(response).statusCode).toBeUndefined();
  expect(body(response).id).toBe(fieldId);
}

beforeEach(async () => {
  s = await openClientSession();
  token = await getToken(s.key, s.secret);
  enterpriseToken = await getToken(s.enterpriseKey, s.enterpriseSecret);
});
afterEach(async () => s.t.close());

describe('aWhereAPI get-token.R', () => {
  it('get_token: POST /oauth/token with the form body and Basic credentials answers 200 and access_token', async () => {
    expect((await getToken(s.key, s.secret)).length).toBeGreaterThan(10);
  });

  it('get_token with a wrong secret: status other than 200', async () => {
    expect((await getTokenRequest(s.key, 'wrong')).statusCode).not.toBe(200);
  });

  it("check_JSON: an expired token's answer contains 'API Access Expired', so the package asks for a new token and repeats", async () => {
    s.t.clock.advance(3_601_000);
    const expired = await rGetNoBody('/v2/fields/?&limit=10');
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toContain('API Access Expired');
    token = await getToken(s.key, s.secret);
    expect((await rGetNoBody('/v2/fields/?&limit=10')).statusCode).toBe(200);
  });
});

describe('aWhereAPI get.R / create.R / update.R / delete.R: fields', () => {
  it('create_field(field_id = "field_test", latitude = 39.971906, longitude = -105.088773, farm_id = "Office")', async () => {
    await createField();
    const field = body(await rGetNoBody('/v2/fields/field_test?&limit=10'));
    expect(field).toMatchObject({ id: 'field_test', farmId: 'Office', centerPoint: { latitude: 39.971906, longitude: -105.088773 } });
  });

  it('create_field with field_name and acres appends ,"name":"...","acres":100 after farmId', async () => {
    const postbody = '{"id":"field123","centerPoint":{"latitude":39.8282,"longitude":-98.5795},"farmId":"farmA","name":"Some_Field","acres":100}';
    const request = await send('POST', '/v2/fields', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, postbody);
    expectAccepted(request);
    expect(body(await rGetNoBody('/v2/fields/field123?&limit=10'))).toMatchObject({ name: 'Some_Field', acres: 100 });
  });

  it('create_field as in its own example, field_name "Some Field Location" with spaces: refused as the spec requires (names are alphanumeric, _ and -)', async () => {
    const postbody = '{"id":"field123","centerPoint":{"latitude":39.8282,"longitude":-98.5795},"farmId":"farmA","name":"Some Field Location","acres":100}';
    const request = await send('POST', '/v2/fields', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, postbody);
    expect(request.statusCode).toBe(400);
  });

  it('get_fields(): GET {api}/fields/?&limit=10, fields read by position (name, acres, centerPoint, farmId, id), pages followed through _links.next', async () => {
    for (let i = 1; i <= 12; i += 1) await createField(`f${String(i).padStart(2, '0')}`, 40 + i / 100, -105);
    const first = await rGetNoBody('/v2/fields/?&limit=10');
    expect(first.statusCode, first.body).toBe(200);
    const page = body(first);
    const fields = page.fields as Record<string, unknown>[];
    expect(fields).toHaveLength(10);
    for (const field of fields) {
      // as.data.frame(do.call(rbind, lapply(a$fields, rbind)))[, c(1:5)], then centerPoint expanded, then
      // colnames <- c("fieldName", "Acres", "farmId", "fieldId", "Latitude", "Longitude").
      expect(byPosition(field, [1, 2, 3, 4, 5])).toEqual(['name', 'acres', 'centerPoint', 'farmId', 'id']);
      expect(Object.keys(field.centerPoint as object)).toEqual(['latitude', 'longitude']);
    }
    // url <- paste0(gsub('/v2', '', apiAddress), a[['_links']][['next']][['href']])
    const next = (page._links as Record<string, { href: string }>).next!.href;
    expect(next.startsWith('/v2/fields')).toBe(true);
    const second = await rGetNoBody(next);
    expect(second.statusCode, second.body).toBe(200);
    expect((body(second).fields as unknown[]).length).toBe(2);
    expect((body(second)._links as Record<string, unknown>).next).toBeUndefined();
  });

  it("get_fields('field_test'): GET {api}/fields/field_test?&limit=10, read by name (a$name, a$acres, a$farmId, a$id, a$centerPoint$latitude)", async () => {
    await createField();
    const response = await rGetNoBody('/v2/fields/field_test?&limit=10');
    expect(response.statusCode, response.body).toBe(200);
    const a = body(response);
    expect(a.statusCode).toBeUndefined();
    expect(a).toMatchObject({ name: null, acres: null, farmId: 'Office', id: 'field_test', centerPoint: { latitude: 39.971906, longitude: -105.088773 } });
  });

  it("update_field('field_test', 'farmId', 'Office_2'): PATCH {api}/fields/field_test with [{op, path, value}]", async () => {
    await createField();
    await checkValidField();
    const request = await send(
      'PATCH',
      '/v2/fields/field_test',
      { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      '[{"op":"replace","path":"/farmId","value":"Office_2"}]',
    );
    expectAccepted(request);
    expect(body(await rGetNoBody('/v2/fields/field_test?&limit=10')).farmId).toBe('Office_2');
  });

  it('update_field as in its own example ("This is my territory") or on "acres": refused as the spec requires', async () => {
    await createField();
    for (const postbody of [
      '[{"op":"replace","path":"/farmId","value":"This is my territory"}]',
      '[{"op":"replace","path":"/acres","value":"100"}]',
    ]) {
      const request = await send('PATCH', '/v2/fields/field_test', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, postbody);
      expect(request.statusCode, postbody).toBe(400);
    }
  });

  it("delete_field('field_test'): DELETE with body '{field_test}' (not JSON) and Content-Type: application/json", async () => {
    await createField();
    await checkValidField();
    const request = await send('DELETE', '/v2/fields/field_test', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, '{field_test}');
    expectAccepted(request);
    expect((await rGetNoBody('/v2/fields/field_test?&limit=10')).statusCode).toBe(404);
  });
});

describe('aWhereAPI create.R / get.R / update.R / delete.R: plantings', () => {
  beforeEach(async () => {
    await createField();
  });

  /** get_planting, list branch: by name then by position inside yield and projections. */
  function expectPlantingColumns(planting: Record<string, unknown>) {
    for (const name of ['id', 'crop', 'field', 'plantingDate', 'harvestDate', 'yield', 'projections']) expect(planting).toHaveProperty(name);
    // do.call(rbind, lapply(data$yield, rbind)): a bare null yields no row and shifts every row after it.
    expect(planting.yield).not.toBeNull();
    expect(Object.keys(planting.yield as object)).toEqual(['amount', 'units']);
    expect(planting.projections).not.toBeNull();
    expect(Object.keys(planting.projections as object)).toEqual(['yield', 'harvestDate']);
    const projections = planting.projections as Record<string, unknown>;
    expect(projections.yield).not.toBeNull();
    expect(Object.keys(projections.yield as object)).toEqual(['amount', 'units']);
  }

  it("create_planting(field_id='field_test', crop='corn', planting_date='2024-04-25'): {\"crop\":...,\"plantingDate\":...}, reads a$id", async () => {
    const a = await createPlanting('corn', '2024-04-25');
    expect(typeof a.id).toBe('number');
  });

  it('create_planting with every argument, as in its example: the pasted body is valid JSON and accepted', async () => {
    const postbody =
      '{"crop":"corn","plantingDate":"2024-04-25","projections":{"yield":{"amount":100,"units":"Bushels"},"harvestDate":"2024-10-01"},' +
      '"yield":{"amount":110,"units":"Bushels"},"harvestDate":"2024-10-01"}';
    const request = await send('POST', '/v2/agronomics/fields/field_test/plantings', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, postbody);
    expectAccepted(request);
    expect(body(request)).toMatchObject({ crop: 'corn-2500-gdd', yield: { amount: 110, units: 'Bushels' }, projections: { harvestDate: '2024-10-01' } });
  });

  it('get_planting(): GET {api}/agronomics/plantings?&limit=10&sort=id, plantings with groups in their shape', async () => {
    await createPlanting('corn', '2024-04-25');
    await createPlanting('wheat', '2024-05-01');
    const response = await rGetNoBody('/v2/agronomics/plantings?&limit=10&sort=id');
    expect(response.statusCode, response.body).toBe(200);
    const plantings = body(response).plantings as Record<string, unknown>[];
    expect(plantings.map((p) => p.id)).toEqual([...plantings.map((p) => p.id)].sort((a, b) => Number(a) - Number(b)));
    plantings.forEach(expectPlantingColumns);
  });

  it("get_planting(field_id='field_test'): GET {api}/agronomics/fields/field_test/plantings?&limit=10&sort=id", async () => {
    await createPlanting('corn', '2024-04-25');
    await checkValidField();
    const response = await rGetNoBody('/v2/agronomics/fields/field_test/plantings?&limit=10&sort=id');
    expect(response.statusCode, response.body).toBe(200);
    (body(response).plantings as Record<string, unknown>[]).forEach(expectPlantingColumns);
  });

  it.each([
    ['planting_id', (id: unknown) => `/v2/agronomics/fields/field_test/plantings/${String(id)}?&limit=10&sort=id`],
    ['current = TRUE', () => '/v2/agronomics/fields/field_test/plantings/current?&limit=10&sort=id'],
  ])('get_planting(field_id, %s): the single planting, read as a$yield$amount, a$projections$yield$units, ...', async (_form, url) => {
    const created = await createPlanting('corn', '2024-04-25');
    const response = await rGetNoBody(url(created.id));
    expect(response.statusCode, response.body).toBe(200);
    const a = body(response);
    expect(a.id).toBe(created.id);
    expect((a.yield as Record<string, unknown>).amount).toBeNull();
    expect(((a.projections as Record<string, unknown>).yield as Record<string, unknown>).units).toBeNull();
    expect((a.projections as Record<string, unknown>).harvestDate).toBeNull();
  });

  it('get_planting(current = TRUE) without a field: GET {api}/agronomics/plantings/current?&limit=10&sort=id', async () => {
    await createPlanting('corn', '2024-04-25');
    const response = await rGetNoBody('/v2/agronomics/plantings/current?&limit=10&sort=id');
    expect(response.statusCode, response.body).toBe(200);
    (body(response).plantings as Record<string, unknown>[]).forEach(expectPlantingColumns);
  });

  it('update_planting("field_test", id, harvest_date, yield_amount = "60", yield_units = "Bushels"): PATCH with its ops in its order', async () => {
    const created = await createPlanting('corn', '2024-04-25');
    await checkValidField();
    const patch =
      '[{"op":"replace","path":"/yield/amount","value":60},{"op":"replace","path":"/yield/units","value":"Bushels"},' +
      '{"op":"replace","path":"/harvestDate","value":"2024-10-01"}]';
    const request = await send('PATCH', `/v2/agronomics/fields/field_test/plantings/${String(created.id)}`, { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, patch);
    expectAccepted(request);
    expect(body(request)).toMatchObject({ yield: { amount: 60, units: 'Bushels' }, harvestDate: '2024-10-01' });
  });

  it("update_planting with planting_id = '' patches {api}/agronomics/fields/field_test/plantings/current, every path it knows", async () => {
    await createPlanting('corn', '2024-04-25');
    const patch =
      '[{"op":"replace","path":"/plantingDate","value":"2024-04-26"},{"op":"replace","path":"/projections/yield/amount","value":100},' +
      '{"op":"replace","path":"/projections/yield/units","value":"Bushels"},{"op":"replace","path":"/projections/harvestDate","value":"2024-10-02"}]';
    const request = await send('PATCH', '/v2/agronomics/fields/field_test/plantings/current', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, patch);
    expectAccepted(request);
    expect(body(request)).toMatchObject({ plantingDate: '2024-04-26', projections: { yield: { amount: 100, units: 'Bushels' }, harvestDate: '2024-10-02' } });
  });

  it("delete_planting('field_test', id): DELETE {api}/agronomics/fields/field_test/plantings/{id}, Authorization only", async () => {
    const created = await createPlanting('corn', '2024-04-25');
    await checkValidField();
    expectAccepted(await send('DELETE', `/v2/agronomics/fields/field_test/plantings/${String(created.id)}`, { Authorization: `Bearer ${token}` }));
    expect((await rGetNoBody(`/v2/agronomics/fields/field_test/plantings/${String(created.id)}?&limit=10&sort=id`)).statusCode).toBe(404);
  });
});

describe('aWhereAPI agronomic-crops.R / models.R', () => {
  it('get_crops(): GET {api}/agronomics/crops/ (trailing slash), crops read by position (id, name, type, variety, isDefaultForCrop)', async () => {
    const response = await rGetNoBody('/v2/agronomics/crops/');
    expect(response.statusCode, response.body).toBe(200);
    const crops = body(response).crops as Record<string, unknown>[];
    expect(crops.length).toBeGreaterThan(0);
    for (const crop of crops) expect(byPosition(crop, [1, 2, 3, 4, 5])).toEqual(['id', 'name', 'type', 'variety', 'isDefaultForCrop']);
  });

  it("get_crops('barley-generic'): GET {api}/agronomics/crops/barley-generic, as.data.frame(rbind(a))[, c(1:5)]", async () => {
    const response = await rGetNoBody('/v2/agronomics/crops/barley-generic');
    expect(response.statusCode, response.body).toBe(200);
    const a = body(response);
    expect(byPosition(a, [1, 2, 3, 4, 5])).toEqual(['id', 'name', 'type', 'variety', 'isDefaultForCrop']);
    expect(a.id).toBe('barley-generic');
  });

  it('get_models(): GET {api}/agronomics/models/ (trailing slash), models by position (id, name, description, type, source{name, link})', async () => {
    const response = await rGetNoBody('/v2/agronomics/models/');
    expect(response.statusCode, response.body).toBe(200);
    const models = body(response).models as Record<string, unknown>[];
    expect(models).toHaveLength(29); // the default page of 50 holds the whole catalogue
    for (const model of models) {
      expect(byPosition(model, [1, 2, 3, 4, 5])).toEqual(['id', 'name', 'description', 'type', 'source']);
      expect(Object.keys(model.source as object)).toEqual(['name', 'link']);
    }
  });

  it("get_models('BarleyGenericMSU'): GET {api}/agronomics/models/BarleyGenericMSU, rbind(a)[, c(1:4)] and a$source", async () => {
    const response = await rGetNoBody('/v2/agronomics/models/BarleyGenericMSU');
    expect(response.statusCode, response.body).toBe(200);
    const a = body(response);
    expect(byPosition(a, [1, 2, 3, 4])).toEqual(['id', 'name', 'description', 'type']);
    expect(Object.keys(a.source as object)).toEqual(['name', 'link']);
  });

  it("get_model_details('BarleyGenericMSU'): GET .../models/BarleyGenericMSU/details, a$biofix ... a$gddUnits, stages by position 2:5", async () => {
    const response = await rGetNoBody('/v2/agronomics/models/BarleyGenericMSU/details');
    expect(response.statusCode, response.body).toBe(200);
    const a = body(response);
    for (const name of ['biofix', 'gddMethod', 'gddBaseTemp', 'gddMaxBoundary', 'gddMinBoundary', 'gddUnits']) expect(a).toHaveProperty(name);
    const stages = a.stages as Record<string, unknown>[];
    expect(stages.length).toBeGreaterThan(0);
    for (const stage of stages) expect(byPosition(stage, [1, 2, 3, 4, 5])).toEqual(['id', 'stage', 'description', 'gddThreshold', 'gddUnits']);
  });

  it("get_model_results('field_test', 'Corn2500ISUAbendroth'): GET .../fields/field_test/models/Corn2500ISUAbendroth/results", async () => {
    await createField();
    await createPlanting('corn', '2024-04-25');
    const response = await rGetNoBody('/v2/agronomics/fields/field_test/models/Corn2500ISUAbendroth/results');
    expect(response.statusCode, response.body).toBe(200);
    const a = body(response);
    expect(a).toMatchObject({ biofixDate: expect.any(String), gddUnits: expect.any(String), modelId: 'Corn2500ISUAbendroth', plantingDate: '2024-04-25' });
    expect(a.location).toMatchObject({ latitude: FIELD.latitude, longitude: FIELD.longitude, fieldId: 'field_test' });
    for (const stage of a.previousStages as Record<string, unknown>[]) {
      // [, c(1:5)] then select(date, stage, id, description, gddThreshold)
      expect(byPosition(stage, [1, 2, 3, 4, 5]).sort()).toEqual(['date', 'description', 'gddThreshold', 'id', 'stage']);
    }
    expect(Object.keys(a.currentStage as object)).toEqual(expect.arrayContaining(['date', 'stage', 'id', 'description', 'gddThreshold', 'accumulatedGdds']));
    expect(Object.keys(a.nextStage as object)).toEqual(expect.arrayContaining(['stage', 'id', 'description', 'gddThreshold', 'gddRemaining']));
  });
});

describe('aWhereAPI weather-daily.R', () => {
  const MAY_CHUNKS = ['2024-05-01,2024-05-10', '2024-05-11,2024-05-20', '2024-05-21,2024-05-30'];

  /** x <- jsonlite::fromJSON(a, flatten = TRUE); data <- as.data.table(x[[1]]): the first member is the day list. */
  function expectObservationList(answer: Record<string, unknown>, days: number) {
    expect(Object.keys(answer)[0]).toBe('observations');
    const observations = answer.observations as Record<string, unknown>[];
    expect(observations).toHaveLength(days);
    for (const observation of observations) {
      for (const name of ['date', 'location', 'temperatures', 'precipitation', 'solar', 'relativeHumidity', 'wind']) expect(observation).toHaveProperty(name);
    }
  }

  it("daily_observed_fields('field_test', '2024-05-01', '2024-05-30'): ?limit=120 first, then 10-day chunks after the limit message", async () => {
    await createField();
    await checkValidField();
    const answers = await withLimitPlan(
      '/v2/weather/fields/field_test/observations/2024-05-01,2024-05-30?limit=120',
      MAY_CHUNKS.map((dates) => `/v2/weather/fields/field_test/observations/${dates}?limit=10`),
    );
    expect(answers).toHaveLength(3); // an ordinary account may not ask for 120
    for (const answer of answers) expectObservationList(body(answer), 10);
  });

  it('daily_observed_fields for an enterprise account: one request with ?limit=120 and propertiesToInclude', async () => {
    const postbody = `{"id":"field_test","centerPoint":{"latitude":${FIELD.latitude},"longitude":${FIELD.longitude}},"farmId":"Office"}`;
    expectAccepted(await send('POST', '/v2/fields', { 'Content-Type': 'application/json', Authorization: `Bearer ${enterpriseToken}` }, postbody));
    const response = await rGet('/v2/weather/fields/field_test/observations/2024-05-01,2024-05-30?limit=120&properties=temperatures,precipitation', enterpriseToken);
    expect(response.statusCode, response.body).toBe(200);
    const answer = body(response);
    expect(Object.keys(answer)[0]).toBe('observations');
    const observations = answer.observations as Record<string, unknown>[];
    expect(observations).toHaveLength(30);
    for (const observation of observations) {
      for (const name of ['date', 'temperatures', 'precipitation']) expect(observation).toHaveProperty(name);
      expect(observation).not.toHaveProperty('solar');
    }
  });

  it("daily_observed_latlng(39.8282, -98.5795, '2024-05-01', '2024-05-30'): GET .../locations/39.8282,-98.5795/observations/...?limit=120", async () => {
    const answers = await withLimitPlan(
      `/v2/weather/locations/${LATLNG}/observations/2024-05-01,2024-05-30?limit=120`,
      MAY_CHUNKS.map((dates) => `/v2/weather/locations/${LATLNG}/observations/${dates}?limit=10`),
    );
    for (const answer of answers) expect(Object.keys(body(answer))[0]).toBe('observations');
    expect(answers.flatMap((answer) => body(answer).observations as unknown[])).toHaveLength(30);
  });
});

describe('aWhereAPI forecasts.R / soils.R', () => {
  /**
   * if (length(x) != 4) rbindlist(x[[1]]$forecast) else x[[3]]: a single day must have exactly four
   * members with the blocks third; a list must not have four members and must hold the days first.
   */
  function forecastBlocks(answer: Record<string, unknown>): Record<string, unknown>[] {
    const keys = Object.keys(answer);
    if (keys.length === 4) {
      expect(keys).toEqual(['date', 'location', 'forecast', '_links']);
      return answer.forecast as Record<string, unknown>[];
    }
    expect(keys[0]).toBe('forecasts');
    return (answer.forecasts as { forecast: Record<string, unknown>[] }[]).flatMap((day) => day.forecast);
  }

  function expectBlocks(blocks: Record<string, unknown>[], blockSize: number, count: number) {
    expect(blocks).toHaveLength(count);
    const names = Object.keys(blocks[0]!);
    for (const block of blocks) {
      // rbindlist binds the days' tables: every block carries the same members in the same order.
      expect(Object.keys(block)).toEqual(names);
      expect(block).toHaveProperty('soilTemperatures');
      expect(block).toHaveProperty('soilMoisture');
      expect((block.soilTemperatures as unknown[]).length).toBe(4);
      if (blockSize > 1) expect(Object.keys(block.temperatures as object)).toEqual(['max', 'min', 'units']);
    }
  }

  it("forecasts_fields('field_test', day_start = today): GET .../forecasts/2024-06-15,2024-06-15?blockSize=1&useLocalTime=TRUE", async () => {
    await createField();
    await checkValidField(); // and get_fields(field_id) again for the time zone
    const response = await rGet('/v2/weather/fields/field_test/forecasts/2024-06-15,2024-06-15?blockSize=1&useLocalTime=TRUE');
    expect(response.statusCode, response.body).toBe(200);
    expectBlocks(forecastBlocks(body(response)), 1, 24);
  });

  it("forecasts_fields('field_test', today, today + 5, block_size = 12): .../forecasts/2024-06-15,2024-06-20?blockSize=12&useLocalTime=TRUE", async () => {
    await createField();
    const response = await rGet('/v2/weather/fields/field_test/forecasts/2024-06-15,2024-06-20?blockSize=12&useLocalTime=TRUE');
    expect(response.statusCode, response.body).toBe(200);
    expectBlocks(forecastBlocks(body(response)), 12, 12);
  });

  it("forecasts_latlng(39.8282, -98.5795, today, today + 5, block_size = 12): GET .../locations/39.8282,-98.5795/forecasts/...", async () => {
    const response = await rGet(`/v2/weather/locations/${LATLNG}/forecasts/2024-06-15,2024-06-20?blockSize=12&useLocalTime=TRUE`);
    expect(response.statusCode, response.body).toBe(200);
    expectBlocks(forecastBlocks(body(response)), 12, 12);
  });

  it("forecasts_latlng(19.328489, -99.145681, today, block_size = 4): day_end '' gives the open range .../forecasts/2024-06-15,", async () => {
    const response = await rGet('/v2/weather/locations/19.328489,-99.145681/forecasts/2024-06-15,?blockSize=4&useLocalTime=TRUE');
    expect(response.statusCode, response.body).toBe(200);
    expectBlocks(forecastBlocks(body(response)), 4, 6);
  });

  it("soils_fields / soils_latlng: the same requests, read for soilTemperatures and soilMoisture at four depths", async () => {
    await createField();
    for (const url of [
      '/v2/weather/fields/field_test/forecasts/2024-06-16,2024-06-16?blockSize=24&useLocalTime=TRUE',
      `/v2/weather/locations/${LATLNG}/forecasts/2024-06-16,2024-06-16?blockSize=24&useLocalTime=TRUE`,
    ]) {
      const response = await rGet(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      for (const block of forecastBlocks(body(response))) {
        for (const name of ['soilTemperatures', 'soilMoisture']) {
          const depths = (block[name] as { depth: string }[]).map((entry) => entry.depth);
          expect(depths).toEqual(['0-0.1 m below ground', '0.1-0.4 m below ground', '0.4-1 m below ground', '1-2 m below ground']);
        }
      }
    }
  });
});

describe('aWhereAPI weather-norms.R', () => {
  function expectNormList(answer: Record<string, unknown>, days: string[]) {
    expect(Object.keys(answer)[0]).toBe('norms'); // as.data.table(x[[1]])
    const norms = answer.norms as Record<string, unknown>[];
    expect(norms.map((norm) => norm.day)).toEqual(days);
    for (const norm of norms) {
      for (const name of ['meanTemp', 'maxTemp', 'minTemp', 'precipitation', 'solar', 'minHumidity', 'maxHumidity', 'dailyMaxWind', 'averageWind']) {
        expect(norm).toHaveProperty(name);
      }
    }
  }

  const days = (from: number, to: number, month = '06') => Array.from({ length: to - from + 1 }, (_, i) => `${month}-${String(from + i).padStart(2, '0')}`);

  it('weather_norms_fields("field_test", "06-01", "06-30", 2006, 2015): ?limit=120, then 10-day chunks for an ordinary account', async () => {
    await createField();
    await checkValidField();
    const answers = await withLimitPlan(
      '/v2/weather/fields/field_test/norms/06-01,06-30/years/2006,2015?limit=120',
      ['06-01,06-10', '06-11,06-20', '06-21,06-30'].map((range) => `/v2/weather/fields/field_test/norms/${range}/years/2006,2015?limit=10`),
    );
    expect(answers).toHaveLength(3);
    answers.forEach((answer, i) => expectNormList(body(answer), days(1 + 10 * i, 10 + 10 * i)));
  });

  it('weather_norms_fields with exclude_years = c(2010, 2011): toString() gives excludeYears=2010,%202011 after URLencode', async () => {
    const postbody = `{"id":"field_test","centerPoint":{"latitude":${FIELD.latitude},"longitude":${FIELD.longitude}},"farmId":"Office"}`;
    expectAccepted(await send('POST', '/v2/fields', { 'Content-Type': 'application/json', Authorization: `Bearer ${enterpriseToken}` }, postbody));
    const url = '/v2/weather/fields/field_test/norms/06-01,06-30/years/2006,2015?limit=120&excludeYears=2010,%202011';
    const response = await rGet(url, enterpriseToken);
    expect(response.statusCode, response.body).toBe(200);
    expectNormList(body(response), days(1, 30));
    const without = body(await rGet('/v2/weather/fields/field_test/norms/06-01,06-30/years/2006,2015?limit=120&excludeYears=2010,2011', enterpriseToken));
    expect(body(response).norms).toEqual(without.norms);
  });

  it("weather_norms_latlng(39.8282, -98.5795, '02-01', '03-10', 2008, 2015, exclude_years = c(2010, 2011))", async () => {
    const url = `/v2/weather/locations/${LATLNG}/norms/02-01,03-10/years/2008,2015?limit=120&excludeYears=2010,%202011`;
    const answers = await withLimitPlan(url, [
      `/v2/weather/locations/${LATLNG}/norms/02-01,02-10/years/2008,2015?limit=10&excludeYears=2010,%202011`,
    ]);
    const answer = body(answers[0]!);
    expect(Object.keys(answer)[0]).toBe('norms');
    expect((answer.norms as { day: string }[])[0]!.day).toBe('02-01');
  });
});

describe('aWhereAPI agronomic-values.R / agronomic-norms.R', () => {
  const GDD = 'gddMethod=modifiedstandard&gddBaseTemp=10&gddMinBoundary=10&gddMaxBoundary=30';

  it("agronomic_values_fields('field_test', '2024-05-01', '2024-05-30', gdd_method = 'modifiedstandard'): ?limit=120&gddMethod=..., x[[3]] is the daily list", async () => {
    await createField();
    await checkValidField();
    const answers = await withLimitPlan(
      `/v2/agronomics/fields/field_test/agronomicvalues/2024-05-01,2024-05-30?limit=120&${GDD}`,
      ['2024-05-01,2024-05-10', '2024-05-11,2024-05-20', '2024-05-21,2024-05-30'].map(
        (range) => `/v2/agronomics/fields/field_test/agronomicvalues/${range}?limit=10&${GDD}`,
      ),
    );
    for (const answer of answers) {
      const x = body(answer);
      expect(byPosition(x, [1, 2, 3])).toEqual(['location', 'accumulations', 'dailyValues']);
      for (const entry of x.dailyValues as Record<string, unknown>[]) {
        for (const name of ['date', 'gdd', 'pet', 'ppet', 'accumulatedGdd', 'accumulatedPrecipitation', 'accumulatedPet', 'accumulatedPpet']) expect(entry).toHaveProperty(name);
      }
    }
    expect(answers.flatMap((answer) => body(answer).dailyValues as unknown[])).toHaveLength(30);
  });

  it('agronomic_values_fields with accumulation_start_date and propertiesToInclude = accumulatedGdd: x[[2]] is the daily list', async () => {
    await createField();
    const url = `/v2/agronomics/fields/field_test/agronomicvalues/2024-05-01,2024-05-10?limit=120&${GDD}&accumulationStartDate=2024-04-01&properties=accumulatedGdd`;
    const answers = await withLimitPlan(url, [
      `/v2/agronomics/fields/field_test/agronomicvalues/2024-05-01,2024-05-10?limit=10&${GDD}&accumulationStartDate=2024-04-01&properties=accumulatedGdd`,
    ]);
    const x = body(answers[0]!);
    const second = Object.keys(x)[1]!;
    expect(Array.isArray(x[second]), `second member ${second}`).toBe(true);
    expect((x[second] as unknown[]).length).toBe(10);
  });

  it("agronomic_values_latlng(39.8282, -98.5795, '2024-05-01', '2024-05-10'): GET .../locations/39.8282,-98.5795/agronomicvalues/...", async () => {
    const gdd = 'gddMethod=standard&gddBaseTemp=10&gddMinBoundary=10&gddMaxBoundary=30';
    const answers = await withLimitPlan(`/v2/agronomics/locations/${LATLNG}/agronomicvalues/2024-05-01,2024-05-10?limit=120&${gdd}`, [
      `/v2/agronomics/locations/${LATLNG}/agronomicvalues/2024-05-01,2024-05-10?limit=10&${gdd}`,
    ]);
    const x = body(answers[0]!);
    expect(byPosition(x, [1, 2, 3])).toEqual(['location', 'accumulations', 'dailyValues']);
    expect(x.dailyValues).toHaveLength(10);
  });

  it("agronomic_norms_fields('field_test', '07-01', '07-10', 2008, 2016, exclude_years = '2010'): x[[3]] is dailyNorms", async () => {
    await createField();
    await checkValidField();
    const gdd = 'gddMethod=standard&gddBaseTemp=10&gddMinBoundary=10&gddMaxBoundary=30';
    const answers = await withLimitPlan(`/v2/agronomics/fields/field_test/agronomicnorms/07-01,07-10/years/2008,2016?limit=120&${gdd}&excludeYears=2010`, [
      `/v2/agronomics/fields/field_test/agronomicnorms/07-01,07-10/years/2008,2016?limit=10&${gdd}&excludeYears=2010`,
    ]);
    const x = body(answers[0]!);
    expect(byPosition(x, [1, 2, 3])).toEqual(['location', 'averageAccumulations', 'dailyNorms']);
    const daily = x.dailyNorms as Record<string, unknown>[];
    expect(daily.map((entry) => entry.day)).toEqual(['07-01', '07-02', '07-03', '07-04', '07-05', '07-06', '07-07', '07-08', '07-09', '07-10']);
  });

  it("agronomic_norms_latlng(39.8282, -98.5795, '02-01', '03-10', 2008, 2015): x[[3]] is the daily list", async () => {
    const gdd = 'gddMethod=standard&gddBaseTemp=10&gddMinBoundary=10&gddMaxBoundary=30';
    const answers = await withLimitPlan(`/v2/agronomics/locations/${LATLNG}/agronomicnorms/02-01,03-10/years/2008,2015?limit=120&${gdd}`, [
      `/v2/agronomics/locations/${LATLNG}/agronomicnorms/02-01,02-10/years/2008,2015?limit=10&${gdd}`,
    ]);
    const x = body(answers[0]!);
    expect(byPosition(x, [1, 2])).toEqual(['location', 'averageAccumulations']);
    const daily = Object.values(x)[2] as { day: string }[];
    expect(Array.isArray(daily)).toBe(true);
    expect(daily[0]!.day).toBe('02-01');
  });
});

describe('aWhereAPI current-conditions.R', () => {
  it.each([
    ['current_conditions_fields', '/v2/weather/fields/field_test/currentconditions?sources=all'],
    ['current_conditions_latlng', `/v2/weather/locations/${LATLNG}/currentconditions?sources=all`],
  ])('%s: GET .../currentconditions?sources=all, a resource the spec does not have (404)', async (_name, url) => {
    await createField();
    expect((await rGet(url)).statusCode).toBe(404);
  });
});

describe('aWhereAPI create.R create_job / get.R get_job (commit cd87976)', () => {
  async function runQueuedJobs(): Promise<void> {
    const worker: FastifyInstance = await buildApp({
      config: s.t.config,
      store: s.t.store,
      clock: s.t.clock,
      weather: s.weather,
      logger: false,
      jobs: { concurrency: 1, pollMs: 10 },
    });
    await worker.ready();
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const open = await s.t.store.handle.db.selectFrom('jobs').select('id').where('state', 'in', ['queued', 'running']).execute();
        if (open.length === 0) return;
        if (Date.now() > deadline) throw new Error('jobs still open');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.close();
    }
  }

  it('create_job(c("GET /v2/weather/fields/field_test/observations", ...), c("farmA", "farmB"), "job_1") then get_job(job_id)', async () => {
    await createField();
    // jsonlite::toJSON(list(title, type, requests = data.frame(title, api)), auto_unbox = T)
    const postbody =
      '{"title":"job_1","type":"batch","requests":[{"title":"farmA","api":"GET /v2/weather/fields/field_test/observations"},' +
      '{"title":"farmB","api":"GET /v2/weather/fields/aWhereOffice/observations"}]}';
    const request = await send('POST', '/v2/jobs', { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, postbody);
    expectAccepted(request);
    const jobId = body(request).jobId; // a$jobId
    expect(Number.isInteger(jobId)).toBe(true);
    await runQueuedJobs();
    const job = await rGetNoBody(`/v2/jobs/${String(jobId)}`);
    expect(job.statusCode, job.body).toBe(200);
    const a = body(job);
    // get_job waits for a$jobStatus == "Done"; the spec's state is `done`, so the package's wait never ends.
    expect(a.jobStatus).toBe('done');
    const results = a.results as Record<string, unknown>[];
    expect(results.map((r) => [r.title, r.httpStatus])).toEqual([
      ['farmA', expect.anything()],
      ['farmB', expect.anything()],
    ]);
    expect(String(results[0]!.httpStatus)).toBe('200');
    expect(String(results[1]!.httpStatus)).toBe('404');
  });
});
