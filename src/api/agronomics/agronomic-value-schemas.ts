/**
 * The Agronomic values resource. Ranged: `location, accumulations{gdd, precipitation{amount,units},
 * pet{amount,units}, ppet}, dailyValues, _links`. Daily entry: `date, gdd, pet{amount,units}, ppet,
 * accumulatedGdd, accumulatedPrecipitation{amount,units}, accumulatedPet{amount,units},
 * accumulatedPpet, _links`; the single-day answer is the entry with `location` after `date`.
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

export const AgronomicValueSchema = Type.Object({
  date: Type.Optional(Type.String()),
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

export const AccumulationsSchema = Type.Object({
  gdd: Type.Optional(NullableNumber),
  precipitation: Type.Optional(Amount),
  pet: Type.Optional(Amount),
  ppet: Type.Optional(NullableNumber),
});

export const AgronomicValuesRangeSchema = Type.Object({
  location: Type.Optional(AgronomicLocationSchema),
  accumulations: Type.Optional(AccumulationsSchema),
  dailyValues: Type.Optional(Type.Array(AgronomicValueSchema)),
  _links: Type.Optional(AgronomicLinksSchema),
});

/** `/agronomicvalues/{dates}`: the ranged object for `{startDate},{endDate}`, the single day for one date. */
export const AgronomicValuesDatedSchema = RangedOrSingle(['accumulations', 'dailyValues'], AgronomicValuesRangeSchema, AgronomicValueSchema);

export const AgronomicValuesQuery = Type.Object({
  ...CommonAgronomicQuery,
  accumulationStartDate: Type.Optional(
    Type.String({ description: 'YYYY-MM-DD, on or before the start date, from one year before today through yesterday' }),
  ),
  ...GddQuery,
});

/** `sort`: date order. */
export const AGRONOMIC_VALUE_SORTS = { date: 'date' } as const;
