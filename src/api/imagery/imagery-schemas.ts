/**
 * TypeBox schemas of the imagery endpoints. Every value arrives as text and is parsed by the map
 * library; the OpenAPI document shows what each means (`ParsedText`).
 */
import { Type } from 'typebox';
import { DEFAULT_FIELD_ZOOM, MAP_LAYER_CODES, MAX_IMAGE_SIDE, MAX_ZOOM, MIN_ZOOM } from '../../services/map-image-service.js';
import { ParsedText } from '../schema-helpers.js';

/** `{types}`: layer codes joined with commas, which is how OpenAPI writes an array in a path (style `simple`). */
const Types = ParsedText('comma-separated layer codes, drawn in the order given (opaque layers first)', {
  type: 'array',
  items: { type: 'string', enum: [...MAP_LAYER_CODES] },
  minItems: 1,
  maxItems: MAP_LAYER_CODES.length,
  uniqueItems: true,
  examples: [['base', 'temperatures', 'states']],
});
const Interval = ParsedText('update interval: 0 the latest, 1 the previous update, and so on', { type: 'integer', minimum: 0, examples: [1] });
const Address = ParsedText('{X},{Y},{zoom}: web mercator tile, origin at the north-west corner; zoom 1 to 21', { type: 'string', examples: ['7,11,5'] });

export const FieldImageParams = Type.Object({ types: Types, fieldId: Type.String() });
export const FieldArchiveParams = Type.Object({ types: Types, fieldId: Type.String(), interval: Interval });
export const TileParams = Type.Object({ types: Types, address: Address });
export const TileArchiveParams = Type.Object({ types: Types, address: Address, interval: Interval });

const Token = Type.Optional(Type.String({ description: 'the access token, instead of the Authorization header (imagery only)' }));

export const FieldImageQuery = Type.Object({
  zoom: Type.Optional(
    ParsedText('zoom level 1 to 21 (default 18)', { type: 'integer', minimum: MIN_ZOOM, maximum: MAX_ZOOM, default: DEFAULT_FIELD_ZOOM, examples: [15] }),
  ),
  size: Type.Optional(
    ParsedText('{width}x{height} in pixels (default 500x500)', {
      type: 'string',
      description: `{width}x{height} in pixels, each 1 to ${MAX_IMAGE_SIDE} (default 500x500)`,
      examples: ['800x600'],
    }),
  ),
  token: Token,
});

export const TileQuery = Type.Object({ token: Token });

export const LegendParams = Type.Object({ layer: Type.String({ description: 'a weather layer code (reference layers have no legend)' }) });

export const LegendQuery = Type.Object({
  units: Type.Optional(Type.String({ description: 'metric (default: °C, mm, mm/h, m/s) or usa (°F, in, in/h, mph)' })),
  format: Type.Optional(Type.String({ description: 'png or json; without it the Accept header decides (PNG unless application/json is preferred)' })),
  token: Token,
});

const Colour = Type.String({ description: '#rrggbb', pattern: '^#[0-9a-f]{6}$' });

export const LegendSchema = Type.Object({
  layer: Type.String(),
  title: Type.String(),
  units: Type.Union([Type.String(), Type.Null()], { description: 'the unit of the stops; null for alert layers, whose classes state theirs' }),
  stops: Type.Array(Type.Object({ value: Type.Number(), color: Colour }), {
    description: 'the colour ramp the layer is drawn with, lowest value first (linear in between); empty for alert layers',
  }),
  classes: Type.Optional(
    Type.Array(Type.Object({ name: Type.String(), color: Colour, condition: Type.String() }), {
      description: 'alert layers: the areas filled, in the order they win a pixel',
    }),
  ),
});

export const LegendPng = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'a colour bar with tick labels and the unit (alert layers: a swatch per class)' });
