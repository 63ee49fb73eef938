/**
 * The legend of a weather layer: the stops of the very colour ramp its tiles are drawn with (or,
 * for an alert layer, its rules), with the values written in the unit the caller asks for. Which
 * unit a ramp's values are written in is the caller's choice (`LegendUnits`); the colours are the
 * ramp's own.
 */
import { MapNotFoundError, MapValidationError } from './map-errors.js';
import type { AlertRule, MapLayer } from './map-layer.js';

/** How values given in a layer's own unit (°C, mm, m/s, …) are written in a legend. */
export interface LegendUnit {
  /** The label of the unit the values are written in. */
  readonly units: string;
  /** A value in the layer's own unit, written in `units` (rounding is the legend's). */
  readonly convert: (value: number) => number;
  /** Decimals the values keep. */
  readonly decimals: number;
}

/** The units of a legend for a unit of a layer's ramp or rule (`°C`, `mm`, `mm/h`, `m/s`, `%`). */
export type LegendUnits = (unit: string) => LegendUnit;

/** Values kept as the layer states them. */
export const sameUnits: LegendUnits = (unit) => ({ units: unit, convert: (value) => value, decimals: 3 });

export interface LegendStop {
  readonly value: number;
  /** `#rrggbb`. */
  readonly color: string;
}

export interface LegendClass {
  readonly name: string;
  /** `#rrggbb`. */
  readonly color: string;
  /** When the class applies, e.g. `temperature ≥ 95 °F`. */
  readonly condition: string;
}

export interface MapLegend {
  readonly layer: string;
  readonly title: string;
  /** The unit of the stops' values; null for an alert layer (each class states its own). */
  readonly units: string | null;
  /** The ramp's stops, lowest first; empty for an alert layer. */
  readonly stops: LegendStop[];
  /** An alert layer's classes, in the order they win a pixel; absent for a ramp. */
  readonly classes?: LegendClass[];
}

function rounded(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale || 0;
}

function classOf(rule: AlertRule, unitsFor: LegendUnits): LegendClass {
  const unit = unitsFor(rule.unit);
  const threshold = rounded(unit.convert(rule.threshold), unit.decimals);
  return { name: rule.name, color: rule.colour, condition: `${rule.variable} ${rule.comparison === 'atLeast' ? '≥' : '≤'} ${threshold} ${unit.units}` };
}

/**
 * The legend of a weather layer. A reference layer has none (`MapNotFoundError`); a layer code
 * the renderer does not know is `MapValidationError` naming `layer`.
 */
export function mapLegend(layers: readonly MapLayer[], code: string, unitsFor: LegendUnits = sameUnits): MapLegend {
  const layer = layers.find((candidate) => candidate.code === code);
  if (!layer) throw new MapValidationError('layer', `unknown layer code '${code}'; the layers are ${layers.map((l) => l.code).join(', ')}`);
  if (layer.ramp) {
    const unit = unitsFor(layer.ramp.unit);
    return {
      layer: layer.code,
      title: layer.title,
      units: unit.units,
      stops: layer.ramp.stops.map((stop) => ({ value: rounded(unit.convert(stop.value), unit.decimals), color: stop.colour })),
    };
  }
  if (layer.alertRules) {
    return { layer: layer.code, title: layer.title, units: null, stops: [], classes: layer.alertRules.map((rule) => classOf(rule, unitsFor)) };
  }
  const weather = layers.filter((l) => l.ramp || l.alertRules).map((l) => l.code);
  throw new MapNotFoundError('layer', `'${code}' is a reference layer and has no legend; weather layers have one: ${weather.join(', ')}`);
}
