/**
 * Point labels with a halo, placed greedily by rank: a label that would overlap one already
 * placed is skipped. Labels anchored up to `margin` pixels outside the image are considered too,
 * so text crossing a tile edge is drawn on both tiles.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LabelPoint } from '../geodata/geo-shapes.js';
import type { LabelIndex } from '../geodata/shape-index.js';
import { LABEL_FONT_FAMILY } from '../fonts.js';
import type { Viewport } from '../viewport.js';
import { paddedMercatorBox } from './vector-paths.js';

export interface LabelStyle {
  readonly sizePixels: number;
  readonly bold?: boolean;
  readonly colour: string;
  readonly halo: string;
  /** Draw a dot at the point and put the text to its right. */
  readonly dot?: boolean;
  readonly uppercase?: boolean;
  readonly maxLabels?: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function drawLabels(
  ctx: SKRSContext2D,
  index: LabelIndex,
  viewport: Viewport,
  style: LabelStyle,
  accept: (label: LabelPoint) => boolean = () => true,
): number {
  const margin = 96;
  const candidates = index.search(paddedMercatorBox(viewport, margin));
  ctx.font = `${style.bold ? 'bold ' : ''}${style.sizePixels}px "${LABEL_FONT_FAMILY}"`;
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  const placed: Box[] = [];
  let drawn = 0;
  const limit = style.maxLabels ?? 200;
  for (const label of candidates) {
    if (drawn >= limit) break;
    if (!accept(label)) continue;
    const text = style.uppercase ? label.text.toUpperCase() : label.text;
    const x = label.x * viewport.scale - viewport.originX;
    const y = label.y * viewport.scale - viewport.originY;
    const width = ctx.measureText(text).width;
    const textX = style.dot ? x + 5 : x - width / 2;
    ctx.textAlign = 'left';
    const box: Box = { x0: (style.dot ? x - 3 : textX) - 2, y0: y - style.sizePixels / 2 - 2, x1: textX + width + 2, y1: y + style.sizePixels / 2 + 2 };
    if (box.x1 < 0 || box.y1 < 0 || box.x0 > viewport.width || box.y0 > viewport.height) continue;
    if (placed.some((p) => p.x0 < box.x1 && box.x0 < p.x1 && p.y0 < box.y1 && box.y0 < p.y1)) continue;
    placed.push(box);
    if (style.dot) {
      ctx.beginPath();
      ctx.arc(x, y, 2.5, 0, Math.PI * 2);
      ctx.fillStyle = style.colour;
      ctx.strokeStyle = style.halo;
      ctx.lineWidth = 1.5;
      ctx.stroke();
      ctx.fill();
    }
    ctx.strokeStyle = style.halo;
    ctx.lineWidth = 3;
    ctx.strokeText(text, textX, y);
    ctx.fillStyle = style.colour;
    ctx.fillText(text, textX, y);
    drawn++;
  }
  return drawn;
}
