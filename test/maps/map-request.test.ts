import { describe, expect, it } from 'vitest';
import {
  MAX_IMAGE_SIDE,
  MapForbiddenError,
  MapNotFoundError,
  MapValidationError,
  allMapLayers,
  checkMapAccess,
  keptUpdates,
  parseImageSize,
  parseInterval,
  parseLayerCodes,
  parseTileAddress,
  parseZoom,
  tileBounds,
  updateTimeFor,
} from '../../src/maps/index.js';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return null;
}

describe('map request parameters', () => {
  it('parses layer codes in the order given', () => {
    expect(parseLayerCodes('base,states,temperatures')).toEqual(['base', 'states', 'temperatures']);
    expect(parseLayerCodes('radar')).toEqual(['radar']);
  });

  it('rejects unknown, empty and repeated layer codes with an error naming types', () => {
    for (const bad of ['base,rainbow', '', 'base,,states', 'base,base']) {
      const error = thrown(() => parseLayerCodes(bad));
      expect(error).toBeInstanceOf(MapValidationError);
      expect((error as MapValidationError).parameter).toBe('types');
    }
    expect(() => parseLayerCodes('base,rainbow')).toThrow(/rainbow/);
  });

  it('knows every layer code of the spec', () => {
    expect(allMapLayers.map((layer) => layer.code).sort()).toEqual(
      [
        'base', 'earth', 'states', 'counties', 'cities', 'roads', 'rivers', 'radar', 'satellite', 'globalsatellite',
        'highressatellite', 'alerts', 'severealerts', 'ftemperatures', 'temperatures', 'dewpoints', 'relativehumidity',
        'precipitation', 'wind',
      ].sort(),
    );
  });

  it('parses tile addresses and rejects X/Y outside the zoom', () => {
    expect(parseTileAddress('15,23,6')).toEqual({ x: 15, y: 23, zoom: 6 });
    expect((thrown(() => parseTileAddress('64,0,6')) as MapValidationError).parameter).toBe('X');
    expect((thrown(() => parseTileAddress('0,64,6')) as MapValidationError).parameter).toBe('Y');
    expect((thrown(() => parseTileAddress('0,0,22')) as MapValidationError).parameter).toBe('zoom');
    expect((thrown(() => parseTileAddress('0,0,0')) as MapValidationError).parameter).toBe('zoom');
    expect((thrown(() => parseTileAddress('-1,0,3')) as MapValidationError).parameter).toBe('X');
    expect(thrown(() => parseTileAddress('1,2'))).toBeInstanceOf(MapValidationError);
    expect(thrown(() => parseTileAddress('a,2,3'))).toBeInstanceOf(MapValidationError);
  });

  it('defaults zoom to 18 and size to 500x500, and bounds the size', () => {
    expect(parseZoom(undefined)).toBe(18);
    expect(parseZoom('21')).toBe(21);
    expect(() => parseZoom('22')).toThrow(MapValidationError);
    expect(() => parseZoom('1.5')).toThrow(MapValidationError);
    expect(parseImageSize(undefined)).toEqual({ width: 500, height: 500 });
    expect(parseImageSize('640x480')).toEqual({ width: 640, height: 480 });
    for (const bad of ['0x10', '10x0', `${MAX_IMAGE_SIDE + 1}x10`, '500', '500x', 'axb', '-5x5']) {
      const error = thrown(() => parseImageSize(bad));
      expect(error, bad).toBeInstanceOf(MapValidationError);
      expect((error as MapValidationError).parameter).toBe('size');
    }
  });

  it('parses archive intervals', () => {
    expect(parseInterval('0')).toBe(0);
    expect(parseInterval('12')).toBe(12);
    expect(() => parseInterval('-1')).toThrow(MapValidationError);
    expect(() => parseInterval('x')).toThrow(MapValidationError);
  });
});

describe('archive intervals', () => {
  const now = Date.UTC(2024, 6, 15, 20, 17, 0);
  const radar = allMapLayers.find((layer) => layer.code === 'radar')!;
  const temperatures = allMapLayers.find((layer) => layer.code === 'temperatures')!;
  const states = allMapLayers.find((layer) => layer.code === 'states')!;

  it('steps back by the layer update period', () => {
    expect(updateTimeFor(radar, now, 0)).toBe(Date.UTC(2024, 6, 15, 20, 12, 0));
    expect(updateTimeFor(radar, now, 2)).toBe(Date.UTC(2024, 6, 15, 20, 0, 0));
    expect(updateTimeFor(temperatures, now, 3)).toBe(Date.UTC(2024, 6, 15, 17, 0, 0));
  });

  it('keeps 24 hours of updates and reports older intervals as not found', () => {
    expect(keptUpdates(temperatures)).toBe(24);
    expect(keptUpdates(radar)).toBe(240);
    expect(() => updateTimeFor(temperatures, now, 23)).not.toThrow();
    const error = thrown(() => updateTimeFor(temperatures, now, 24));
    expect(error).toBeInstanceOf(MapNotFoundError);
    expect((error as MapNotFoundError).parameter).toBe('interval');
  });

  it('ignores the interval for reference layers', () => {
    expect(updateTimeFor(states, now, 100_000)).toBeNull();
  });
});

describe('map access limits', () => {
  const iowaTile = tileBounds(15, 23, 6);
  it('allows everything without limits', () => {
    expect(() => checkMapAccess(undefined, { layers: ['radar'], bbox: iowaTile })).not.toThrow();
  });

  it('forbids layers the key may not use', () => {
    const error = thrown(() => checkMapAccess({ layers: ['base', 'states'] }, { layers: ['base', 'radar'], bbox: iowaTile }));
    expect(error).toBeInstanceOf(MapForbiddenError);
    expect((error as MapForbiddenError).reason).toBe('layer');
    expect((error as Error).message).toMatch(/radar/);
  });

  it('forbids images outside the allowed regions', () => {
    const midwest = { west: -105, south: 35, east: -80, north: 50 };
    expect(() => checkMapAccess({ regions: [midwest] }, { layers: ['radar'], bbox: iowaTile })).not.toThrow();
    const europe = tileBounds(32, 22, 6);
    const error = thrown(() => checkMapAccess({ regions: [midwest] }, { layers: ['radar'], bbox: europe }));
    expect(error).toBeInstanceOf(MapForbiddenError);
    expect((error as MapForbiddenError).reason).toBe('region');
  });
});
