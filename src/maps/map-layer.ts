/**
 * The shape every map layer has. A layer is a static definition; what it draws from (reference
 * geodata of the renderer, the weather grid provider, the update time) comes in the frame.
 * Adding a layer: copy a file under `layers/`, change it, and list it in `layers/all-layers.ts`.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Checkpoint } from '../core/requester.js';
import type { ColourRamp } from './colour-ramp.js';
import type { Coverage } from './coverage.js';
import type { ReferenceGeodata } from './geodata/reference-geodata.js';
import type { Viewport } from './viewport.js';
import type { SampledField } from './drawing/value-raster.js';
import type { WeatherGridVariable } from './weather-grid/weather-grid-provider.js';

export interface LayerFrame {
  readonly geodata: ReferenceGeodata;
  /** Start of the update the image shows (UTC epoch ms); null for reference layers. */
  readonly time: number | null;
  /**
   * A weather field of the image, sampled before drawing began (see `MapLayer.weatherFields`):
   * `variable` every `samplingStep(viewport, baseStep)` pixels.
   */
  field(variable: WeatherGridVariable, baseStep: number): SampledField;
  /**
   * Throws once the image is no longer wanted: a layer that takes long on a large image (seconds)
   * passes it now and then, as `drawPlan` does between layers.
   */
  readonly checkpoint: Checkpoint;
}

/** An alert layer's rule: areas where `variable` is at least (or at most) `threshold` are filled in `colour`. */
export interface AlertRule {
  readonly name: string;
  readonly variable: WeatherGridVariable;
  readonly comparison: 'atLeast' | 'atMost';
  readonly threshold: number;
  readonly unit: string;
  /** `#rrggbb`. */
  readonly colour: string;
}

/** A weather field a layer draws from. */
export interface LayerWeatherField {
  readonly variable: WeatherGridVariable;
  /** Sampling step on a 256-pixel tile, scaled with the image (`samplingStep`). */
  readonly baseStep: number;
}

export interface MapLayer {
  readonly code: string;
  readonly title: string;
  readonly kind: 'reference' | 'weather';
  readonly coverage: Coverage;
  /** Minutes between updates; archives step back by this. Null: not archived (reference layers). */
  readonly updatePeriodMinutes: number | null;
  /** True when the layer paints every pixel inside its coverage. */
  readonly opaque: boolean;
  /** Where the data comes from and under which licence (documentation). */
  readonly source: string;
  readonly license: string;
  /** Colour ramp of a gridded layer: what it draws with, and what its legend shows. */
  readonly ramp?: ColourRamp;
  /** Rules of an alert layer, in order (the first matching one colours a pixel); its legend lists them. */
  readonly alertRules?: readonly AlertRule[];
  /** What a weather layer shows, in words, for the note where it has no data: "No {dataName} data here". Default: the title. */
  readonly dataName?: string;
  /** Extra documentation: thresholds, styling. */
  readonly notes?: string;
  /** The weather fields a weather layer draws from, sampled for it before drawing. */
  readonly weatherFields?: readonly LayerWeatherField[];
  /** Draws onto the image; the renderer has already clipped to the layer's coverage. */
  draw(ctx: SKRSContext2D, viewport: Viewport, frame: LayerFrame): void | Promise<void>;
}
