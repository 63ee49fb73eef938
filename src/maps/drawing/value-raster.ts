/**
 * Paints a gridded value field: samples the grid every few pixels, interpolates the values
 * bilinearly per pixel and colours each pixel through a lookup table. The result goes through
 * drawImage so the coverage clip applies.
 */
import { type SKRSContext2D, createCanvas } from '@napi-rs/canvas';
import type { ColourRamp } from '../colour-ramp.js';
import type { Viewport } from '../viewport.js';
import type { WeatherGridSampler } from '../weather-grid/weather-grid-provider.js';

export interface SampledField {
  readonly step: number;
  readonly columns: number;
  readonly rows: number;
  /** NaN where the grid has no value. */
  readonly values: Float64Array;
}

/** Samples at image pixels (i·step, j·step), covering the whole image. */
export function sampleField(sampler: WeatherGridSampler, viewport: Viewport, step: number): SampledField {
  const columns = Math.ceil(viewport.width / step) + 1;
  const rows = Math.ceil(viewport.height / step) + 1;
  const values = new Float64Array(columns * rows);
  const longitudes = new Float64Array(columns);
  for (let i = 0; i < columns; i++) longitudes[i] = viewport.unproject(i * step, 0).longitude;
  for (let j = 0; j < rows; j++) {
    const latitude = viewport.unproject(0, j * step).latitude;
    for (let i = 0; i < columns; i++) {
      const value = sampler.sample(latitude, longitudes[i]!);
      values[j * columns + i] = value === null ? NaN : value;
    }
  }
  return { step, columns, rows, values };
}

/** Bilinear value at an image position; falls back to the nearest corner next to missing values. */
export function interpolate(field: SampledField, x: number, y: number): number {
  const gx = x / field.step;
  const gy = y / field.step;
  const i = Math.min(field.columns - 2, Math.floor(gx));
  const j = Math.min(field.rows - 2, Math.floor(gy));
  const fx = gx - i;
  const fy = gy - j;
  const v = field.values;
  const c = field.columns;
  const a = v[j * c + i]!;
  const b = v[j * c + i + 1]!;
  const d = v[(j + 1) * c + i]!;
  const e = v[(j + 1) * c + i + 1]!;
  const value = (a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy;
  if (!Number.isNaN(value)) return value;
  const nearest = fy < 0.5 ? (fx < 0.5 ? a : b) : fx < 0.5 ? d : e;
  return nearest;
}

/** Fills `pixels` (one packed RGBA per pixel) from a per-pixel function and draws them. */
export function drawPixels(ctx: SKRSContext2D, viewport: Viewport, paint: (pixels: Uint32Array, width: number, height: number) => void): void {
  const { width, height } = viewport;
  const scratch = createCanvas(width, height);
  const scratchContext = scratch.getContext('2d');
  const image = scratchContext.createImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, width * height);
  paint(pixels, width, height);
  scratchContext.putImageData(image, 0, 0);
  ctx.drawImage(scratch, 0, 0);
}

/** Sampling step for an image: `baseStep` on a 256-pixel tile, proportionally coarser on larger images. */
export function samplingStep(viewport: Viewport, baseStep: number): number {
  const scale = Math.max(1, Math.sqrt(viewport.width * viewport.height) / 256);
  return Math.max(1, Math.round(baseStep * scale));
}

/**
 * Interpolates a sampled field one image row at a time: `row(y, values)` receives the row's
 * values (NaN where there is none) in a buffer reused for every row, so a large image needs one
 * row of numbers, not one number per pixel.
 */
export function interpolateRows(field: SampledField, width: number, height: number, row: (y: number, values: Float64Array) => void): void {
  const { step, columns, values } = field;
  const column = new Int32Array(width);
  const fraction = new Float64Array(width);
  const rowValues = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = (x + 0.5) / step;
    const i = Math.min(columns - 2, Math.floor(gx));
    column[x] = i;
    fraction[x] = gx - i;
  }
  for (let y = 0; y < height; y++) {
    const gy = (y + 0.5) / step;
    const j = Math.min(field.rows - 2, Math.floor(gy));
    const fy = gy - j;
    const top = j * columns;
    const bottom = top + columns;
    for (let x = 0; x < width; x++) {
      const i = column[x]!;
      const fx = fraction[x]!;
      const a = values[top + i]!;
      const b = values[top + i + 1]!;
      const d = values[bottom + i]!;
      const e = values[bottom + i + 1]!;
      let value = (a + (b - a) * fx) * (1 - fy) + (d + (e - d) * fx) * fy;
      if (value !== value) value = fy < 0.5 ? (fx < 0.5 ? a : b) : fx < 0.5 ? d : e;
      rowValues[x] = value;
    }
    row(y, rowValues);
  }
}

/** Per-pixel interpolated values of a sampled field (row-major, NaN where there is none). */
export function interpolateField(field: SampledField, width: number, height: number): Float64Array {
  const out = new Float64Array(width * height);
  interpolateRows(field, width, height, (y, values) => out.set(values, y * width));
  return out;
}

/** Colours every pixel by its interpolated value through a ramp's lookup table. */
export function drawValueField(ctx: SKRSContext2D, viewport: Viewport, field: SampledField, ramp: ColourRamp): void {
  drawPixels(ctx, viewport, (pixels, width, height) =>
    interpolateRows(field, width, height, (y, values) => {
      const offset = y * width;
      for (let x = 0; x < width; x++) {
        const value = values[x]!;
        pixels[offset + x] = value !== value ? 0 : ramp.packedColourAt(value);
      }
    }),
  );
}
