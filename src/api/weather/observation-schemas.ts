/**
 * The Daily observation resource. Key order follows the service's published responses
 * (docs/weather-api.md): date, location, temperatures{max,min,units}, precipitation{amount,units},
 * solar{amount,units}, relativeHumidity{max,min}, wind{morningMax,dayMax,average,units}, _links.
 */
import { Type } from 'typebox';
import {
  ItemLinksSchema,
  ListLinksSchema,
  ListOrSingle,
  NullableNumber,
  WeatherListQuery,
  WeatherLocationSchema,
} from './weather-schemas.js';

export const ObservationSchema = Type.Object({
  date: Type.Optional(Type.String()),
  location: Type.Optional(WeatherLocationSchema),
  temperatures: Type.Optional(
    Type.Object({ max: Type.Optional(NullableNumber), min: Type.Optional(NullableNumber), units: Type.Optional(Type.String()) }),
  ),
  precipitation: Type.Optional(Type.Object({ amount: Type.Optional(NullableNumber), units: Type.Optional(Type.String()) })),
  solar: Type.Optional(Type.Object({ amount: Type.Optional(NullableNumber), units: Type.Optional(Type.String()) })),
  relativeHumidity: Type.Optional(Type.Object({ max: Type.Optional(NullableNumber), min: Type.Optional(NullableNumber) })),
  wind: Type.Optional(
    Type.Object({
      morningMax: Type.Optional(NullableNumber),
      dayMax: Type.Optional(NullableNumber),
      average: Type.Optional(NullableNumber),
      units: Type.Optional(Type.String()),
    }),
  ),
  _links: Type.Optional(ItemLinksSchema),
});

export const ObservationListSchema = Type.Object({
  observations: Type.Optional(Type.Array(ObservationSchema)),
  _links: Type.Optional(ListLinksSchema),
});

/** `/observations/{dates}`: the list for `{startDate},{endDate}`, the single object for one date. */
export const ObservationDatedSchema = ListOrSingle('observations', ObservationListSchema, ObservationSchema);

export const ObservationQuery = Type.Object(WeatherListQuery);

/** `properties` choices; `date` and `_links` are always included. */
export const OBSERVATION_PROPERTIES = ['location', 'temperatures', 'precipitation', 'solar', 'relativeHumidity', 'wind'] as const;

/** `sort` choices. */
export const OBSERVATION_SORTS = { date: 'date' } as const;
