/**
 * Values parsed from text are shown in the OpenAPI document as what they mean (numbers with their
 * bounds, choices, examples), while the routes go on validating them as text with their own
 * messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentParsedValues, OPENAPI_KEYWORD } from '../../src/http/openapi-values.js';
import { LIST_LIMITS } from '../../src/http/limits.js';
import { MAX_OFFSET } from '../../src/http/list-query.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { createField, createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  example?: unknown;
  schema: Record<string, unknown>;
}
type Operation = { parameters?: Parameter[] };

describe('documentParsedValues', () => {
  it('puts the documented form in place of the text schema, keeping the description, and leaves the route schema alone', () => {
    const limit = { type: 'string', description: 'page size', [OPENAPI_KEYWORD]: { type: 'integer', minimum: 1, examples: [5] } };
    const querystring = { type: 'object', properties: { limit, sort: { type: 'string' } } };
    const params = { type: 'object', properties: { format: { type: 'string', [OPENAPI_KEYWORD]: { type: 'string', enum: ['a', 'b'] } } } };
    const schema = { querystring, params, response: { 200: { type: 'object' } } };
    const documented = documentParsedValues(schema) as typeof schema;
    expect(documented.querystring.properties).toEqual({
      limit: { description: 'page size', type: 'integer', minimum: 1, examples: [5] },
      sort: { type: 'string' },
    });
    expect(documented.params.properties).toEqual({ format: { type: 'string', enum: ['a', 'b'] } });
    expect(documented.response).toBe(schema.response);
    expect(schema.querystring.properties.limit.type).toBe('string');
    expect(schema.querystring.properties.limit[OPENAPI_KEYWORD]).toBeDefined();
  });
});

describe('the OpenAPI document and the parameters it describes', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let doc: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, createFakeWeatherSource());
    ({ auth } = await t.login());
    await createField(t, auth, 'north', { latitude: 41.5, longitude: -93.5 });
    doc = (await t.app.inject({ url: '/openapi.json' })).json();
  });
  afterAll(async () => t.close());

  const parameter = (path: string, name: string): Parameter => {
    const found = doc.paths[path]?.get?.parameters?.find((p) => p.name === name);
    if (!found) throw new Error(`no parameter ${name} on GET ${path}`);
    return found;
  };

  it('types numbers as integers with their bounds and an example', () => {
    expect(parameter('/v2/fields', 'limit')).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1, maximum: LIST_LIMITS.fields.enterpriseMax }, example: 5 });
    expect(parameter('/v2/fields', 'offset').schema).toEqual({ type: 'integer', minimum: 0, maximum: MAX_OFFSET });
    expect(parameter('/v2/weather/fields/{fieldId}/forecasts', 'limit').schema).toMatchObject({ maximum: LIST_LIMITS.forecasts.enterpriseMax });
    const base = parameter('/v2/agronomics/fields/{fieldId}/agronomicvalues/{dates}', 'gddBaseTemp');
    expect(base.schema).toEqual({ type: 'integer' });
    expect(base.example).toBe(10);
    expect(parameter('/v2/imagery/weathermaps/{types}/fields/{fieldId}', 'zoom').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 21 });
    expect(parameter('/v2/weather/fields/{fieldId}/forecasts', 'blockSize').schema).toEqual({ type: 'integer', enum: [1, 2, 3, 4, 6, 8, 12, 24] });
  });

  it('lists the choices of fixed sets', () => {
    expect(parameter('/v2/weather/fields/{fieldId}/observations', 'units').schema).toEqual({ type: 'string', enum: ['metric', 'usa'] });
    expect(parameter('/v2/agronomics/fields/{fieldId}/agronomicvalues/{dates}', 'gddMethod').schema.enum).toEqual([
      'standard',
      'modifiedstandard',
      'min-temp-cap',
      'min-temp-constant',
    ]);
    expect(parameter('/v2/weather/fields/{fieldId}/exports/{format}/{dates}', 'format').schema.enum).toEqual(['dssat', 'wth', 'apsim', 'met']);
    expect(parameter('/v2/agronomics/plantings', 'sort').schema.enum).toContain('-plantingDate');
    const types = parameter('/v2/imagery/weathermaps/{types}/fields/{fieldId}', 'types');
    expect(types.schema).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect((types.schema.items as { enum: string[] }).enum).toContain('temperatures');
  });

  it('leaves no documentation keyword in the document', () => {
    expect(JSON.stringify(doc)).not.toContain(OPENAPI_KEYWORD);
  });

  it('still validates the values as text: spellings outside the documented choices are accepted as before', async () => {
    const usa = await t.app.inject({ url: '/v2/weather/fields/north/observations/2024-06-01?units=USA', headers: auth });
    expect(usa.statusCode).toBe(200);
    const padded = await t.app.inject({ url: '/v2/fields?limit=007&sort=-NAME', headers: auth });
    expect(padded.statusCode).toBe(200);
  });

  it('answers bad values with the routes’ own messages', async () => {
    const limit = expectErrorBody(await t.app.inject({ url: '/v2/fields?limit=ten', headers: auth }), 400);
    expect(limit.detailedMessage).toContain('limit must be a whole number from 1 to 120');
    const repeated = expectErrorBody(await t.app.inject({ url: '/v2/fields?limit=1&limit=2', headers: auth }), 400);
    expect(repeated.detailedMessage).toBe("'limit' in the query string must be page size (a whole number).");
    const units = expectErrorBody(await t.app.inject({ url: '/v2/weather/fields/north/observations/2024-06-01?units=imperial', headers: auth }), 400);
    expect(units.detailedMessage).toContain("units must be one of metric, usa (got 'imperial')");
  });
});
