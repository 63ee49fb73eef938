/**
 * The map image service: a request is checked (layer codes, zoom, size, interval and tile address
 * → 400 naming the parameter; the field of the account → 404; the key's map limits → 403; a weather
 * source for weather layers → 503) and described before anything is drawn.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import type { AuthContext, MapAccess } from '../../src/core/auth-context.js';
import { fieldNotFound, type FieldRecord } from '../../src/services/field-service.js';
import { createMapImageService } from '../../src/services/map-image-service.js';
import { SourceUnavailableError } from '../../src/weather/weather-source.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { parameterMessage, rejection } from '../support/domain-errors.js';

const HOUR = 3_600_000;
const NOW = Date.parse('2024-06-15T12:34:56Z');
const FIELD: FieldRecord = { id: 'north', name: null, farmId: 'farm', acres: null, latitude: 41.9, longitude: -93.4 };

const caller = (mapAccess?: MapAccess): AuthContext => ({ key: 'k', accountId: 1, accountName: 'maps', enterprise: false, ...(mapAccess ? { mapAccess } : {}) });

function setup(withWeather = true) {
  const weather = createFakeWeatherSource();
  const clock = manualClock(NOW);
  const maps = createMapImageService({
    fields: { get: async (accountId, id) => (accountId === 1 && id === 'north' ? FIELD : Promise.reject(fieldNotFound(id))) },
    clock,
    ...(withWeather ? { weather } : {}),
  });
  return { maps, weather, clock };
}

describe('map image service', () => {
  it("is 400 naming the parameter for bad layer codes, zoom, size, interval or tile address", async () => {
    const { maps } = setup();
    const invalidField = async (request: Partial<Parameters<typeof maps.fieldImage>[1]>, parameter: string) =>
      rejection(maps.fieldImage(caller(), { types: 'base', fieldId: 'north', ...request }), { kind: 'invalid', simpleMessage: parameterMessage(parameter) });
    const unknown = await invalidField({ types: 'base,clouds' }, 'types');
    expect(unknown.detailedMessage).toContain("unknown layer code 'clouds'");
    await invalidField({ types: 'base,base' }, 'types');
    await invalidField({ types: 'base,' }, 'types');
    await invalidField({ zoom: '0' }, 'zoom');
    await invalidField({ zoom: '22' }, 'zoom');
    await invalidField({ zoom: '1.5' }, 'zoom');
    await invalidField({ size: '2049x10' }, 'size');
    await invalidField({ size: '500' }, 'size');
    await invalidField({ size: '0x10' }, 'size');
    await invalidField({ interval: '-1' }, 'interval');
    // The parameters are checked before the field is looked up.
    await rejection(maps.fieldImage(caller(), { types: 'base', fieldId: 'south', zoom: '99' }), { kind: 'invalid', simpleMessage: parameterMessage('zoom') });

    const invalidTile = (address: string, parameter: string) => rejection(maps.tile(caller(), { types: 'base', address }), { kind: 'invalid', simpleMessage: parameterMessage(parameter) });
    await invalidTile('1,2', 'X,Y,zoom');
    await invalidTile('4,0,2', 'X');
    await invalidTile('0,4,2', 'Y');
    await invalidTile('0,0,22', 'zoom');
  });

  it("is 404 for a field the account does not have", async () => {
    const { maps } = setup();
    await rejection(maps.fieldImage(caller(), { types: 'base', fieldId: 'south' }), { kind: 'notFound', simpleMessage: 'Field not found.' });
    await rejection(maps.fieldImage({ ...caller(), accountId: 2 }, { types: 'base', fieldId: 'north' }), { kind: 'notFound', simpleMessage: 'Field not found.' });
  });

  it("is 403 for a layer or a region the key's map limits leave out, worded by which", async () => {
    const { maps } = setup();
    const layers = await rejection(maps.fieldImage(caller({ layers: ['base'] }), { types: 'base,temperatures,states', fieldId: 'north' }), {
      kind: 'forbidden',
      simpleMessage: 'Map layer not allowed.',
    });
    expect(layers.detailedMessage).toBe('this key may not use the layers temperatures, states; map access is limited per API key.');
    const europe = { west: -10, south: 35, east: 30, north: 60 };
    await rejection(maps.fieldImage(caller({ regions: [europe] }), { types: 'base', fieldId: 'north' }), { kind: 'forbidden', simpleMessage: 'Map region not allowed.' });
    await rejection(maps.tile(caller({ regions: [europe] }), { types: 'base', address: '0,0,1' }), { kind: 'forbidden', simpleMessage: 'Map region not allowed.' });
    // Inside the limits: described.
    const iowa = { west: -97, south: 40, east: -90, north: 44 };
    const allowed = await maps.fieldImage(caller({ layers: ['base', 'temperatures'], regions: [europe, iowa] }), { types: 'temperatures', fieldId: 'north', zoom: '10' });
    expect(allowed.description.layers.map((layer) => layer.code)).toEqual(['temperatures']);
  });

  it('refuses weather layers without a weather source (503), and describes reference layers', async () => {
    const { maps } = setup(false);
    const refused = await maps.fieldImage(caller(), { types: 'base,temperatures,wind', fieldId: 'north' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SourceUnavailableError);
    expect((refused as SourceUnavailableError).retryAfterSeconds).toBe(3600);
    expect((refused as SourceUnavailableError).message).toContain('the weather layers temperatures, wind cannot be drawn; reference layers can');
    await expect(maps.tile(caller(), { types: 'radar', address: '0,0,1' })).rejects.toBeInstanceOf(SourceUnavailableError);
    const reference = await maps.fieldImage(caller(), { types: 'base,states', fieldId: 'north' });
    expect(reference.dataSource).toBeNull();
    expect(reference.description.updateTimes).toEqual({});
    expect(reference.description.layers.map((layer) => layer.code)).toEqual(['base', 'states']);
  });

  it('describes an image (ETag, update times, box) before drawing it, reading no weather', async () => {
    const { maps, weather, clock } = setup();
    const prepared = await maps.fieldImage(caller(), { types: 'base,temperatures', fieldId: 'north', size: '200x100', zoom: '8' });
    expect(prepared.dataSource).toBe('fake');
    expect(prepared.description.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    // Temperatures are updated hourly: the latest update started at 12:00.
    expect(prepared.description.updateTimes).toEqual({ temperatures: Date.parse('2024-06-15T12:00:00Z') });
    const { bbox } = prepared.description;
    expect(bbox.west).toBeLessThan(FIELD.longitude);
    expect(bbox.east).toBeGreaterThan(FIELD.longitude);
    expect(bbox.east - bbox.west).toBeGreaterThan(bbox.north - bbox.south);
    expect(weather.dailyCalls).toHaveLength(0);
    expect(weather.hourlyCalls).toHaveLength(0);

    // The same request gives the same ETag until the next update; an earlier update another one.
    const again = await maps.fieldImage(caller(), { types: 'base,temperatures', fieldId: 'north', size: '200x100', zoom: '8' });
    expect(again.description.etag).toBe(prepared.description.etag);
    const archived = await maps.fieldImage(caller(), { types: 'base,temperatures', fieldId: 'north', size: '200x100', zoom: '8', interval: '2' });
    expect(archived.description.updateTimes).toEqual({ temperatures: Date.parse('2024-06-15T10:00:00Z') });
    expect(archived.description.etag).not.toBe(prepared.description.etag);
    clock.advance(HOUR);
    const later = await maps.fieldImage(caller(), { types: 'base,temperatures', fieldId: 'north', size: '200x100', zoom: '8' });
    expect(later.description.etag).not.toBe(prepared.description.etag);
  });

  it('is 404 for an update no longer kept', async () => {
    const { maps } = setup();
    // Hourly layers keep 24 updates: intervals 0 to 23.
    expect((await maps.tile(caller(), { types: 'temperatures', address: '0,0,1', interval: '23' })).description.updateTimes).toEqual({
      temperatures: Date.parse('2024-06-15T12:00:00Z') - 23 * HOUR,
    });
    await rejection(maps.tile(caller(), { types: 'temperatures', address: '0,0,1', interval: '24' }), { kind: 'notFound', simpleMessage: 'Map image not found.' });
  });

  it('draws a described reference image as a PNG of the asked size', async () => {
    const { maps } = setup(false);
    const prepared = await maps.fieldImage(caller(), { types: 'base', fieldId: 'north', size: '16x8', zoom: '5' });
    const image = await prepared.render();
    expect(image.png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image).toMatchObject({ width: 16, height: 8, etag: prepared.description.etag });
  });
});
