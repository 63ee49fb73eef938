/**
 * TypeBox pieces shared by the weather resources (observations, forecasts, norms). Every
 * response property is optional so that the serializer keeps the order written here.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { WEATHER_WINDOWS } from '../../services/date-windows.js';
import type { ListName } from '../../http/limits.js';
import { CuriesSchema, LinkSchema, listQuery, Nullable, UnitsParameter } from '../schema-helpers.js';

export const NullableNumber = Nullable(Type.Number());

/** `latitude`, `longitude` and, on field endpoints only, `fieldId`. */
export const WeatherLocationSchema = Type.Object({
  latitude: Type.Optional(Type.Number()),
  longitude: Type.Optional(Type.Number()),
  fieldId: Type.Optional(Type.String()),
});

/** `_links` of one day: `self`, `curies`, and `svc:field` on field endpoints. */
export const ItemLinksSchema = Type.Object({
  self: Type.Optional(LinkSchema),
  curies: Type.Optional(CuriesSchema),
  'svc:field': Type.Optional(LinkSchema),
});

/** `_links` of a list: `self`, `next`, `prev` (each only when that page exists), `curies`, `svc:field`. */
export const ListLinksSchema = Type.Object({
  self: Type.Optional(LinkSchema),
  next: Type.Optional(LinkSchema),
  prev: Type.Optional(LinkSchema),
  curies: Type.Optional(CuriesSchema),
  'svc:field': Type.Optional(LinkSchema),
});


/** Query of the daily weather lists: paging (the list's limits), sort (one of `sorts`, one at a time), properties, units. */
export function weatherListQuery(list: ListName, sorts: readonly string[]) {
  return { ...listQuery(list, sorts, true), units: UnitsParameter };
}

/**
 * The answer of a path that gives a list for a date range and the single object for one date:
 * `if` the body has the list's key it is written as the list, else as the single object. Only the
 * tiny `if` schema is checked at run time (an `anyOf` would validate the whole body against each
 * choice first).
 */
export function ListOrSingle<List extends TSchema, Single extends TSchema>(listKey: string, list: List, single: Single) {
  return Type.Unsafe<Static<List> | Static<Single>>({
    description: `the ${listKey} list for a range; the single object for one date or day`,
    if: { type: 'object', required: [listKey] },
    then: list,
    else: single,
  });
}

/** The `{startYear},{endYear}` segment of weather and agronomic norms, with its bounds. */
export const NORM_YEARS_DESCRIPTION =
  `{startYear},{endYear}: four-digit years, inclusive; at least ${WEATHER_WINDOWS.normMinimumYears} and at most ${WEATHER_WINDOWS.normMaximumYears} years, ` +
  'the last one over, none before the first year the weather source holds at the place';
