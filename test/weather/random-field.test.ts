import { describe, expect, it } from 'vitest';
import { hashKeys, hashKeysLast, hashKeysNext, hashPrefix, mix32, normalPairFromHash, standardNormalCdf, standardNormalQuantile } from '../../src/weather/synthetic/hash-random.js';
import { createRandomField } from '../../src/weather/synthetic/random-field.js';

const OPTIONS = { seed: 1234567, spacingDeg: 2, localShare: 0.12, pairs: 2 };

/** The field's definition, computed directly from the hashes (no table of recent draws). */
function direct(point: { nodes: Int32Array; weights: Float64Array; localKey: number }, epochDay: number): number[] {
  const pair = new Float64Array(2);
  const out: number[] = [];
  for (let p = 0; p < OPTIONS.pairs; p++) {
    let a = 0;
    let b = 0;
    for (let i = 0; i < 4; i++) {
      if (point.weights[i] === 0) continue;
      normalPairFromHash(hashKeys(OPTIONS.seed, point.nodes[i]!, epochDay, p), pair, 0);
      a += point.weights[i]! * pair[0]!;
      b += point.weights[i]! * pair[1]!;
    }
    normalPairFromHash(hashKeys((OPTIONS.seed ^ 0x2545f491) >>> 0, point.localKey, epochDay, p), pair, 0);
    out.push(a + Math.sqrt(OPTIONS.localShare) * pair[0]!, b + Math.sqrt(OPTIONS.localShare) * pair[1]!);
  }
  return out;
}

describe('normal draws', () => {
  it('take the standard normal quantile of published tables', () => {
    // Quantiles as tabulated (e.g. NIST/SEMATECH e-Handbook; R's qnorm to 16 digits).
    for (const [p, z] of [[0.5, 0], [0.8, 0.8416212335729143], [0.975, 1.959963984540054], [0.999, 3.090232306167813], [1e-10, -6.361340902404056]] as const) {
      expect(standardNormalQuantile(p)).toBeCloseTo(z, 12);
      expect(standardNormalQuantile(1 - p)).toBeCloseTo(-z, p < 1e-6 ? 6 : 12);
    }
    // Back through the cumulative distribution (Abramowitz & Stegun 26.2.17, within 7.5e-8).
    for (let p = 0.001; p < 1; p += 0.0137) expect(Math.abs(standardNormalCdf(standardNormalQuantile(p)) - p)).toBeLessThan(1e-7);
  });

  it('are standard normal pairs: mean 0, variance 1, normal tails, the two of a pair uncorrelated', () => {
    const n = 400_000;
    const pair = new Float64Array(2);
    let [sum, squares, fourth, cross, beyond2, beyond3] = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < n / 2; i++) {
      normalPairFromHash(mix32(Math.imul(i, 0x9e3779b1) >>> 0), pair, 0);
      for (const z of pair) {
        sum += z;
        squares += z * z;
        fourth += z ** 4;
        if (Math.abs(z) > 2) beyond2++;
        if (Math.abs(z) > 3) beyond3++;
      }
      cross += pair[0]! * pair[1]!;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    expect(squares / n).toBeCloseTo(1, 1);
    expect(fourth / n).toBeGreaterThan(2.9);
    expect(fourth / n).toBeLessThan(3.1);
    expect(Math.abs(cross / (n / 2))).toBeLessThan(0.01);
    expect(beyond2 / n).toBeCloseTo(0.0455, 2);
    expect(beyond3 / n).toBeGreaterThan(0.002);
    expect(beyond3 / n).toBeLessThan(0.0035);
  });
});

describe('hash steps', () => {
  /** hashKeys as the reference weather was generated with: four rounds of Wellons' lowbias32, written out. */
  function fourRounds(seed: number, a: number, b: number, c: number): number {
    const mix = (x: number) => {
      x ^= x >>> 16;
      x = Math.imul(x, 0x7feb352d);
      x ^= x >>> 15;
      x = Math.imul(x, 0x846ca68b);
      x ^= x >>> 16;
      return x >>> 0;
    };
    let h = mix((seed ^ 0x9e3779b9) >>> 0);
    h = mix((h + Math.imul(a | 0, 0x85ebca6b)) >>> 0);
    h = mix((h + Math.imul(b | 0, 0xc2b2ae35)) >>> 0);
    return mix((h + Math.imul(c | 0, 0x27d4eb2f)) >>> 0);
  }

  it('hashKeys and hashKeysLast(hashKeysNext(hashPrefix(seed, a), b), c) are the four rounds, negative keys included', () => {
    const keys = [0, 1, -1, 7, 19_000, -25_567, 2_147_483_647, -2_147_483_648, 123_456_789];
    for (const seed of [0, 1234567, 0xffffffff, 0x61677778])
      for (const a of keys)
        for (const b of keys)
          for (const c of [0, 1, 2, -3]) {
            const expected = fourRounds(seed, a, b, c);
            expect(hashKeys(seed, a, b, c)).toBe(expected);
            expect(hashKeysLast(hashKeysNext(hashPrefix(seed, a), b), c)).toBe(expected);
          }
  });
});

