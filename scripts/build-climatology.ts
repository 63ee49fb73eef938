/**
 * Builds `data/climatology/cru-cl-1.0-land.bin.gz` from the CRU CL 1.0 mean monthly climatology
 * 1961-1990 at 0.5° (New, Hulme & Jones 1999, J. Climate 12:829-856; distributed by the IPCC Data
 * Distribution Centre free of charge and without restriction).
 *
 *   npx tsx scripts/build-climatology.ts <folder with c{var}6190.zip> [output file]
 *
 * Transformation (documented in docs/weather.md):
 * - kept: tmx, tmn (°C×10), pre (mm/day×10), wet (days×10), rad (W/m² 24 h mean), vap (hPa×10),
 *   wnd (m/s×10 at 10 m); dropped: tmp and dtr (derivable from tmx/tmn) and cld (the generator
 *   derives cloud from radiation).
 * - land cells: those with all 12 months of tmx (67,420 cells, 84.25° N to 55.75° S).
 * - rad is read from the archive member `crad6190` (the January 1999 revision), not the older
 *   `crad6190.dat` of August 1998 also in the archive, whose values are about 13% lower
 *   (e.g. De Bilt annual mean 100 W/m² against about 115 W/m² measured).
 * - a land cell missing a value of another variable (rad and wnd lack 4,937 small-island and
 *   coastal cells, pre one) takes the value of the nearest cell that has it (breadth-first over
 *   the 8-neighbour 0.5° grid, wrapping in longitude).
 * - wnd below 0.2 m/s (a few hundred interpolation artefacts, down to -8.6 m/s) is raised to 0.2.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  CLIMATOLOGY_VARIABLES,
  encodeClimatology,
  type ClimatologyHeader,
  type ClimatologyVariable,
} from '../src/weather/synthetic/climatology-format.js';

const ROWS = 360;
const COLS = 720;
const MONTHS = 12;
const MISSING = -9999;

const MEMBERS: Record<ClimatologyVariable, [zip: string, member: string]> = {
  tmx: ['ctmx6190.zip', 'ctmx6190.dat'],
  tmn: ['ctmn6190.zip', 'ctmn6190.dat'],
  pre: ['cpre6190.zip', 'cpre6190.dat'],
  wet: ['cwet6190.zip', 'cwet6190.dat'],
  rad: ['crad6190.zip', 'crad6190'],
  vap: ['cvap6190.zip', 'cvap6190.dat'],
  wnd: ['cwnd6190.zip', 'cwnd6190.dat'],
};

const VARIABLE_INFO: ClimatologyHeader['variables'] = {
  tmx: { scale: 0.1, units: '°C', description: 'mean daily maximum temperature' },
  tmn: { scale: 0.1, units: '°C', description: 'mean daily minimum temperature' },
  pre: { scale: 0.1, units: 'mm/day', description: 'mean precipitation' },
  wet: { scale: 0.1, units: 'days/month', description: 'wet days (>= 0.1 mm) per month' },
  rad: { scale: 1, units: 'W/m²', description: 'shortwave radiation at the surface, 24-hour mean' },
  vap: { scale: 0.1, units: 'hPa', description: 'vapour pressure' },
  wnd: { scale: 0.1, units: 'm/s', description: 'wind speed at 10 m' },
};

/** Reads one variable as Int16Array[month][row][col] (row 0 = 89.75° N, col 0 = 0.25° E). */
function readVariable(folder: string, variable: ClimatologyVariable): Int16Array {
  const [zip, member] = MEMBERS[variable];
  const text = execFileSync('unzip', ['-p', join(folder, zip), member], { maxBuffer: 64 * 1024 * 1024 }).toString('latin1');
  const lines = text.split(/\r?\n/);
  const header = lines[1]!.trim().split(/\s+/).map(Number);
  if (header[5] !== COLS || header[6] !== ROWS || header[7] !== MONTHS) throw new Error(`${member}: unexpected grid ${lines[1]}`);
  const out = new Int16Array(MONTHS * ROWS * COLS);
  for (let r = 0; r < MONTHS * ROWS; r++) {
    const line = lines[2 + r]!;
    if (line.length < COLS * 5) throw new Error(`${member}: short line ${2 + r}`);
    for (let c = 0; c < COLS; c++) out[r * COLS + c] = Number(line.slice(c * 5, c * 5 + 5));
  }
  return out;
}

