/**
 * The common shape of alert layers: areas where gridded values cross thresholds, filled in the
 * rule's colour with a darker outline. The first matching rule (in list order) wins a pixel.
 */
import { packRgba } from '../../colour-ramp.js';
import type { Coverage } from '../../coverage.js';
import { type SampledField, drawPixels, interpolateField } from '../../drawing/value-raster.js';
import type { AlertRule, MapLayer } from '../../map-layer.js';
import type { WeatherGridVariable } from '../../weather-grid/weather-grid-provider.js';
import { weatherGridLayerFacts } from './gridded-weather-layer.js';

/** Pixels between grid samples on a 256-pixel tile. */
const ALERT_SAMPLE_STEP = 4;

export type { AlertRule } from '../../map-layer.js';

export interface AlertAreasLayerDefinition {
  readonly code: string;
  readonly title: string;
  readonly coverage: Coverage;
  readonly updatePeriodMinutes: number;
  readonly rules: readonly AlertRule[];
}

const FILL_ALPHA = 110;
const OUTLINE_ALPHA = 230;

function rgb(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

export function describeAlertRule(rule: AlertRule): string {
  return `${rule.name}: ${rule.variable} ${rule.comparison === 'atLeast' ? '≥' : '≤'} ${rule.threshold} ${rule.unit} (${rule.colour})`;
}

export function alertAreasLayer(definition: AlertAreasLayerDefinition): MapLayer {
  const fills = definition.rules.map((rule) => {
    const [r, g, b] = rgb(rule.colour);
    return packRgba(r, g, b, FILL_ALPHA);
  });
  const outlines = definition.rules.map((rule) => {
    const [r, g, b] = rgb(rule.colour);
    return packRgba(Math.round(r * 0.6), Math.round(g * 0.6), Math.round(b * 0.6), OUTLINE_ALPHA);
  });
  const variables = [...new Set(definition.rules.map((rule) => rule.variable))];
  return {
    ...weatherGridLayerFacts(definition),
    alertRules: definition.rules,
    dataName: 'alert',
    notes: `Areas where ${definition.rules.map(describeAlertRule).join('; ')}. The first matching rule colours a pixel.`,
    weatherFields: variables.map((variable) => ({ variable, baseStep: ALERT_SAMPLE_STEP })),
    draw(ctx, viewport, frame) {
      const fields = new Map<WeatherGridVariable, SampledField>();
      for (const variable of variables) fields.set(variable, frame.field(variable, ALERT_SAMPLE_STEP));
      const { width, height } = viewport;
      const perPixel = new Map<WeatherGridVariable, Float64Array>();
      for (const [variable, field] of fields) perPixel.set(variable, interpolateField(field, width, height));
      const classes = new Int8Array(width * height).fill(-1);
      for (let r = definition.rules.length - 1; r >= 0; r--) {
        const rule = definition.rules[r]!;
        const values = perPixel.get(rule.variable)!;
        const atLeast = rule.comparison === 'atLeast';
        for (let k = 0; k < values.length; k++) {
          const value = values[k]!;
          if (atLeast ? value >= rule.threshold : value <= rule.threshold) classes[k] = r;
        }
      }
      drawPixels(ctx, viewport, (pixels) => {
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const k = y * width + x;
            const c = classes[k]!;
            if (c < 0) continue;
            const edge =
              (x > 0 && classes[k - 1] !== c) ||
              (x < width - 1 && classes[k + 1] !== c) ||
              (y > 0 && classes[k - width] !== c) ||
              (y < height - 1 && classes[k + width] !== c);
            pixels[k] = edge ? outlines[c]! : fills[c]!;
          }
        }
      });
    },
  };
}
