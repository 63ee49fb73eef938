/** PNG encoding of rendered canvases with sharp (libvips; runs on the libuv thread pool). */
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';

/** Encodes the canvas's un-premultiplied RGBA pixels. */
export async function encodeCanvasPng(canvas: Canvas): Promise<Buffer> {
  const { width, height } = canvas;
  const image = canvas.getContext('2d').getImageData(0, 0, width, height);
  const raw = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
