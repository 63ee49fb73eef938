/** PNG encoding of drawn canvases: another decoder (libvips, through sharp) reads back every pixel as drawn. */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { encodeCanvasPng, encodeRgbaPng, PNG_OPTIONS } from '../../src/maps/png-encoding.js';

describe('encodeCanvasPng', () => {
  it('writes an RGBA PNG whose decoded pixels are the canvas pixels, translucent ones included', async () => {
    const canvas = createCanvas(256, 200);
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, 256, 200);
    gradient.addColorStop(0, 'rgba(200, 30, 30, 0.7)');
    gradient.addColorStop(1, 'rgba(30, 30, 200, 0.2)');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 256, 150); // the bottom rows stay fully transparent
    ctx.strokeStyle = '#123456';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(10, 10);
    ctx.lineTo(240, 190);
    ctx.stroke();

    const png = encodeCanvasPng(canvas);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: 256, height: 200, channels: 4 });
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', hasAlpha: true, depth: 'uchar' });
    const drawn = ctx.getImageData(0, 0, 256, 200).data;
    expect(Buffer.compare(data, Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength))).toBe(0);
    // Smooth fields compress: far below the 200 kB of raw pixels.
    expect(png.length).toBeLessThan(40_000);
  });

  it('writes the very bytes pngjs writes with the same options, at any size', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    for (const [width, height] of [[1, 1], [3, 2], [256, 256], [500, 37]] as const) {
      // Smooth runs with noise in them, as drawn maps have.
      const rgba = Buffer.alloc(width * height * 4, 0);
      for (let i = 0; i < rgba.length; i++) rgba[i] = i % 7 === 0 ? next() : (i >> 6) & 0xff;
      const theirs = PNG.sync.write({ width, height, data: rgba } as PNG, PNG_OPTIONS);
      expect(Buffer.compare(encodeRgbaPng(rgba, width, height), theirs)).toBe(0);
    }
  });

  it('refuses pixels that do not fill the image', () => {
    expect(() => encodeRgbaPng(Buffer.alloc(10), 2, 2)).toThrow(RangeError);
  });
});

