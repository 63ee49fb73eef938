/** Decodes a PNG into RGBA pixels for assertions. */
import sharp from 'sharp';

export interface DecodedImage {
  width: number;
  height: number;
  at(x: number, y: number): [number, number, number, number];
  /** Pixels in a rectangle with alpha above `minAlpha`. */
  countOpaque(x0: number, y0: number, x1: number, y1: number, minAlpha?: number): number;
}

export async function decodePng(png: Buffer): Promise<DecodedImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number, number] => {
    const k = (Math.floor(y) * info.width + Math.floor(x)) * 4;
    return [data[k]!, data[k + 1]!, data[k + 2]!, data[k + 3]!];
  };
  return {
    width: info.width,
    height: info.height,
    at,
    countOpaque(x0, y0, x1, y1, minAlpha = 0) {
      let count = 0;
      for (let y = Math.max(0, y0); y < Math.min(info.height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(info.width, x1); x++) if (at(x, y)[3] > minAlpha) count++;
      }
      return count;
    },
  };
}

export function hexToRgb(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

export function closeTo(actual: readonly number[], expected: readonly number[], tolerance: number): boolean {
  return expected.every((value, i) => Math.abs(actual[i]! - value) <= tolerance);
}
