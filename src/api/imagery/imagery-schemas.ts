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
