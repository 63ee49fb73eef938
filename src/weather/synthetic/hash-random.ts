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
 * The standard normal quantile (inverse cumulative distribution) of `p` in (0, 1): Wichura's
 * algorithm AS 241 (PPND16, Applied Statistics 37:477, 1988), relative error about 1e-16.
 */
export function standardNormalQuantile(p: number): number {
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((2509.0809287301226727 * r + 33430.575583588128105) * r + 67265.770927008700853) * r + 45921.953931549871457) * r + 13731.693765509461125) * r +
          1971.5909503065514427) *
          r +
          133.14166789178437745) *
          r +
          3.387132872796366608)) /
      (((((((5226.495278852854561 * r + 28729.085735721942674) * r + 39307.89580009271061) * r + 21213.794301586595867) * r + 5394.1960214247511077) * r +
        687.1870074920579083) *
        r +
        42.313330701600911252) *
        r +
        1)
    );
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value =
      (((((((7.7454501427834140764e-4 * r + 0.0227238449892691845833) * r + 0.24178072517745061177) * r + 1.27045825245236838258) * r + 3.64784832476320460504) * r +
        5.7694972214606914055) *
        r +
        4.6303378461565452959) *
        r +
        1.42343711074968357734) /
      (((((((1.05075007164441684324e-9 * r + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r + 0.14810397642748007459) * r + 0.68976733498510000455) * r +
        1.6763848301838038494) *
        r +
        2.05319162663775882187) *
        r +
        1);
  } else {
    r -= 5;
    value =
      (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r + 0.026532189526576123093) * r + 0.29656057182850489123) * r +
        1.7848265399172913358) *
        r +
        5.4637849111641143699) *
        r +
        6.6579046435011037772) /
      (((((((2.04426310338993978564e-15 * r + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r + 7.868691311456132591e-4) * r + 0.0148753612908506148525) * r +
        0.13692988092273580531) *
        r +
        0.59983220655588793769) *
        r +
        1);
  }
  return q < 0 ? -value : value;
}

/**
 * The quantiles at k / 4096 for the central cells of the table (k from QUANTILE_LOW to
 * QUANTILE_HIGH): a draw there interpolates between two of them (its error under 2e-5 of a
 * standard deviation, where the curve bends most); the outer cells (|z| above about 2.3, 2.3 % of
 * draws) take the quantile itself.
 */
const QUANTILE_BITS = 12;
const QUANTILE_LOW = 48;
const QUANTILE_HIGH = (1 << QUANTILE_BITS) - 48;
const QUANTILES = Float64Array.from({ length: QUANTILE_HIGH + 1 }, (_, k) => (k < QUANTILE_LOW ? NaN : standardNormalQuantile(k / (1 << QUANTILE_BITS))));
const FRACTION_SCALE = 1 / 2 ** (32 - QUANTILE_BITS);

/** A standard normal from a 32-bit hash: the quantile of its uniform, by the table where it can. */
export function normalFromHash(h: number): number {
  const k = h >>> (32 - QUANTILE_BITS);
  if (k >= QUANTILE_LOW && k < QUANTILE_HIGH) {
    const below = QUANTILES[k]!;
    return below + ((h & ((1 << (32 - QUANTILE_BITS)) - 1)) * FRACTION_SCALE) * (QUANTILES[k + 1]! - below);
  }
  return standardNormalQuantile((h + 0.5) / 4294967296);
}

/**
 * Two independent standard normals from the hash `h` (each the normal quantile of a uniform: of
 * `h`, and of its re-hash); writes out[i], out[i + 1]. No rejection and no logarithm for nearly
 * all draws: the quantile table serves them.
 */
export function normalPairFromHash(h: number, out: Float64Array, i: number): void {
  out[i] = normalFromHash(h);
  out[i + 1] = normalFromHash(mix32((h ^ 0x5bd1e995) >>> 0));
}

/** Standard normal cumulative distribution (Abramowitz & Stegun 26.2.17, |error| < 7.5e-8). */
export function standardNormalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = 0.3989422804014327 * Math.exp(-0.5 * z * z) * poly;
  return z >= 0 ? 1 - tail : tail;
}
