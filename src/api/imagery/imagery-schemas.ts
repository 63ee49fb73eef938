/** TypeBox schemas of the imagery endpoints. Every value arrives as text and is parsed by the map library. */
import { Type } from 'typebox';

const Types = Type.String({ description: 'comma-separated layer codes, drawn in the order given (opaque layers first)' });
const Interval = Type.String({ description: 'update interval: 0 the latest, 1 the previous update, and so on' });
const Address = Type.String({ description: '{X},{Y},{zoom}: web mercator tile, origin at the north-west corner; zoom 1 to 21' });

export const FieldImageParams = Type.Object({ types: Types, fieldId: Type.String() });
export const FieldArchiveParams = Type.Object({ types: Types, fieldId: Type.String(), interval: Interval });
export const TileParams = Type.Object({ types: Types, address: Address });
export const TileArchiveParams = Type.Object({ types: Types, address: Address, interval: Interval });

const Token = Type.Optional(Type.String({ description: 'the access token, instead of the Authorization header (imagery only)' }));

export const FieldImageQuery = Type.Object({
  zoom: Type.Optional(Type.String({ description: 'zoom level 1 to 21 (default 18)' })),
  size: Type.Optional(Type.String({ description: '{width}x{height} in pixels (default 500x500)' })),
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
