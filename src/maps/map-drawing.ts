/**
 * Drawing an image from a plan of plain data — where (a tile, or an image centred on a point),
 * which layers, the update time of each, and the weather fields its weather layers show, already
 * sampled — into a PNG. The plan crosses threads as it is (the compute pool draws on worker
 * threads); what drawing reads besides (the reference geodata, the layer table) each thread keeps.
 */
import { type SKRSContext2D, createCanvas } from '@napi-rs/canvas';
import { type Checkpoint, NO_CHECKPOINT } from '../core/requester.js';
import { type Coverage, coverageIsGlobal, coverageMeets } from './coverage.js';
import { drawPlaceMarker } from './drawing/marker.js';
import { drawNotes, noDataNote } from './drawing/no-data-notes.js';
import { tracePolygonRings } from './drawing/vector-paths.js';
import { interpolate, type SampledField } from './drawing/value-raster.js';
import { registerLabelFonts } from './fonts.js';
import { ReferenceGeodata } from './geodata/reference-geodata.js';
import { allMapLayers } from './layers/all-layers.js';
import type { LayerFrame, MapLayer } from './map-layer.js';
import { encodeCanvasPng } from './png-encoding.js';
import { type Viewport, centredViewport, tileViewport } from './viewport.js';
import type { WeatherGridVariable } from './weather-grid/weather-grid-provider.js';
import { bboxesIntersect } from './web-mercator.js';

/** Where an image is: a web mercator tile, or an image centred on a point. */
export type ViewportSpec =
  | { readonly kind: 'tile'; readonly x: number; readonly y: number; readonly zoom: number }
  | {
      readonly kind: 'centred';
      readonly longitude: number;
      readonly latitude: number;
      readonly zoom: number;
      readonly width: number;
      readonly height: number;
      /** Mark the centre point (a field's centre) on top of every layer. */
      readonly marker?: boolean;
    };

export function viewportOf(spec: ViewportSpec): Viewport {
  return spec.kind === 'tile' ? tileViewport(spec.x, spec.y, spec.zoom) : centredViewport(spec.longitude, spec.latitude, spec.zoom, spec.width, spec.height);
}

/** A weather field an image shows: a variable of one update, sampled over the image. */
export interface PlannedField {
  readonly variable: WeatherGridVariable;
  /** The layer's sampling step on a 256-pixel tile (before scaling to the image). */
  readonly baseStep: number;
  /** The update (UTC epoch ms). */
  readonly time: number;
  readonly field: SampledField;
}

export interface DrawPlan {
  readonly viewport: ViewportSpec;
  /** Layer codes in drawing order. */
  readonly layers: readonly string[];
  /** Update time of each layer (UTC epoch ms); null for reference layers. */
  readonly times: readonly (number | null)[];
  readonly fields: readonly PlannedField[];
}

/** What drawing reads besides the plan, kept by each thread that draws. */
export interface DrawingContext {
  readonly geodata: ReferenceGeodata;
  readonly layers: ReadonlyMap<string, MapLayer>;
}

/** A drawing context of every layer, with reference geodata of its own (loaded as images need it). */
export function createDrawingContext(): DrawingContext {
  return { geodata: new ReferenceGeodata(), layers: new Map(allMapLayers.map((layer) => [layer.code, layer])) };
}

/** Whether a layer shows on the viewport: its coverage meets it. */
export function layerShows(layer: MapLayer, viewport: Viewport): boolean {
  return coverageMeets(layer.coverage, viewport.bbox);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Draws the plan into a PNG; `checkpoint` is passed before each layer (and by slow layers within theirs) and before encoding. */
export async function drawPlan(plan: DrawPlan, context: DrawingContext, checkpoint: Checkpoint = NO_CHECKPOINT): Promise<Buffer> {
  registerLabelFonts();
  const viewport = viewportOf(plan.viewport);
  const canvas = createCanvas(viewport.width, viewport.height);
  const ctx = canvas.getContext('2d');
  const focus = focusOf(plan.viewport, viewport);
  /** Notes of weather layers that have no data at the image's focus (the field, or the tile's centre). */
  const notes: string[] = [];
  for (let i = 0; i < plan.layers.length; i++) {
    checkpoint();
    const layer = context.layers.get(plan.layers[i]!);
    if (!layer) throw new Error(`unknown layer code '${plan.layers[i]}'`);
    if (!layerShows(layer, viewport)) {
      if (layer.kind === 'weather') notes.push(noDataNote(layer));
      continue;
    }
    const time = plan.times[i]!;
    const field = (variable: WeatherGridVariable, baseStep: number): SampledField => {
      const planned = plan.fields.find((f) => f.variable === variable && f.baseStep === baseStep && f.time === time);
      if (!planned) throw new Error(`the plan has no ${variable} field (step ${baseStep}) of ${time}`);
      return planned.field;
    };
    const frame: LayerFrame = { geodata: context.geodata, time, field, checkpoint };
    ctx.save();
    const coversFocus = coverageClip(ctx, layer.coverage, viewport, frame, focus);
    await layer.draw(ctx, viewport, frame);
    ctx.restore();
    if (layer.kind === 'weather') {
      const valued = (layer.weatherFields ?? []).every(({ variable, baseStep }) => !Number.isNaN(interpolate(field(variable, baseStep), focus.x, focus.y)));
      if (!coversFocus || !valued) notes.push(noDataNote(layer));
    }
    if (i + 1 < plan.layers.length) await nextTurn();
  }
  drawNotes(ctx, viewport.width, [...new Set(notes)]);
  if (plan.viewport.kind === 'centred' && plan.viewport.marker) drawPlaceMarker(ctx, focus.x, focus.y);
  checkpoint();
  return encodeCanvasPng(canvas);
}

/** The point an image is about: a field image's centre point, a tile's centre (image pixels). */
function focusOf(spec: ViewportSpec, viewport: Viewport): { x: number; y: number } {
  if (spec.kind === 'centred') return viewport.project(spec.longitude, spec.latitude);
  return { x: viewport.width / 2, y: viewport.height / 2 };
}

/** Clips drawing to the coverage; returns whether the coverage holds `focus`. */
function coverageClip(ctx: SKRSContext2D, coverage: Coverage, viewport: Viewport, frame: LayerFrame, focus: { x: number; y: number }): boolean {
  if (coverageIsGlobal(coverage)) return true;
  const mask = coverage.mask(frame.geodata);
  ctx.beginPath();
  if (mask) {
    tracePolygonRings(ctx, mask, viewport);
    const inside = ctx.isPointInPath(focus.x, focus.y, 'evenodd');
    ctx.clip('evenodd');
    return inside;
  }
  for (const bounds of coverage.bounds) {
    if (!bboxesIntersect(bounds, viewport.bbox)) continue;
    const a = viewport.project(bounds.west, bounds.north);
    const b = viewport.project(bounds.east, bounds.south);
    ctx.rect(a.x, a.y, b.x - a.x, b.y - a.y);
  }
  const inside = ctx.isPointInPath(focus.x, focus.y, 'nonzero');
  ctx.clip('nonzero');
  return inside;
}
