/**
 * Plots one synthetic year against the climatology at Ames (Iowa) and Nairobi:
 * daily Tmax/Tmin with the smooth daily climatology, and monthly precipitation totals.
 *
 *   npx tsx scripts/plot-synthetic-year.ts [year] [output.png]
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { daysInMonth } from '../src/core/dates.js';
import { cellAt } from '../src/weather/grid.js';
import { dailyClimateOn } from '../src/weather/synthetic/cell-climate.js';
import { createSyntheticSource } from '../src/weather/synthetic/synthetic-source.js';

const year = Number(process.argv[2] ?? 2023);
const output = process.argv[3] ?? 'docs/img/synthetic-year.png';
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
GlobalFonts.registerFromPath(join(fontDir, 'DejaVuSans.ttf'), 'DejaVu Sans');

const places = [
  { name: 'Ames, Iowa (42.0° N, 93.6° W)', cell: cellAt(42.03, -93.62) },
  { name: 'Nairobi (1.3° S, 36.8° E)', cell: cellAt(-1.29, 36.82) },
];
const source = createSyntheticSource({ cacheSize: 8 });
const W = 1200;
const PANEL = 330;
const canvas = createCanvas(W, places.length * 2 * PANEL + 40);
const ctx = canvas.getContext('2d');
ctx.fillStyle = '#fff';
ctx.fillRect(0, 0, canvas.width, canvas.height);
ctx.font = '16px "DejaVu Sans"';

function frame(c: SKRSContext2D, top: number, title: string, yMin: number, yMax: number, yLabel: string) {
  const left = 70;
  const right = W - 20;
  const bottom = top + PANEL - 50;
  c.strokeStyle = '#444';
  c.lineWidth = 1;
  c.strokeRect(left, top + 30, right - left, bottom - top - 30);
  c.fillStyle = '#000';
  c.font = 'bold 16px "DejaVu Sans"';
  c.fillText(title, left, top + 22);
  c.font = '12px "DejaVu Sans"';
  const y = (v: number) => bottom - ((v - yMin) / (yMax - yMin)) * (bottom - top - 30);
  const step = (yMax - yMin) / 5;
  for (let v = yMin; v <= yMax + 1e-9; v += step) {
    c.fillText(v.toFixed(0), 30, y(v) + 4);
    c.strokeStyle = '#eee';
    c.beginPath();
    c.moveTo(left + 1, y(v));
    c.lineTo(right - 1, y(v));
    c.stroke();
  }
  c.save();
  c.translate(14, (top + bottom) / 2 + 20);
  c.rotate(-Math.PI / 2);
  c.fillText(yLabel, 0, 0);
  c.restore();
  'JFMAMJJASOND'.split('').forEach((m, i) => c.fillText(m, left + ((i + 0.4) / 12) * (right - left), bottom + 16));
  return { left, right, bottom, y };
}

places.forEach((place, p) => {
  const days = source.dailyDays(place.cell, { start: `${year}-01-01`, end: `${year}-12-31` });
  const climate = source.cellClimate(place.cell);
  const normals = days.map((d) => dailyClimateOn(climate, d.date));
  const temps = days.flatMap((d) => [d.tmax!, d.tmin!]);
  const yMin = Math.floor(Math.min(...temps) / 10) * 10;
  const yMax = Math.ceil(Math.max(...temps) / 10) * 10;
  const top = 20 + p * 2 * PANEL;
  const f = frame(ctx, top, `${place.name}: synthetic ${year} daily Tmax / Tmin (thin) and the CRU CL 1.0 daily climatology (thick)`, yMin, yMax, '°C');
  const x = (i: number) => f.left + ((i + 0.5) / days.length) * (f.right - f.left);
  const line = (values: number[], colour: string, width: number) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    values.forEach((v, i) => (i ? ctx.lineTo(x(i), f.y(v)) : ctx.moveTo(x(i), f.y(v))));
    ctx.stroke();
  };
  line(days.map((d) => d.tmax!), '#e8877a', 1);
  line(days.map((d) => d.tmin!), '#7aa6e8', 1);
  line(normals.map((n) => n.tmax), '#b0200c', 3);
  line(normals.map((n) => n.tmin), '#1747a6', 3);

  const totals = Array.from({ length: 12 }, (_, m) => days.filter((d) => Number(d.date.slice(5, 7)) === m + 1).reduce((s, d) => s + d.precipitation!, 0));
  const normalTotals = Array.from({ length: 12 }, (_, m) => climate.monthly.precipitation[m]! * daysInMonth(year, m + 1));
  const pMax = Math.ceil(Math.max(...totals, ...normalTotals) / 50) * 50;
  const g = frame(ctx, top + PANEL, `${place.name}: monthly precipitation, synthetic ${year} (blue) and climatology (grey)`, 0, pMax, 'mm');
  const bw = (g.right - g.left) / 12;
  for (let m = 0; m < 12; m++) {
    ctx.fillStyle = '#bbb';
    ctx.fillRect(g.left + m * bw + bw * 0.12, g.y(normalTotals[m]!), bw * 0.36, g.bottom - g.y(normalTotals[m]!));
    ctx.fillStyle = '#2f6fd0';
    ctx.fillRect(g.left + m * bw + bw * 0.52, g.y(totals[m]!), bw * 0.36, g.bottom - g.y(totals[m]!));
  }
});

writeFileSync(output, canvas.toBuffer('image/png'));
console.log(`wrote ${output}`);