/** Fills missing cells of one month from the nearest cell holding a value (multi-source BFS). */
function fillNearest(field: Int16Array, offset: number, wanted: Uint8Array): number {
  const n = ROWS * COLS;
  const value = new Int16Array(n);
  const seen = new Uint8Array(n);
  let queue: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = field[offset + i]!;
    if (v !== MISSING) {
      value[i] = v;
      seen[i] = 1;
      queue.push(i);
    }
  }
  let filled = 0;
  while (queue.length > 0) {
    const next: number[] = [];
    for (const i of queue) {
      const r = Math.floor(i / COLS);
      const c = i % COLS;
      for (let dr = -1; dr <= 1; dr++) {
        const rr = r + dr;
        if (rr < 0 || rr >= ROWS) continue;
        for (let dc = -1; dc <= 1; dc++) {
          const j = rr * COLS + ((c + dc + COLS) % COLS);
          if (seen[j]) continue;
          seen[j] = 1;
          value[j] = value[i]!;
          next.push(j);
        }
      }
    }
    queue = next;
  }
  for (let i = 0; i < n; i++) {
    if (wanted[i] && field[offset + i] === MISSING) {
      field[offset + i] = value[i]!;
      filled++;
    }
  }
  return filled;
}

function main(): void {
  const folder = resolve(process.argv[2] ?? '../shared/data/climatology/cru_cl_1.0_0.5deg_1961-1990');
  const output = resolve(process.argv[3] ?? 'data/climatology/cru-cl-1.0-land.bin.gz');
  const fields = {} as Record<ClimatologyVariable, Int16Array>;
  for (const variable of CLIMATOLOGY_VARIABLES) fields[variable] = readVariable(folder, variable);

  const cells = ROWS * COLS;
  const landMask = new Uint8Array(cells);
  let landCount = 0;
  for (let i = 0; i < cells; i++) {
    let all = true;
    for (let m = 0; m < MONTHS; m++) if (fields.tmx[m * cells + i] === MISSING || fields.tmn[m * cells + i] === MISSING) all = false;
    if (all) {
      landMask[i] = 1;
      landCount++;
    }
  }

  const report: string[] = [];
  for (const variable of CLIMATOLOGY_VARIABLES) {
    let filled = 0;
    for (let m = 0; m < MONTHS; m++) filled += fillNearest(fields[variable], m * cells, landMask);
    if (filled > 0) report.push(`${variable}: ${filled} cell-months filled from the nearest cell`);
  }
  let raised = 0;
  for (let i = 0; i < fields.wnd.length; i++) {
    if (fields.wnd[i] !== MISSING && fields.wnd[i]! < 2) {
      fields.wnd[i] = 2;
      raised++;
    }
  }
  report.push(`wnd: ${raised} cell-months raised to 0.2 m/s`);

  const values = {} as Record<ClimatologyVariable, Int16Array>;
  for (const variable of CLIMATOLOGY_VARIABLES) {
    const v = new Int16Array(landCount * MONTHS);
    let land = 0;
    for (let i = 0; i < cells; i++) {
      if (!landMask[i]) continue;
      for (let m = 0; m < MONTHS; m++) v[land * MONTHS + m] = fields[variable][m * cells + i]!;
      land++;
    }
    values[variable] = v;
  }

  const header: ClimatologyHeader = {
    source: 'CRU CL 1.0 mean monthly climatology 1961-1990, 0.5° global land (Climatic Research Unit, University of East Anglia), files c{tmx,tmn,pre,wet,rad,vap,wnd}6190',
    citation: 'New, M., Hulme, M. and Jones, P. (1999): Representing twentieth-century space-time climate variability. Part I: Development of a 1961-90 mean monthly terrestrial climatology. Journal of Climate 12, 829-856.',
    licence: 'Distributed by the IPCC Data Distribution Centre free of charge and without restriction.',
    grid: { rows: ROWS, cols: COLS, cellSizeDeg: 0.5, north: 90, west: 0 },
    landCount,
    variables: VARIABLE_INFO,
    transformation:
      'Land cells (all 12 months of tmx and tmn present) only; tmp, dtr and cld dropped; rad from the 1999 revision (archive member crad6190); missing values of land cells filled from the nearest 0.5° cell holding a value; wnd raised to at least 0.2 m/s; stored as int16 in the source units, delta-coded along the land cells, gzip level 9.',
  };
  const compressed = encodeClimatology(header, landMask, values);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, compressed);
  console.log(`${landCount} land cells; ${report.join('; ')}`);
  console.log(`wrote ${output}: ${compressed.length} bytes`);
}

main();
