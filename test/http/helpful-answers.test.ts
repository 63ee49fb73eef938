/**
 * Answers that help a new user. A path that matches a resource family but none of its forms
 * answers 404 naming the forms that exist (taken from the routes registered, not a list kept by
 * hand); an unknown path outside any family answers the plain 404. `/favicon.ico` is an icon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsNear } from '../../src/http/error-handler.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

describe('404 for a path without its form', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = (await t.login('lost')).auth;
  });
  afterAll(async () => t?.close());

  it('lists the forms of the family the path is in', async () => {
    const error = expectErrorBody(await t.app.inject({ url: '/v2/weather/fields/north/norms', headers: auth }), 404);
    expect(error.detailedMessage).toContain('/v2/weather/fields/{fieldId}/norms/{days}');
    expect(error.detailedMessage).toContain('/v2/weather/fields/{fieldId}/norms/{days}/years/{years}');
    expect(error.detailedMessage).not.toContain('observations');
    const agronomic = expectErrorBody(await t.app.inject({ url: '/v2/agronomics/locations/41.5,-93.5/agronomicvaluez', headers: auth }), 404);
    expect(agronomic.detailedMessage).toContain('/v2/agronomics/locations/{coordinates}/agronomicvalues/{dates}');
  });

  it('answers the plain 404 outside every family', async () => {
    const error = expectErrorBody(await t.app.inject({ url: '/v3/nothing/here', headers: auth }), 404);
    expect(error.detailedMessage).toBe('No resource exists at /v3/nothing/here.');
  });

  it('keeps to the forms sharing the most segments', () => {
    const forms = ['/v2/weather/fields/:fieldId/observations', '/v2/weather/fields/:fieldId/observations/:dates', '/v2/weather/fields/:fieldId/forecasts'];
    expect(formsNear('/v2/weather/fields/x/observations/a/b', forms)).toEqual(['/v2/weather/fields/{fieldId}/observations/{dates}']);
    expect(formsNear('/v2/weather/fields/x/observationz', forms)).toEqual(['/v2/weather/fields/{fieldId}/forecasts', '/v2/weather/fields/{fieldId}/observations', '/v2/weather/fields/{fieldId}/observations/{dates}']);
    expect(formsNear('/v2/soil', forms)).toEqual([]);
  });
});

describe('/favicon.ico', () => {
  it('is a PNG icon, cached, with no token needed', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/favicon.ico' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toContain('max-age');
      expect(response.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    } finally {
      await t.close();
    }
  });
});
