/**
 * Label fonts (DejaVu Sans from the `dejavu-fonts-ttf` package). Without a registered font
 * Skia draws no text at all, so the renderer registers these at start-up.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { packageFilePath } from './geodata/package-files.js';

export const LABEL_FONT_FAMILY = 'DejaVu Sans';

let registered = false;

/** Registers the label fonts once per process; returns the family name to use in `ctx.font`. */
export function registerLabelFonts(): string {
  if (!registered) {
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
      const key = GlobalFonts.registerFromPath(packageFilePath('dejavu-fonts-ttf', `ttf/${file}`), LABEL_FONT_FAMILY);
      if (!key) throw new Error(`could not register font ${file}`);
    }
    registered = true;
  }
  return LABEL_FONT_FAMILY;
}
