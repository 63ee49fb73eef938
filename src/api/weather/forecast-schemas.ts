/**
 * Forecast day and block. Key order follows the service's published responses
 * (docs/weather-api.md): a block is startTime, endTime, conditionsCode, conditionsText,
 * temperatures{value,max,min,units} (exactly {max,min,units} for blocks above one hour),
 * precipitation{chance,amount,units}, sky{cloudCover,sunshine},
 * solar{amount,units}, relativeHumidity{average,max,min}, wind{average,max,min,units},
 * dewPoint{amount,units}, soilTemperatures[{depth,average,max,min,units}],
 * soilMoisture[{depth,average,max,min}]. A single day is exactly date, location, forecast, _links.
 */
import { Type } from 'typebox';
import { BLOCK_SIZES, type BlockSize } from '../../services/forecast-service.js';
import { Nullable, TextChoice } from '../schema-helpers.js';
import {
  ItemLinksSchema,
  ListLinksSchema,
  ListOrSingle,
  NullableNumber,
  WeatherListQuery,
  WeatherLocationSchema,
} from './weather-schemas.js';

const Amount = Type.Object({ amount: Type.Optional(NullableNumber), units: Type.Optional(Type.String()) });

export const ForecastBlockSchema = Type.Object({
  startTime: Type.Optional(Type.String()),
  endTime: Type.Optional(Type.String()),
  conditionsCode: Type.Optional(Type.String()),
  conditionsText: Type.Optional(Type.String()),
  temperatures: Type.Optional(
    Type.Object({
      value: Type.Optional(Nullable(Type.Number({ description: 'the hour temperature; block size 1 only, absent (not null) on larger blocks' }))),
      max: Type.Optional(NullableNumber),
      min: Type.Optional(NullableNumber),
      units: Type.Optional(Type.String()),
    }),
  ),
  precipitation: Type.Optional(
    Type.Object({ chance: Type.Optional(NullableNumber), amount: Type.Optional(NullableNumber), units: Type.Optional(Type.String()) }),
  ),
  sky: Type.Optional(Type.Object({ cloudCover: Type.Optional(NullableNumber), sunshine: Type.Optional(NullableNumber) })),
  solar: Type.Optional(Amount),
  relativeHumidity: Type.Optional(
    Type.Object({ average: Type.Optional(NullableNumber), max: Type.Optional(NullableNumber), min: Type.Optional(NullableNumber) }),
  ),
  wind: Type.Optional(
    Type.Object({
      average: Type.Optional(NullableNumber),
      max: Type.Optional(NullableNumber),
      min: Type.Optional(NullableNumber),
      units: Type.Optional(Type.String()),
    }),
  ),
  dewPoint: Type.Optional(Amount),
  soilTemperatures: Type.Optional(
    Type.Array(
      Type.Object({
        depth: Type.Optional(Type.String()),
        average: Type.Optional(NullableNumber),
        max: Type.Optional(NullableNumber),
        min: Type.Optional(NullableNumber),
        units: Type.Optional(Type.String()),
      }),
    ),
  ),
  soilMoisture: Type.Optional(
    Type.Array(
      Type.Object({
        depth: Type.Optional(Type.String()),
        average: Type.Optional(NullableNumber),
        max: Type.Optional(NullableNumber),
        min: Type.Optional(NullableNumber),
      }),
    ),
  ),
});

export const ForecastDaySchema = Type.Object({
  date: Type.Optional(Type.String()),
  location: Type.Optional(WeatherLocationSchema),
  forecast: Type.Optional(Type.Array(ForecastBlockSchema)),
  _links: Type.Optional(ItemLinksSchema),
});

export const ForecastListSchema = Type.Object({
  forecasts: Type.Optional(Type.Array(ForecastDaySchema)),
  _links: Type.Optional(ListLinksSchema),
});

/** `/forecasts/{dates}`: the list for `{startDate},{endDate}`, the single object for one date. */
export const ForecastDatedSchema = ListOrSingle('forecasts', ForecastListSchema, ForecastDaySchema);

/** `blockSize` as written in the query (empty: the default), and the hours each names. */
export const BLOCK_SIZE_TEXTS = ['', '1', '2', '3', '4', '6', '8', '12', '24'] as const;
export const BLOCK_SIZE_OF_TEXT: Readonly<Record<(typeof BLOCK_SIZE_TEXTS)[number], BlockSize>> = {
  '': 1,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '6': 6,
  '8': 8,
  '12': 12,
  '24': 24,
};

export const ForecastQuery = Type.Object({
  ...WeatherListQuery,
  blockSize: Type.Optional(TextChoice(BLOCK_SIZE_TEXTS, `one of ${BLOCK_SIZES.join(', ')} (hours per block; default 1)`)),
  conditionsType: Type.Optional(Type.String({ description: 'basic or standard (default)' })),
  useLocalTime: Type.Optional(Type.String({ description: "true: block times in the time zone of the field or location (utcOffset ignored); false (default)" })),
  utcOffset: Type.Optional(Type.String({ description: 'offset of block times from UTC, ±HH:MM such as -05:00 (default +00:00)' })),
});

/** `properties` choices (block properties); startTime, endTime, dewPoint and the soil arrays are always included. */
export const FORECAST_PROPERTIES = [
  'conditionsCode',
  'conditionsText',
  'temperatures',
  'precipitation',
  'sky',
  'solar',
  'relativeHumidity',
  'wind',
] as const;

export const FORECAST_SORTS = { date: 'date' } as const;
