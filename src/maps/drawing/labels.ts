/**
 * Point labels with a halo, placed the same way on every image that shows them, so a label
 * crossing a tile edge is drawn whole on both tiles.
 *
 * Placement is decided in world pixel coordinates of the zoom, not per image: a label is shown
 * when its box meets no box of a label ranked before it (higher rank; ties by position, then
 * text), whether that label is shown or not. That decision reads only the labels whose boxes
 * could meet its own, so every image that searches far enough around itself (`SEARCH_MARGIN`)
 * decides it alike, and an image draws every shown label whose box meets it, wherever its anchor
 * is. Labels wider than `MAX_LABEL_WIDTH` are never drawn (the search margin is bounded by it).
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
}

/** The widest label box drawn, in pixels. */
export const MAX_LABEL_WIDTH = 240;
/**
 * How far around an image labels are read: a box meeting the image reaches at most a label
 * width beyond it, and a box meeting that one another label width.
 */
const SEARCH_MARGIN = 2 * (MAX_LABEL_WIDTH + 16);

interface PlacedLabel {
  readonly label: LabelPoint;
  readonly text: string;
  /** World pixels of the anchor at the viewport's zoom. */
  readonly x: number;
  readonly y: number;
  readonly textX: number;
  /** The label's box (dot, text and halo), world pixels. */
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Higher rank first; ties by position (north first, then west), then text: the same order on every image. */
function before(a: PlacedLabel, b: PlacedLabel): number {
  return b.label.rank - a.label.rank || a.label.y - b.label.y || a.label.x - b.label.x || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}

const overlaps = (a: PlacedLabel, b: PlacedLabel) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Draws the labels of `index` that are shown and meet the viewport; returns how many. */
export function drawLabels(
  ctx: SKRSContext2D,
  index: LabelIndex,
  viewport: Viewport,
  style: LabelStyle,
  accept: (label: LabelPoint) => boolean = () => true,
): number {
  ctx.font = `${style.bold ? 'bold ' : ''}${style.sizePixels}px "${LABEL_FONT_FAMILY}"`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.lineJoin = 'round';
  const half = style.sizePixels / 2 + 2;
  const candidates: PlacedLabel[] = [];
  for (const label of index.search(paddedMercatorBox(viewport, SEARCH_MARGIN))) {
    if (!accept(label)) continue;
    const text = style.uppercase ? label.text.toUpperCase() : label.text;
    const width = ctx.measureText(text).width;
    const x = label.x * viewport.scale;
    const y = label.y * viewport.scale;
    const textX = style.dot ? x + 5 : x - width / 2;
    const x0 = (style.dot ? x - 3 : textX) - 2;
    const x1 = textX + width + 2;
    if (x1 - x0 > MAX_LABEL_WIDTH) continue;
    candidates.push({ label, text, x, y, textX, x0, y0: y - half, x1, y1: y + half });
  }
  candidates.sort(before);

  const left = viewport.originX;
  const top = viewport.originY;
  const right = left + viewport.width;
  const bottom = top + viewport.height;
  let drawn = 0;
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    if (candidate.x1 < left || candidate.y1 < top || candidate.x0 > right || candidate.y0 > bottom) continue;
    let hidden = false;
    for (let j = 0; j < i && !hidden; j++) hidden = overlaps(candidates[j]!, candidate);
    if (hidden) continue;
    const x = candidate.x - left;
    const y = candidate.y - top;
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
    ctx.strokeText(candidate.text, candidate.textX - left, y);
    ctx.fillStyle = style.colour;
    ctx.fillText(candidate.text, candidate.textX - left, y);
    drawn++;
  }
  return drawn;
}
