/**
 * The Weather norm resource (one per calendar day): day, location, meanTemp, maxTemp, minTemp,
 * precipitation, solar, minHumidity, maxHumidity, dailyMaxWind, averageWind, _links; each
 * statistic is average, stdDev and (except humidity) units.
 */
import { Type } from 'typebox';
import { CuriesSchema, LinkSchema } from '../schema-helpers.js';
import { WEATHER_WINDOWS } from '../../services/date-windows.js';
import { ListOrSingle, NullableNumber, WeatherListQuery, WeatherLocationSchema } from './weather-schemas.js';

/** The `{startYear},{endYear}` segment of weather and agronomic norms, with its bounds. */
export const NORM_YEARS_DESCRIPTION =
  `{startYear},{endYear}: four-digit years, inclusive; at least ${WEATHER_WINDOWS.normMinimumYears} and at most ${WEATHER_WINDOWS.normMaximumYears} years, ` +
  'the last one over, none before the first year the weather source holds at the place';

const WithUnits = Type.Object({
  average: Type.Optional(NullableNumber),
  stdDev: Type.Optional(NullableNumber),
  units: Type.Optional(Type.String()),
});
const Percent = Type.Object({ average: Type.Optional(NullableNumber), stdDev: Type.Optional(NullableNumber) });

const NormLinksSchema = Type.Object({
  self: Type.Optional(LinkSchema),
  next: Type.Optional(LinkSchema),
  prev: Type.Optional(LinkSchema),
  curies: Type.Optional(CuriesSchema),
  'svc:field': Type.Optional(LinkSchema),
});

export const WeatherNormSchema = Type.Object({
  day: Type.Optional(Type.String()),
  location: Type.Optional(WeatherLocationSchema),
  meanTemp: Type.Optional(WithUnits),
  maxTemp: Type.Optional(WithUnits),
  minTemp: Type.Optional(WithUnits),
  precipitation: Type.Optional(WithUnits),
  solar: Type.Optional(WithUnits),
  minHumidity: Type.Optional(Percent),
  maxHumidity: Type.Optional(Percent),
  dailyMaxWind: Type.Optional(WithUnits),
  averageWind: Type.Optional(WithUnits),
  _links: Type.Optional(NormLinksSchema),
});

export const WeatherNormListSchema = Type.Object({
  norms: Type.Optional(Type.Array(WeatherNormSchema)),
  _links: Type.Optional(NormLinksSchema),
});

/** `/norms/{days}`: the list for a day range, the single object for one day. */
export const WeatherNormResponseSchema = ListOrSingle('norms', WeatherNormListSchema, WeatherNormSchema);

export const WeatherNormQuery = Type.Object({
  ...WeatherListQuery,
  excludeYears: Type.Optional(Type.String({ description: 'comma-separated four-digit years (season start years) left out of the averages' })),
});

export const FieldNormParams = Type.Object({ fieldId: Type.String(), days: Type.String({ description: 'MM-DD or {startDay},{endDay}' }) });
export const FieldNormYearsParams = Type.Object({
  fieldId: Type.String(),
  days: Type.String({ description: 'MM-DD or {startDay},{endDay}' }),
  years: Type.String({ description: NORM_YEARS_DESCRIPTION }),
});
export const LocationNormParams = Type.Object({
  coordinates: Type.String({ description: '{latitude},{longitude} in decimal degrees' }),
  days: Type.String({ description: 'MM-DD or {startDay},{endDay}' }),
});
export const LocationNormYearsParams = Type.Object({
  coordinates: Type.String({ description: '{latitude},{longitude} in decimal degrees' }),
  days: Type.String({ description: 'MM-DD or {startDay},{endDay}' }),
  years: Type.String({ description: NORM_YEARS_DESCRIPTION }),
});

/** `properties` choices as the spec lists them; day, averageWind and _links are always included. */
export const WEATHER_NORM_PROPERTIES = [
  'location',
  'meanTemp',
  'maxTemp',
  'minTemp',
  'precipitation',
  'solar',
  'maxHumidity',
  'minHumidity',
  'dailyMaxWind',
] as const;

/** `sort`: calendar order of the requested range; the spec names it `day` and lists `date`. */
export const WEATHER_NORM_SORTS = { day: 'day', date: 'day' } as const;
