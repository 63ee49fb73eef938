/**
 * The Agronomic norms resources.
 *
 * Field endpoints (statistics): ranged `location, averageAccumulations{gdd, precipitation, pet,
 * ppet}, dailyNorms, _links`; daily norm `day, gdd, pet, ppet, accumulatedGdd,
 * accumulatedPrecipitation, accumulatedPet, accumulatedPpet, _links`, each `{average, stdDev}`
 * plus `units` for amounts; single day `day, location, gdd, pet, ppet, _links`.
 *
 * Latitude/longitude endpoints (plain averages): ranged `location, averageAccumulations{gdd,
 * precipitation{amount,units}, pet{amount,units}, ppet}, dailyAverages, _links`; daily average
 * `day, gdd, pet{amount,units}, ppet, accumulatedGdd, accumulatedPrecipitation,
 * accumulatedPet, accumulatedPpet, _links`; single day: the daily average with `location` after `day`.
 */
import { Type } from 'typebox';
import {
  AgronomicLinksSchema,
  AgronomicLocationSchema,
  Amount,
  CommonAgronomicQuery,
  GddQuery,
  NullableNumber,
  RangedOrSingle,
} from './agronomic-schemas.js';

const Statistic = Type.Object({ average: Type.Optional(NullableNumber), stdDev: Type.Optional(NullableNumber) });
const StatisticWithUnits = Type.Object({
  average: Type.Optional(NullableNumber),
  stdDev: Type.Optional(NullableNumber),
  units: Type.Optional(Type.String()),
});

export const DailyNormSchema = Type.Object({
  day: Type.Optional(Type.String()),
  location: Type.Optional(AgronomicLocationSchema),
  gdd: Type.Optional(Statistic),
  pet: Type.Optional(StatisticWithUnits),
  ppet: Type.Optional(Statistic),
  accumulatedGdd: Type.Optional(Statistic),
  accumulatedPrecipitation: Type.Optional(StatisticWithUnits),
  accumulatedPet: Type.Optional(StatisticWithUnits),
  accumulatedPpet: Type.Optional(Statistic),
  _links: Type.Optional(AgronomicLinksSchema),
});

export const AgronomicNormsRangeSchema = Type.Object({
  location: Type.Optional(AgronomicLocationSchema),
  averageAccumulations: Type.Optional(
    Type.Object({
      gdd: Type.Optional(Statistic),
      precipitation: Type.Optional(StatisticWithUnits),
      pet: Type.Optional(StatisticWithUnits),
      ppet: Type.Optional(Statistic),
    }),
  ),
  dailyNorms: Type.Optional(Type.Array(DailyNormSchema)),
  _links: Type.Optional(AgronomicLinksSchema),
});

export const AgronomicNormsDatedSchema = RangedOrSingle(['averageAccumulations', 'dailyNorms'], AgronomicNormsRangeSchema, DailyNormSchema);

export const DailyAverageSchema = Type.Object({
  day: Type.Optional(Type.String()),
  location: Type.Optional(AgronomicLocationSchema),
  gdd: Type.Optional(NullableNumber),
  pet: Type.Optional(Amount),
  ppet: Type.Optional(NullableNumber),
  accumulatedGdd: Type.Optional(NullableNumber),
  accumulatedPrecipitation: Type.Optional(Amount),
  accumulatedPet: Type.Optional(Amount),
  accumulatedPpet: Type.Optional(NullableNumber),
  _links: Type.Optional(AgronomicLinksSchema),
});

export const AgronomicAveragesRangeSchema = Type.Object({
  location: Type.Optional(AgronomicLocationSchema),
  averageAccumulations: Type.Optional(
    Type.Object({
      gdd: Type.Optional(NullableNumber),
      precipitation: Type.Optional(Amount),
      pet: Type.Optional(Amount),
      ppet: Type.Optional(NullableNumber),
    }),
  ),
  dailyAverages: Type.Optional(Type.Array(DailyAverageSchema)),
  _links: Type.Optional(AgronomicLinksSchema),
});

export const AgronomicAveragesDatedSchema = RangedOrSingle(
  ['averageAccumulations', 'dailyAverages'],
  AgronomicAveragesRangeSchema,
  DailyAverageSchema,
);

export const AgronomicNormsQuery = Type.Object({
  limit: Type.Optional(Type.String({ description: 'daily entries per page (multi-day requests)' })),
  offset: Type.Optional(Type.String({ description: 'daily entries skipped (multi-day requests)' })),
  ...CommonAgronomicQuery,
  accumulationStartDay: Type.Optional(Type.String({ description: 'MM-DD, at most one year before the start day' })),
  excludeYears: Type.Optional(Type.String({ description: 'comma-separated four-digit years (season start years) left out of the averages' })),
  ...GddQuery,
});

/** `sort`: calendar order of the requested range; `day`, also accepted as `date`. */
export const AGRONOMIC_NORM_SORTS = { day: 'day', date: 'day' } as const;
