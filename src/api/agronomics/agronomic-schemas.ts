/**
 * TypeBox pieces shared by agronomic values and norms. Every response property is optional so
 * that the serializer keeps the order written here.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { CuriesSchema, LinkSchema, ParsedText, sortQuery, UnitsParameter } from '../schema-helpers.js';
import { NullableNumber, WeatherLocationSchema } from '../weather/weather-schemas.js';
import { GDD_METHODS, GDD_METHODS_IN_WORDS } from '../../services/gdd-parameters.js';

export { NullableNumber, WeatherLocationSchema as AgronomicLocationSchema };

/** `{ amount, units }` */
export const Amount = Type.Object({ amount: Type.Optional(NullableNumber), units: Type.Optional(Type.String()) });

/** `_links`: self, next/prev (paged norms), curies, svc:field, svc:planting. */
export const AgronomicLinksSchema = Type.Object({
  self: Type.Optional(LinkSchema),
  next: Type.Optional(LinkSchema),
  prev: Type.Optional(LinkSchema),
  curies: Type.Optional(CuriesSchema),
  'svc:field': Type.Optional(LinkSchema),
  'svc:planting': Type.Optional(LinkSchema),
});

const DEGREES = 'integer, °C under metric, °F under usa';

/** A temperature of the GDD parameters: a whole number of degrees in the request's units. */
function GddDegrees(example: number) {
  return Type.Optional(ParsedText(DEGREES, { type: 'integer', examples: [example] }));
}

/** GDD parameters (spec "GDD parameters and defaults"), as text; parsed by gdd-parameters.ts. */
export const GddQuery = {
  gddMethod: Type.Optional(ParsedText(GDD_METHODS_IN_WORDS, { type: 'string', enum: [...GDD_METHODS], examples: ['modifiedstandard'] })),
  gddBaseTemp: GddDegrees(10),
  gddMinBoundary: GddDegrees(10),
  gddMaxBoundary: GddDegrees(30),
};

/** `sort`, `properties`, `units` of agronomic values and norms; `sorts` the names of their date order. */
export function commonAgronomicQuery(sorts: readonly string[]) {
  return {
    sort: sortQuery(sorts, true, 'date order of the daily entries; prefix with - for descending order'),
    properties: Type.Optional(Type.String({ description: 'comma-separated properties to include' })),
    units: UnitsParameter,
  };
}

/**
 * The answer of a path that gives a ranged object for a range and the single-day object for one
 * day: a body holding one of `rangedKeys` is written as the ranged object, any other as the
 * single day. Only the tiny `if` schema is checked at run time.
 */
export function RangedOrSingle<Ranged extends TSchema, Single extends TSchema>(rangedKeys: readonly string[], ranged: Ranged, single: Single) {
  return Type.Unsafe<Static<Ranged> | Static<Single>>({
    if: { type: 'object', anyOf: rangedKeys.map((key) => ({ required: [key] })) },
    then: ranged,
    else: single,
  });
}