describe('random field', () => {
  it('draws the same normals whatever was drawn before, for places sharing nodes and far apart, any day', () => {
    const field = createRandomField(OPTIONS);
    const places = [
      [41.6, -93.6],
      [41.7, -93.5],
      [40.9, -94.9],
      [-33.0, -60.7],
      [89.9, 179.9],
      [-89.9, -180],
    ] as const;
    const points = places.map(([lat, lon], k) => field.pointAt(lat, lon, 1000 + k));
    const out = new Float64Array(2 * OPTIONS.pairs);
    // Many days and places interleaved, twice over, so that kept draws are reused and overwritten.
    for (let round = 0; round < 2; round++) {
      for (let day = -30_000; day < 60_000; day += 997) {
        for (const point of points) {
          field.normals(point, day, out);
          expect(Array.from(out)).toEqual(direct(point, day));
        }
      }
    }
  });

  it('draws a run of days as each day alone, to the bit, across block edges, before 1970 and between places', () => {
    const field = createRandomField({ ...OPTIONS, pairs: 3, localShare: 0.04 });
    const width = 6;
    const places = [
      [41.6, -93.6],
      [41.7, -93.5],
      [-33.0, -60.7],
      [0, 0],
    ] as const;
    const points = places.map(([lat, lon], k) => field.pointAt(lat, lon, 50 + k));
    // Runs starting on, just before and after 32-day edges, single days, and runs longer than a year.
    const runs: [number, number][] = [
      [0, 1],
      [31, 2],
      [-33, 70],
      [-730_000, 40],
      [19_990, 400],
      [20_001, 31],
      [20_000, 32],
    ];
    for (let round = 0; round < 2; round++) {
      for (const point of points) {
        for (const [first, count] of runs) {
          const range = new Float64Array(count * width);
          field.normalsRange(point, first, count, range);
          const day = new Float64Array(width);
          for (let d = 0; d < count; d++) {
            field.normals(point, first + d, day);
            expect(Array.from(range.subarray(d * width, (d + 1) * width))).toEqual(Array.from(day));
          }
        }
      }
    }
    // Against the definition itself for the two-pair field of the other test.
    const two = createRandomField(OPTIONS);
    const point = two.pointAt(41.6, -93.6, 7);
    const range = new Float64Array(100 * 4);
    two.normalsRange(point, -50, 100, range);
    for (let d = 0; d < 100; d++) expect(Array.from(range.subarray(d * 4, d * 4 + 4))).toEqual(direct(point, -50 + d));
  });

  it('gives unit-variance drivers that neighbours share and distant places do not', () => {
    const field = createRandomField(OPTIONS);
    const a = field.pointAt(41.6, -93.6, 1);
    const b = field.pointAt(41.62, -93.58, 2);
    const c = field.pointAt(-33, -60.7, 3);
    const out = new Float64Array(4);
    const xs: number[][] = [[], [], []];
    for (let day = 0; day < 4000; day++) {
      [a, b, c].forEach((point, k) => {
        field.normals(point, day, out);
        xs[k]!.push(out[0]!);
      });
    }
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    const corr = (u: number[], v: number[]) => {
      const mu = mean(u);
      const mv = mean(v);
      let suv = 0;
      let suu = 0;
      let svv = 0;
      u.forEach((x, i) => {
        suv += (x - mu) * (v[i]! - mv);
        suu += (x - mu) ** 2;
        svv += (v[i]! - mv) ** 2;
      });
      return suv / Math.sqrt(suu * svv);
    };
    expect(Math.abs(mean(xs[0]!.map((x) => x * x)) - 1)).toBeLessThan(0.08);
    expect(corr(xs[0]!, xs[1]!)).toBeGreaterThan(0.8);
    expect(Math.abs(corr(xs[0]!, xs[2]!))).toBeLessThan(0.06);
  });
});
