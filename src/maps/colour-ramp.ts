/**
 * Colour ramps of weather layers: colour stops at values, linear in between, clamped at the ends.
 * A lookup table makes the per-pixel colouring a single array read.
 */

export interface ColourStop {
  readonly value: number;
  /** `#rrggbb`. */
  readonly colour: string;
  /** Opacity 0–1 (default 1). */
  readonly alpha?: number;
}

export type Rgba = readonly [number, number, number, number];

const LUT_SIZE = 2048;
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function parseHex(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

/** RGBA bytes packed in the platform's byte order, for writing into a Uint32Array view of ImageData. */
export function packRgba(r: number, g: number, b: number, a: number): number {
  return littleEndian ? ((a << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}

export class ColourRamp {
  private readonly lut = new Uint32Array(LUT_SIZE);
  readonly min: number;
  readonly max: number;

  /** `transparentBelow`: values under it are not drawn at all. */
  constructor(
    readonly unit: string,
    readonly stops: readonly ColourStop[],
    readonly transparentBelow: number | null = null,
  ) {
    if (stops.length < 2) throw new Error('a colour ramp needs at least two stops');
    this.min = stops[0]!.value;
    this.max = stops[stops.length - 1]!.value;
    for (let i = 0; i < LUT_SIZE; i++) {
      const [r, g, b, a] = this.colourAt(this.min + ((this.max - this.min) * i) / (LUT_SIZE - 1));
      this.lut[i] = packRgba(r, g, b, a);
    }
  }

  /** Exact colour of a value, RGBA bytes. */
  colourAt(value: number): Rgba {
    if (this.transparentBelow !== null && value < this.transparentBelow) return [0, 0, 0, 0];
    const stops = this.stops;
    if (value <= stops[0]!.value) return this.stopColour(0);
    if (value >= stops[stops.length - 1]!.value) return this.stopColour(stops.length - 1);
    let i = 1;
    while (stops[i]!.value < value) i++;
    const low = stops[i - 1]!;
    const high = stops[i]!;
    const t = (value - low.value) / (high.value - low.value);
    const a = this.stopColour(i - 1);
    const b = this.stopColour(i);
    return [
      Math.round(a[0] + (b[0] - a[0]) * t),
      Math.round(a[1] + (b[1] - a[1]) * t),
      Math.round(a[2] + (b[2] - a[2]) * t),
      Math.round(a[3] + (b[3] - a[3]) * t),
    ];
  }

  /** Packed colour from the lookup table (0 = transparent). */
  packedColourAt(value: number): number {
    if (this.transparentBelow !== null && value < this.transparentBelow) return 0;
    const position = ((value - this.min) / (this.max - this.min)) * (LUT_SIZE - 1);
    const index = position <= 0 ? 0 : position >= LUT_SIZE - 1 ? LUT_SIZE - 1 : Math.round(position);
    return this.lut[index]!;
  }

  private stopColour(i: number): Rgba {
    const stop = this.stops[i]!;
    const [r, g, b] = parseHex(stop.colour);
    return [r, g, b, Math.round((stop.alpha ?? 1) * 255)];
  }

  /** Human-readable stops, e.g. for documentation: `-30 °C #… 0.75`. */
  describe(): string[] {
    return this.stops.map((stop) => `${stop.value} ${this.unit}: ${stop.colour}${stop.alpha !== undefined && stop.alpha !== 1 ? ` (opacity ${stop.alpha})` : ''}`);
  }
}
