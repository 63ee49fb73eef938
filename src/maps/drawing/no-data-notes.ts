/** Short notes drawn on an image where a weather layer has no data ("No temperature data here"), stacked at the top centre. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { LABEL_FONT_FAMILY } from '../fonts.js';
import type { MapLayer } from '../map-layer.js';

export const NOTE_TEXT_COLOUR = '#1f1f1f';
const NOTE_SIZE = 12;
const NOTE_LINE = 18;

/** The note of a weather layer without data at the place an image shows. */
export function noDataNote(layer: MapLayer): string {
  return `No ${layer.dataName ?? layer.title} data here`;
}

/** Draws the notes, one line each from the top, centred, on a light box so they read over any layer. */
export function drawNotes(ctx: SKRSContext2D, width: number, notes: readonly string[]): void {
  if (notes.length === 0) return;
  ctx.save();
  ctx.font = `${NOTE_SIZE}px "${LABEL_FONT_FAMILY}"`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  notes.forEach((note, i) => {
    const y = 12 + i * NOTE_LINE;
    const textWidth = Math.min(ctx.measureText(note).width, width - 8);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(width / 2 - textWidth / 2 - 5, y - NOTE_LINE / 2 + 1, textWidth + 10, NOTE_LINE - 2);
    ctx.fillStyle = NOTE_TEXT_COLOUR;
    ctx.fillText(note, width / 2, y, width - 8);
  });
  ctx.restore();
}
