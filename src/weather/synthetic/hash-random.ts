/**
 * Counter-based random numbers: every draw is a pure function of integer keys (a seed, a place,
 * a day, a channel), so any value can be recomputed alone, in any order, on any machine.
 */

/** A 32-bit integer finaliser with good avalanche (Wellons' `lowbias32`). */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hash of up to four integer keys (any sign, within ±2^31), in three steps that draws sharing keys can share. */
export function hashKeys(seed: number, a: number, b: number, c = 0): number {
  return hashKeysLast(hashKeysNext(hashPrefix(seed, a), b), c);
}

/** The first step of `hashKeys(seed, a, …)`, for draws that share `seed` and `a`. */
export function hashPrefix(seed: number, a: number): number {
  return mix32((mix32((seed ^ 0x9e3779b9) >>> 0) + Math.imul(a | 0, 0x85ebca6b)) >>> 0);
}

/** The second step of `hashKeys`, for draws that also share `b`. */
export function hashKeysNext(prefix: number, b: number): number {
  return mix32((prefix + Math.imul(b | 0, 0xc2b2ae35)) >>> 0);
}

/** The last step of `hashKeys`. */
export function hashKeysLast(h: number, c: number): number {
  return mix32((h + Math.imul(c | 0, 0x27d4eb2f)) >>> 0);
}

/** A uniform number in (0, 1) from a 32-bit hash. */
export function hashToUniform(h: number): number {
  return (h + 0.5) / 4294967296;
}

/**
 * Two independent standard normals from the hash `h` (Marsaglia's polar method, its candidate
 * points drawn from successive re-hashes of `h`); writes out[i], out[i + 1].
 */
export function normalPairFromHash(h: number, out: Float64Array, i: number): void {
  for (;;) {
    const h2 = mix32((h ^ 0x5bd1e995) >>> 0);
    const x = (h + 0.5) / 2147483648 - 1;
    const y = (h2 + 0.5) / 2147483648 - 1;
    const s = x * x + y * y;
    if (s < 1 && s > 0) {
      const f = Math.sqrt((-2 * Math.log(s)) / s);
      out[i] = x * f;
      out[i + 1] = y * f;
      return;
    }
    h = mix32((h2 + 0x6a09e667) >>> 0);
  }
}

/** Standard normal cumulative distribution (Abramowitz & Stegun 26.2.17, |error| < 7.5e-8). */
export function standardNormalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = 0.3989422804014327 * Math.exp(-0.5 * z * z) * poly;
  return z >= 0 ? 1 - tail : tail;
}
