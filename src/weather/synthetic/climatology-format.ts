/**
 * The compact climatology file (`data/climatology/cru-cl-1.0-land.bin.gz`): CRU CL 1.0 monthly
 * means at 0.5°, land cells only, as int16 arrays in the source's own scaled units, gzip-compressed.
 *
 * Layout after gunzip (little-endian):
 *   bytes 0-7    magic `AGWXCLIM`
 *   uint32       format version (1)
 *   uint32       byte length n of the JSON header
 *   n bytes      JSON header ({@link ClimatologyHeader})
 *   padding      zero bytes up to a multiple of 4
 *   rows*cols/8  land mask, one bit per 0.5° cell, row-major from the north-west corner,
 *                least significant bit first
 *   per variable (header order), per month 1..12: landCount int16 values in land order
 *                (row-major), each stored as the difference from the previous land cell's
 *                value of that month (the first as is): neighbours differ little, so this
 *                compresses several times better.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

export const CLIMATOLOGY_MAGIC = 'AGWXCLIM';
export const CLIMATOLOGY_FORMAT_VERSION = 1;

/** The variables kept, in file order. Mean temperature and range derive from tmx/tmn. */
export const CLIMATOLOGY_VARIABLES = ['tmx', 'tmn', 'pre', 'wet', 'rad', 'vap', 'wnd'] as const;
export type ClimatologyVariable = (typeof CLIMATOLOGY_VARIABLES)[number];

export interface ClimatologyVariableInfo {
  /** Stored integer × scale = value in `units`. */
  scale: number;
  units: string;
  description: string;
}

export interface ClimatologyHeader {
  source: string;
  citation: string;
  licence: string;
  /** Grid of the source: `rows` bands of `cellSizeDeg` from `north` down, `cols` from `west` east. */
  grid: { rows: number; cols: number; cellSizeDeg: number; north: number; west: number };
  landCount: number;
  variables: Record<ClimatologyVariable, ClimatologyVariableInfo>;
  transformation: string;
}

/** Decoded climatology: values in the stored integer units, cell-major (`land * 12 + month0`). */
export interface ClimatologyGrid {
  readonly header: ClimatologyHeader;
  /** For each 0.5° cell (row * cols + col) its land index, or -1 over water. */
  readonly landIndex: Int32Array;
  readonly values: Readonly<Record<ClimatologyVariable, Int16Array>>;
  /** For each variable, month by month, the sum of the stored values over every land cell (exact: integers). */
  readonly landSums: Readonly<Record<ClimatologyVariable, Float64Array>>;
  /**
   * For each 0.5° cell, how many cells away the nearest land cell is: the square ring around the
   * cell (Chebyshev distance, columns wrapping round the globe, rows not) that first holds land.
   * 0 over land; 255 for 255 or more. Found on first use.
   */
  readonly landRing: Uint8Array;
}

export function encodeClimatology(header: ClimatologyHeader, landMask: Uint8Array, values: Record<ClimatologyVariable, Int16Array>): Buffer {
  const { rows, cols } = header.grid;
  const cellCount = rows * cols;
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const headerEnd = 16 + headerBytes.length;
  const maskStart = Math.ceil(headerEnd / 4) * 4;
  const maskBytes = Math.ceil(cellCount / 8);
  const dataStart = maskStart + maskBytes;
  const n = header.landCount;
  const out = Buffer.alloc(dataStart + CLIMATOLOGY_VARIABLES.length * 12 * n * 2);
  out.write(CLIMATOLOGY_MAGIC, 0, 'latin1');
  out.writeUInt32LE(CLIMATOLOGY_FORMAT_VERSION, 8);
  out.writeUInt32LE(headerBytes.length, 12);
  headerBytes.copy(out, 16);
  let land = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (landMask[cell]) {
      out[maskStart + (cell >> 3)]! |= 1 << (cell & 7);
      land++;
    }
  }
  if (land !== n) throw new Error(`land mask has ${land} cells, header says ${n}`);
  let offset = dataStart;
  for (const variable of CLIMATOLOGY_VARIABLES) {
    const v = values[variable];
    for (let month = 0; month < 12; month++) {
      let previous = 0;
      for (let i = 0; i < n; i++) {
        const value = v[i * 12 + month]!;
        out.writeInt16LE(wrapInt16(value - previous), offset);
        previous = value;
        offset += 2;
      }
    }
  }
  return gzipSync(out, { level: 9 });
}

