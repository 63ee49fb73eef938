/**
 * A legend as a small PNG on white: for a ramp, a colour bar (each interval between two stops the
 * same width, coloured through the ramp itself) with a tick and a label at every stop that has room,
 * and the unit; for an alert layer, a swatch and its condition per class.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { ColourRamp } from '../colour-ramp.js';
import { LABEL_FONT_FAMILY, registerLabelFonts } from '../fonts.js';
import type { MapLegend } from '../legend.js';
import { encodeCanvasPng } from '../png-encoding.js';

export const LEGEND_WIDTH = 360;
export const RAMP_LEGEND_HEIGHT = 64;
const PADDING = 10;
const BAR_TOP = 24;
const BAR_HEIGHT = 16;
const CLASS_ROW = 20;

/** The height of a legend's image. */
export function legendImageHeight(legend: MapLegend): number {
  return legend.classes ? PADDING + 16 + legend.classes.length * CLASS_ROW + 4 : RAMP_LEGEND_HEIGHT;
}

function label(value: number): string {
  return String(value).replace('-', '−');
}

/** The legend's PNG; `ramp` is the layer's (its colours between the stops), absent for an alert layer. */
export function drawLegendPng(legend: MapLegend, ramp?: ColourRamp): Buffer {
  registerLabelFonts();
  const height = legendImageHeight(legend);
  const canvas = createCanvas(LEGEND_WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, LEGEND_WIDTH, height);
  ctx.fillStyle = '#1f1f1f';
  ctx.textBaseline = 'middle';
  ctx.font = `bold 12px "${LABEL_FONT_FAMILY}"`;
  ctx.textAlign = 'left';
  const heading = legend.units ? `${legend.title} (${legend.units})` : legend.title;
  ctx.fillText(heading, PADDING, 12, LEGEND_WIDTH - 2 * PADDING);
  ctx.font = `11px "${LABEL_FONT_FAMILY}"`;

  if (legend.classes) {
    legend.classes.forEach((entry, i) => {
      const y = PADDING + 16 + i * CLASS_ROW;
      ctx.fillStyle = entry.color;
      ctx.fillRect(PADDING, y + 2, 24, CLASS_ROW - 6);
      ctx.strokeStyle = '#555555';
      ctx.lineWidth = 1;
      ctx.strokeRect(PADDING + 0.5, y + 2.5, 23, CLASS_ROW - 7);
      ctx.fillStyle = '#1f1f1f';
      ctx.fillText(`${entry.name}: ${entry.condition}`, PADDING + 32, y + CLASS_ROW / 2 - 1, LEGEND_WIDTH - PADDING * 2 - 32);
    });
    return encodeCanvasPng(canvas);
  }

  if (!ramp) throw new Error(`the legend of ${legend.layer} has stops but no ramp was given`);
  const stops = ramp.stops;
  const barWidth = LEGEND_WIDTH - 2 * PADDING;
  const segment = barWidth / (stops.length - 1);
  const image = ctx.createImageData(barWidth, BAR_HEIGHT);
  for (let x = 0; x < barWidth; x++) {
    const position = (x + 0.5) / segment;
    const i = Math.min(stops.length - 2, Math.floor(position));
    const t = position - i;
    const value = stops[i]!.value + (stops[i + 1]!.value - stops[i]!.value) * t;
    const [r, g, b] = ramp.colourAt(value);
    for (let y = 0; y < BAR_HEIGHT; y++) {
      const k = (y * barWidth + x) * 4;
      image.data[k] = r;
      image.data[k + 1] = g;
      image.data[k + 2] = b;
      image.data[k + 3] = 255;
    }
  }
  ctx.putImageData(image, PADDING, BAR_TOP);
  ctx.strokeStyle = '#555555';
  ctx.lineWidth = 1;
  ctx.strokeRect(PADDING - 0.5, BAR_TOP - 0.5, barWidth + 1, BAR_HEIGHT + 1);

  ctx.fillStyle = '#1f1f1f';
  ctx.textAlign = 'center';
  let lastRight = -Infinity;
  legend.stops.forEach((stop, i) => {
    const x = PADDING + i * segment;
    ctx.fillRect(Math.round(x) - 0.5, BAR_TOP + BAR_HEIGHT, 1, 4);
    const text = label(stop.value);
    const width = ctx.measureText(text).width;
    const left = Math.max(0, Math.min(LEGEND_WIDTH - width, x - width / 2));
    if (left < lastRight + 4) return;
    ctx.fillText(text, left + width / 2, BAR_TOP + BAR_HEIGHT + 13);
    lastRight = left + width;
  });
  return encodeCanvasPng(canvas);
}
