/**
 * Running totals of daily agronomic values. The caller passes every day from the accumulation
 * start (the planting date, `accumulationStartDate`, or the first requested day), in date
 * order; each returned day carries the totals from that start through the day. The daily
 * values of a request may begin later than the accumulation start: `accumulateFrom` returns
 * only the days from the first requested date, with totals that still include the earlier days.
 *
 * A missing daily value (`null`) adds nothing to its total. Accumulated P/PET is accumulated
 * precipitation / accumulated PET, with the zero rule of `ppet` (`null` while the accumulated
 * PET is 0).
 */
import type { IsoDate } from '../core/dates.js';
import { ppet } from './ppet.js';

export interface DailyAgronomicInput {
  readonly date: IsoDate;
  readonly gdd: number | null;
  /** mm (or in; the unit is the caller's, the same for every day) */
  readonly precipitation: number | null;
  readonly pet: number | null;
}

export interface AccumulatedValues {
  readonly accumulatedGdd: number;
  readonly accumulatedPrecipitation: number;
  readonly accumulatedPet: number;
  readonly accumulatedPpet: number | null;
}

export interface AccumulatedDay extends AccumulatedValues {
  readonly date: IsoDate;
}

/** Running totals for every given day, in the given order. */
export function accumulate(days: readonly DailyAgronomicInput[]): AccumulatedDay[] {
  let gdd = 0;
  let precipitation = 0;
  let pet = 0;
  return days.map((day) => {
    gdd += day.gdd ?? 0;
    precipitation += day.precipitation ?? 0;
    pet += day.pet ?? 0;
    return {
      date: day.date,
      accumulatedGdd: gdd,
      accumulatedPrecipitation: precipitation,
      accumulatedPet: pet,
      accumulatedPpet: ppet(precipitation, pet),
    };
  });
}

/**
 * Running totals accumulated from the first given day, returned only for the days on or after
 * `firstReturnedDate` (ISO dates compare correctly as strings).
 */
export function accumulateFrom(days: readonly DailyAgronomicInput[], firstReturnedDate: IsoDate): AccumulatedDay[] {
  return accumulate(days).filter((day) => day.date >= firstReturnedDate);
}

/** Totals over all given days (the `accumulations` object); zeros and `null` P/PET when empty. */
export function accumulationTotals(days: readonly DailyAgronomicInput[]): AccumulatedValues {
  const running = accumulate(days);
  const last = running[running.length - 1];
  if (!last) return { accumulatedGdd: 0, accumulatedPrecipitation: 0, accumulatedPet: 0, accumulatedPpet: null };
  return {
    accumulatedGdd: last.accumulatedGdd,
    accumulatedPrecipitation: last.accumulatedPrecipitation,
    accumulatedPet: last.accumulatedPet,
    accumulatedPpet: last.accumulatedPpet,
  };
}
