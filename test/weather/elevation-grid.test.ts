import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeElevationGrid, encodeElevationGrid, loadElevationGrid } from '../../src/weather/elevation/elevation-grid.js';

describe('the shipped elevation grid (ETOPO5, 10′ land means)', () => {
  const grid = loadElevationGrid();

  it('covers the globe at 10 arc-minutes', () => {
    expect([grid.columns, grid.rows]).toEqual([2160, 1080]);
  });

  // Published station or city elevations; a 10′ cell mean (about 18 km) differs from a point by
  // the relief around it, so the tolerance grows with the terrain.
  it.each([
    ['Fallon AgriMet, Nevada', 39.4575, -118.77388, 1208, 60],
    ['Kimberly, Idaho', 42.53, -114.36, 1195, 60],
    ['Denver, Colorado', 39.74, -104.99, 1609, 120],
    ['Mexico City', 19.43, -99.13, 2240, 150],
    ['Addis Ababa', 9.03, 38.74, 2355, 250],
    ['Nairobi', -1.29, 36.82, 1795, 250],
    ['De Bilt', 52.1, 5.18, 2, 20],
    ['Fresno, California', 36.74, -119.79, 94, 40],
  ] as const)('%s (%d, %d) is about %d m', (_name, latitude, longitude, published, tolerance) => {
    expect(Math.abs(grid.elevationAt(latitude, longitude) - published)).toBeLessThanOrEqual(tolerance);
  });

  it('reads 0 m at sea and wraps longitudes', () => {
    expect(grid.elevationAt(30, -40)).toBe(0);
    expect(grid.elevationAt(-45, 170 - 360)).toBe(grid.elevationAt(-45, 170));
    expect(grid.elevationAt(90, 180)).toBe(grid.elevationAt(89.95, -179.95));
  });
});

describe('elevation grid format', () => {
  it('round-trips values, north first and from 180° W', () => {
    const values = new Int16Array([0, 10, -5, 3000, 8848, 0, 1, 2]);
    const grid = decodeElevationGrid(encodeElevationGrid(4, 2, values, (b) => gzipSync(b)));
    expect([...grid.values]).toEqual([...values]);
    // 2 rows of 90°, 4 columns of 90°
    expect(grid.elevationAt(45, -180)).toBe(0);
    expect(grid.elevationAt(45, 100)).toBe(3000);
    expect(grid.elevationAt(-45, -100)).toBe(8848);
    expect(grid.elevationAt(-45, 10)).toBe(1);
  });

  it('refuses a file of another kind', () => {
    expect(() => decodeElevationGrid(gzipSync(Buffer.from('not a grid at all')))).toThrow('not an agwx elevation grid');
  });
});