export function decodeClimatology(compressed: Uint8Array): ClimatologyGrid {
  const raw = gunzipSync(compressed);
  if (raw.toString('latin1', 0, 8) !== CLIMATOLOGY_MAGIC) throw new Error('not an agwx climatology file');
  const version = raw.readUInt32LE(8);
  if (version !== CLIMATOLOGY_FORMAT_VERSION) throw new Error(`unsupported climatology format version ${version}`);
  const headerLength = raw.readUInt32LE(12);
  const header = JSON.parse(raw.toString('utf8', 16, 16 + headerLength)) as ClimatologyHeader;
  const { rows, cols } = header.grid;
  const cellCount = rows * cols;
  const maskStart = Math.ceil((16 + headerLength) / 4) * 4;
  const landIndex = new Int32Array(cellCount);
  let land = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    landIndex[cell] = (raw[maskStart + (cell >> 3)]! >> (cell & 7)) & 1 ? land++ : -1;
  }
  const n = header.landCount;
  if (land !== n) throw new Error(`climatology land mask has ${land} cells, header says ${n}`);
  let offset = maskStart + Math.ceil(cellCount / 8);
  const values = {} as Record<ClimatologyVariable, Int16Array>;
  const landSums = {} as Record<ClimatologyVariable, Float64Array>;
  for (const variable of CLIMATOLOGY_VARIABLES) {
    const v = new Int16Array(n * 12);
    const sums = new Float64Array(12);
    for (let month = 0; month < 12; month++) {
      let previous = 0;
      let total = 0;
      for (let i = 0; i < n; i++) {
        previous = wrapInt16(previous + raw.readInt16LE(offset));
        v[i * 12 + month] = previous;
        total += previous;
        offset += 2;
      }
      sums[month] = total;
    }
    values[variable] = v;
    landSums[variable] = sums;
  }
  // Rings are found on first use (about 20 ms): only places out at sea need them.
  let rings: Uint8Array | undefined;
  return {
    header,
    landIndex,
    values,
    landSums,
    get landRing() {
      return (rings ??= landRings(landIndex, rows, cols));
    },
  };
}

/** Breadth-first from every land cell over the eight neighbours of each cell: each cell's ring to land (see `landRing`). */
function landRings(landIndex: Int32Array, rows: number, cols: number): Uint8Array {
  const ring = new Uint8Array(rows * cols).fill(255);
  const queue = new Int32Array(rows * cols);
  let tail = 0;
  for (let cell = 0; cell < landIndex.length; cell++) {
    if (landIndex[cell]! >= 0) {
      ring[cell] = 0;
      queue[tail++] = cell;
    }
  }
  let next = 0;
  const reach = (neighbour: number) => {
    if (ring[neighbour] === 255) {
      ring[neighbour] = next;
      queue[tail++] = neighbour;
    }
  };
  for (let head = 0; head < tail; head++) {
    const cell = queue[head]!;
    next = ring[cell]! + 1;
    if (next >= 255) break;
    const row = (cell / cols) | 0;
    const col = cell - row * cols;
    const west = col === 0 ? cols - 1 : col - 1;
    const east = col === cols - 1 ? 0 : col + 1;
    for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++) {
      reach(r * cols + west);
      reach(r * cols + col);
      reach(r * cols + east);
    }
  }
  return ring;
}

function wrapInt16(x: number): number {
  return ((x + 32768) & 0xffff) - 32768;
}
