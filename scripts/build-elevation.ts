/**
 * Builds `data/elevation/etopo5-10min.bin.gz`, the global elevation grid used for places whose
 * weather source names no elevation, from ETOPO5 (NOAA National Geophysical Data Center, 1988:
 * 5-minute gridded global relief, public domain), as shipped in netCDF by the Ferret project
 * (`etopo5.cdf`, Debian package `ferret-datasets`):
 *
 *   apt-get download ferret-datasets && dpkg-deb -x ferret-datasets_*.deb /tmp/ferret
 *   npx tsx scripts/build-elevation.ts /tmp/ferret/usr/share/ferret-vis/data/etopo5.cdf [output file]
 *
 * Transformation (documented in docs/weather.md and DATA-SOURCES.md):
 * - ETOPO5 gives relief (land and sea floor) at the nodes of a 5′ grid, 90° S … 90° N, 0° … 355.9°.
 * - Each 10′ cell of the output (1080 rows from 90° N, 2160 columns from 180° W) has an ETOPO5
 *   node at its centre; the cell's value is the area-weighted mean (trapezoid weights 1, ½, ¼)
 *   of the 3 × 3 nodes covering it, counting only nodes at or above sea level (land), rounded to
 *   whole metres; a cell with no such node is 0 (sea).
 * - Land below sea level (Dead Sea, Caspian shore, Death Valley) cannot be told from sea floor in
 *   ETOPO5 and so reads 0 m.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encodeElevationGrid } from '../src/weather/elevation/elevation-grid.js';

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 4, 6: 8 };

interface NetcdfVariable {
  name: string;
  dimensions: number[];
  type: number;
  begin: number;
}

/** The header of a netCDF classic (CDF-1/CDF-2) file: dimensions and variables. */
function readNetcdfHeader(bytes: Buffer): { dimensions: { name: string; length: number }[]; variables: NetcdfVariable[] } {
  if (bytes.toString('latin1', 0, 3) !== 'CDF') throw new Error('not a netCDF classic file');
  const version = bytes[3]!;
  let at = 8; // magic, version, numrecs
  const u32 = () => {
    const value = bytes.readUInt32BE(at);
    at += 4;
    return value;
  };
  const name = () => {
    const length = u32();
    const text = bytes.toString('latin1', at, at + length);
    at += Math.ceil(length / 4) * 4;
    return text;
  };
  const skipAttributes = () => {
    const tag = u32();
    const count = u32();
    if (tag === 0) return;
    for (let i = 0; i < count; i++) {
      name();
      const type = u32();
      const n = u32();
      at += Math.ceil((n * TYPE_SIZES[type]!) / 4) * 4;
    }
  };
  const dimensions: { name: string; length: number }[] = [];
  u32();
  const dimensionCount = u32();
  for (let i = 0; i < dimensionCount; i++) dimensions.push({ name: name(), length: u32() });
  skipAttributes();
  const variables: NetcdfVariable[] = [];
  u32();
  const variableCount = u32();
  for (let i = 0; i < variableCount; i++) {
    const variableName = name();
    const rank = u32();
    const dims: number[] = [];
    for (let d = 0; d < rank; d++) dims.push(u32());
    skipAttributes();
    const type = u32();
    u32(); // vsize
    let begin: number;
    if (version === 2) {
      begin = Number(bytes.readBigUInt64BE(at));
      at += 8;
    } else {
      begin = u32();
    }
    variables.push({ name: variableName, dimensions: dims, type, begin });
  }
  return { dimensions, variables };
}

const [input, output = resolve('data/elevation/etopo5-10min.bin.gz')] = process.argv.slice(2);
if (!input) {
  console.error('usage: npx tsx scripts/build-elevation.ts <etopo5.cdf> [output]');
  process.exit(2);
}
const bytes = readFileSync(input);
const header = readNetcdfHeader(bytes);
const rose = header.variables.find((v) => v.name === 'ROSE');
if (!rose || rose.type !== 5) throw new Error('etopo5.cdf: no float variable ROSE');
const [yDim, xDim] = rose.dimensions.map((d) => header.dimensions[d]!);
if (yDim!.length !== 2161 || xDim!.length !== 4320) throw new Error(`etopo5.cdf: unexpected shape ${yDim!.length} x ${xDim!.length}`);
const NODE_ROWS = 2161; // 90° S … 90° N
const NODE_COLUMNS = 4320; // 0° … 359°55′ E
/** Relief at node (row from the south, column from 0° E), metres. */
const node = (row: number, column: number) => bytes.readFloatBE(rose.begin + (row * NODE_COLUMNS + ((column + NODE_COLUMNS) % NODE_COLUMNS)) * 4);

const ROWS = 1080;
const COLUMNS = 2160;
const values = new Int16Array(ROWS * COLUMNS);
const WEIGHTS = [0.5, 1, 0.5];
let land = 0;
for (let r = 0; r < ROWS; r++) {
  // centre latitude 90° − 5′ − r·10′ is node row (from the south) 2160 − 1 − 2r
  const centreRow = NODE_ROWS - 2 - 2 * r;
  for (let c = 0; c < COLUMNS; c++) {
    // centre longitude −180° + 5′ + c·10′ is node column (from 0° E) 2160 + 1 + 2c (mod 4320)
    const centreColumn = (2160 + 1 + 2 * c) % NODE_COLUMNS;
    let sum = 0;
    let weight = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const value = node(centreRow + dr, centreColumn + dc);
        if (!(value >= 0)) continue;
        const w = WEIGHTS[dr + 1]! * WEIGHTS[dc + 1]!;
        sum += value * w;
        weight += w;
      }
    }
    const value = weight > 0 ? Math.round(sum / weight) : 0;
    values[r * COLUMNS + c] = value;
    if (weight > 0) land++;
  }
}
const packed = encodeElevationGrid(COLUMNS, ROWS, values, (b) => gzipSync(b, { level: 9 }));
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, packed);
console.log(`${output}: ${COLUMNS} x ${ROWS} cells, ${land} with land, ${(packed.length / 1e6).toFixed(2)} MB`);
