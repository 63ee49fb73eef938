/**
 * PNG encoding of rendered canvases: pngjs's chunk writer (signature, IHDR, IDAT, IEND with their
 * CRCs) around node:zlib's deflate, on the calling thread (a compute-pool worker when drawing runs
 * there).
 *
 * Rows unfiltered, zlib level 3, the default strategy: the work is the deflate itself, with no
 * image pipeline set up per image. Levels 1–3 use zlib's fast matcher: on 120 zoom-6 tiles of the
 * four layer mixes level 3 took 0.16 ms a tile against 0.50 ms at level 4, where deflate was about
 * a third of drawing and encoding a tile, for more bytes (2.8 kB a tile on average instead of
 * 1.8 kB; the largest 47 kB instead of 42 kB). Tiles are small either way and CPU is what limits
 * how many a server draws. Row filters (sub, up, adaptive) make these images larger and slower
 * to encode; the run-length strategy makes them many times larger.
 *
 * The unfiltered rows are laid out here, a row at a time with `Buffer.copy`, rather than by
 * `PNG.sync.write`, which copies them byte by byte (about a tenth of a tile's drawing time); the
 * file is byte for byte the one `PNG.sync.write` writes with the same options (see the tests).
 */
import { deflateSync } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import Packer from 'pngjs/lib/packer.js';

export const PNG_OPTIONS = { colorType: 6, inputColorType: 6, inputHasAlpha: true, deflateLevel: 3, deflateStrategy: 0, filterType: 0 } as const;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG filter type 0 (None), the first byte of every row. */
const FILTER_NONE = 0;

/** Encodes the canvas's un-premultiplied RGBA pixels. */
export function encodeCanvasPng(canvas: Canvas): Buffer {
  const { width, height } = canvas;
  const image = canvas.getContext('2d').getImageData(0, 0, width, height);
  return encodeRgbaPng(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), width, height);
}

/** Encodes `width` × `height` RGBA pixels (8 bits a channel, rows top to bottom). */
export function encodeRgbaPng(rgba: Buffer, width: number, height: number): Buffer {
  const rowBytes = width * 4;
  if (rgba.length !== rowBytes * height) throw new RangeError(`expected ${rowBytes * height} bytes of RGBA pixels, got ${rgba.length}`);
  const rows = Buffer.allocUnsafe((rowBytes + 1) * height);
  for (let y = 0, from = 0, to = 0; y < height; y++, from += rowBytes, to += rowBytes + 1) {
    rows[to] = FILTER_NONE;
    rgba.copy(rows, to + 1, from, from + rowBytes);
  }
  const packer = new Packer({ ...PNG_OPTIONS });
  return Buffer.concat([SIGNATURE, packer.packIHDR(width, height), packer.packIDAT(deflateSync(rows, packer.getDeflateOptions())), packer.packIEND()]);
}
