/**
 * Spatially coherent daily random drivers. Independent standard normals are hashed from
 * (lattice node, day, channel pair) on a coarse latitude/longitude lattice and interpolated
 * bilinearly to a place, divided by the root of the summed squared weights so that the result is
 * again a unit normal everywhere. A small local part, hashed from the place's own key, is mixed in
 * (`localShare` of the variance). Places in the same lattice cell share their drivers almost
 * entirely; places two or more lattice spacings apart have independent ones. Over consecutive days
 * the drivers are independent: persistence comes from the generator's autoregression.
 */
import { hashKeysLast, hashKeysNext, hashPrefix, normalPairFromHash } from './hash-random.js';

export interface RandomFieldOptions {
  seed: number;
  /** Lattice spacing, degrees of latitude and of longitude. */
  spacingDeg: number;
  /** Share of the variance that is local to the place (0..1). */
  localShare: number;
  /** Number of normal pairs drawn per node and day. */
  pairs: number;
}

/** The interpolation stencil of one place: four lattice nodes and their normalised weights. */
export interface RandomFieldPoint {
  readonly nodes: Int32Array;
  readonly weights: Float64Array;
  readonly localKey: number;
  /** The hash of (field seed, node) for each node, and of (local seed, localKey): what every draw of the place starts from. */
  readonly nodePrefixes: Uint32Array;
  readonly localPrefix: number;
}

export interface RandomField {
  readonly options: Readonly<RandomFieldOptions>;
  pointAt(latitude: number, longitude: number, localKey: number): RandomFieldPoint;
  /** Writes 2 × pairs unit normals for the place and day into `out` (starting at 0). */
  normals(point: RandomFieldPoint, epochDay: number, out: Float64Array): void;
  /**
   * Writes the normals of `count` consecutive days from `firstEpochDay` into `out`, day after day
   * (2 × pairs each, starting at 0): the values `normals` gives for each day, to the bit.
   */
  normalsRange(point: RandomFieldPoint, firstEpochDay: number, count: number, out: Float64Array): void;
}

/**
 * Days of a block of one node's draws: what the field draws and keeps at a time. The generator's
 * spin-up, a quarter of its block (weather-generator.ts), so that a generator block and its 8 days
 * of spin-up draw exactly five of them and no day more.
 */
const BLOCK_DAYS = 8;
/** Blocks a field keeps (a power of two): 8192 × 8 days × 2 × pairs numbers, 1 MB a pair. */
const BLOCK_SLOTS = 1 << 13;

export function createRandomField(options: RandomFieldOptions): RandomField {
  const { seed, spacingDeg, localShare, pairs } = options;
  const columns = Math.round(360 / spacingDeg);
  const fieldScale = Math.sqrt(1 - localShare);
  const localScale = Math.sqrt(localShare);
  const scratch = new Float64Array(2);
  const localSeed = (seed ^ 0x2545f491) >>> 0;
  const normalPair = normalPairFromHash;
  const width = 2 * pairs;

  function pointAt(latitude: number, longitude: number, localKey: number): RandomFieldPoint {
    const y = (latitude + 90) / spacingDeg;
    const x = (((longitude % 360) + 360) % 360) / spacingDeg;
    const r0 = Math.floor(y);
    const c0 = Math.floor(x);
    const ty = y - r0;
    const tx = x - c0;
    const nodes = new Int32Array(4);
    const weights = new Float64Array(4);
    const raw = [(1 - ty) * (1 - tx), (1 - ty) * tx, ty * (1 - tx), ty * tx];
    const norm = Math.sqrt(raw.reduce((s, w) => s + w * w, 0));
    for (let i = 0; i < 4; i++) {
      const r = r0 + (i >> 1);
      const c = (c0 + (i & 1)) % columns;
      nodes[i] = r * columns + c;
      weights[i] = (raw[i]! / norm) * fieldScale;
    }
    const nodePrefixes = new Uint32Array(4);
    for (let i = 0; i < 4; i++) nodePrefixes[i] = hashPrefix(seed, nodes[i]!);
    return { nodes, weights, localKey, nodePrefixes, localPrefix: hashPrefix(localSeed, localKey) };
  }

  // The lattice part of a draw depends only on (node, day, pair), and the places of a lattice
  // square share its four nodes: a node's draws are made 8 days at a time and kept in a
  // direct-mapped table of blocks (exact: a kept block holds the values the hashes give), so the
  // places of a region, and the years and windows of one place, draw each node-day once. A place
  // then costs only its own local draws and the weighted sums.
  const nodeCount = columns * (Math.round(180 / spacingDeg) + 2);
  const blockDoubles = BLOCK_DAYS * width;
  const blockKeys = new Float64Array(BLOCK_SLOTS).fill(NaN);
  const blocks = new Float64Array(BLOCK_SLOTS * blockDoubles);

  /** Where the draws of `node` (its hash prefix `prefix`) over the days of `block` start in `blocks`. */
  function blockAt(node: number, prefix: number, block: number): number {
    const key = block * nodeCount + node;
    const slot = (Math.imul(node, 0x9e3779b1) ^ Math.imul(block, 0x85ebca6b)) & (BLOCK_SLOTS - 1);
    const base = slot * blockDoubles;
    if (blockKeys[slot] !== key) {
      // Each draw is hashKeys(seed, node, day, pair), taken in steps: the (seed, node) prefix is
      // the node's, the (node, day) step is shared by the day's pairs.
      const firstDay = block * BLOCK_DAYS;
      for (let d = 0; d < BLOCK_DAYS; d++) {
        const dayHash = hashKeysNext(prefix, firstDay + d);
        for (let p = 0; p < pairs; p++) normalPair(hashKeysLast(dayHash, p), blocks, base + d * width + 2 * p);
      }
      blockKeys[slot] = key;
    }
    return base;
  }

  function normalsRange(point: RandomFieldPoint, firstEpochDay: number, count: number, out: Float64Array): void {
    out.fill(0, 0, count * width);
    // Node by node, each number summed in the same order as one day at a time: 0, then the
    // weighted draws of nodes 0 to 3, then the local part.
    for (let i = 0; i < 4; i++) {
      const w = point.weights[i]!;
      if (w === 0) continue;
      const node = point.nodes[i]!;
      const prefix = point.nodePrefixes[i]!;
      for (let d = 0; d < count; ) {
        const e = firstEpochDay + d;
        const block = Math.floor(e / BLOCK_DAYS);
        const from = e - block * BLOCK_DAYS;
        const take = Math.min(BLOCK_DAYS - from, count - d);
        const base = blockAt(node, prefix, block) + from * width;
        const at = d * width;
        for (let k = 0; k < take * width; k++) out[at + k] += w * blocks[base + k]!;
        d += take;
      }
    }
    if (localScale > 0) {
      for (let d = 0; d < count; d++) {
        const dayHash = hashKeysNext(point.localPrefix, firstEpochDay + d);
        const at = d * width;
        for (let p = 0; p < pairs; p++) {
          normalPair(hashKeysLast(dayHash, p), scratch, 0);
          out[at + 2 * p] += localScale * scratch[0]!;
          out[at + 2 * p + 1] += localScale * scratch[1]!;
        }
      }
    }
  }

  function normals(point: RandomFieldPoint, epochDay: number, out: Float64Array): void {
    normalsRange(point, epochDay, 1, out);
  }

  return { options: { ...options }, pointAt, normals, normalsRange };
}
