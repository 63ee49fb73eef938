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
}

/** Entries of a field's table of recent node draws (a power of two; 16 bytes and a key each). */
const MEMO_SLOTS = 1 << 14;

export function createRandomField(options: RandomFieldOptions): RandomField {
  const { seed, spacingDeg, localShare, pairs } = options;
  const columns = Math.round(360 / spacingDeg);
  const fieldScale = Math.sqrt(1 - localShare);
  const localScale = Math.sqrt(localShare);
  const scratch = new Float64Array(2);
  const localSeed = (seed ^ 0x2545f491) >>> 0;
  const normalPair = normalPairFromHash;

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

  // The lattice part of a draw depends only on (node, day, pair), and neighbouring places share
  // their nodes: the last draws are kept in a small direct-mapped table (exact: a hit is the value
  // the hash would give), so places generated together over the same days draw each node once.
  const memoKeys = new Float64Array(MEMO_SLOTS).fill(NaN);
  const memoValues = new Float64Array(2 * MEMO_SLOTS);
  const nodeCount = columns * (Math.round(180 / spacingDeg) + 2);

  // Each draw is hashKeys(seed, node, day, pair), taken in steps: the (seed, node) prefix is the
  // place's, the (node, day) step is shared by the day's pairs.
  function normals(point: RandomFieldPoint, epochDay: number, out: Float64Array): void {
    for (let p = 0; p < 2 * pairs; p++) out[p] = 0;
    for (let i = 0; i < 4; i++) {
      const w = point.weights[i]!;
      if (w === 0) continue;
      const node = point.nodes[i]!;
      const dayKey = (epochDay * nodeCount + node) * pairs;
      const nodeSlot = Math.imul(node, 0x9e3779b1) ^ Math.imul(epochDay, 0x85ebca6b);
      let dayHash = -1;
      for (let p = 0; p < pairs; p++) {
        const slot = (nodeSlot ^ p) & (MEMO_SLOTS - 1);
        if (memoKeys[slot] !== dayKey + p) {
          if (dayHash < 0) dayHash = hashKeysNext(point.nodePrefixes[i]!, epochDay);
          normalPair(hashKeysLast(dayHash, p), memoValues, 2 * slot);
          memoKeys[slot] = dayKey + p;
        }
        out[2 * p] += w * memoValues[2 * slot]!;
        out[2 * p + 1] += w * memoValues[2 * slot + 1]!;
      }
    }
    if (localScale > 0) {
      const dayHash = hashKeysNext(point.localPrefix, epochDay);
      for (let p = 0; p < pairs; p++) {
        normalPair(hashKeysLast(dayHash, p), scratch, 0);
        out[2 * p] += localScale * scratch[0]!;
        out[2 * p + 1] += localScale * scratch[1]!;
      }
    }
  }

  return { options: { ...options }, pointAt, normals };
}
