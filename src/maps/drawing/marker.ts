/** The marker of a place on an image: a filled dot with a white ring and a thin dark outline. */
import type { SKRSContext2D } from '@napi-rs/canvas';

export const MARKER_COLOUR = '#d7191c';
export const MARKER_RADIUS = 6;

/** Draws the marker centred on image pixel position (x, y). */
export function drawPlaceMarker(ctx: SKRSContext2D, x: number, y: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, MARKER_RADIUS + 3, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, MARKER_RADIUS + 2, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, MARKER_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = MARKER_COLOUR;
  ctx.fill();
  ctx.restore();
}
