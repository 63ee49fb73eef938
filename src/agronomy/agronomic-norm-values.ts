/**
 * The daily values of agronomic norms, season by season: each season's daily GDD, PET and P/PET
 * and their running totals from its accumulation start, taken on the requested calendar days, and
 * each season's totals. The statistics across seasons are taken from these
 * (services/agronomic-norms-service.ts).
 *
 * Input and output are plain data (typed arrays, numbers), so that this runs on a worker thread
 * (compute/compute-pool.ts) as well as on the calling one.
 */
import {
  accumulateInto,
  type AgronomicColumns,
  type AgronomicPlace,
  type AgronomicValueColumns,
  dailyAgronomicSeries,
  fillDailyAgronomicSeriesFromColumns,
  placeReferenceEt,
  ppetOrNaN,
  type RunningTotals,
} from './agronomic-series.js';
import { type Checkpoint, NO_CHECKPOINT } from '../core/requester.js';
import { celsiusDailyGdd, type GddParameters } from './gdd.js';
import type { DailyReferenceEt, ReferenceEvapotranspirationOptions } from './pet.js';

/** One season's weather, from its accumulation start to its last day. */
export interface NormSeason {
  columns: AgronomicColumns;
  /** Days of `columns` (from the accumulation start to the season's last day). */
  length: number;
  /** Where PET is computed (latitude, elevation, wind height). */
  place: AgronomicPlace;
  /** Days from the accumulation start to the season's first day. */
  shift: number;
  /** Whether the season's February has 29 days (which of `offsets` it uses). */
  leap: boolean;
}

export interface AgronomicNormValuesInput {
  seasons: NormSeason[];
  /** Per requested day, its offset from the season's first day, in a leap and in a common February. */
  offsets: { leap: ArrayLike<number>; common: ArrayLike<number> };
  /** Number of requested days. */
  dayCount: number;
  gdd: GddParameters;
  referenceEt: ReferenceEvapotranspirationOptions;
}

/** Values by requested day and season: `[dayIndex * seasonCount + seasonIndex]`, NaN where a season has none. */
export interface AgronomicNormValues extends AgronomicValueColumns {
  /** Each season's totals over its whole range (from the accumulation start). */
  totals: { gdd: Float64Array; precipitation: Float64Array; pet: Float64Array; ppet: Float64Array };
}

/** The seasons' values; `checkpoint` is passed before each season. */
export function agronomicNormValues(input: AgronomicNormValuesInput, checkpoint: Checkpoint = NO_CHECKPOINT): AgronomicNormValues {
  const { seasons, dayCount, offsets } = input;
  const gdd = celsiusDailyGdd(input.gdd);
  const yearCount = seasons.length;
  const column = () => new Float64Array(dayCount * yearCount);
  const out: AgronomicNormValues = {
    gdd: column(),
    pet: column(),
    ppet: column(),
    accumulatedGdd: column(),
    accumulatedPrecipitation: column(),
    accumulatedPet: column(),
    accumulatedPpet: column(),
    totals: { gdd: new Float64Array(yearCount), precipitation: new Float64Array(yearCount), pet: new Float64Array(yearCount), ppet: new Float64Array(yearCount) },
  };
  const longest = Math.max(0, ...seasons.map((season) => season.length));
  const series = dailyAgronomicSeries(longest);
  const running: RunningTotals = {
    gdd: new Float64Array(longest),
    precipitation: new Float64Array(longest),
    pet: new Float64Array(longest),
    ppet: new Float64Array(longest),
  };
  // One prepared reference ET per elevation (normally one for all seasons).
  const prepared = new Map<number, DailyReferenceEt>();
  const petAt = (place: AgronomicPlace): DailyReferenceEt => {
    let pet = prepared.get(place.elevationM);
    if (!pet) prepared.set(place.elevationM, (pet = placeReferenceEt(place, input.referenceEt)));
    return pet;
  };

  seasons.forEach((season, y) => {
    checkpoint();
    const { length, shift } = season;
    fillDailyAgronomicSeriesFromColumns(season.columns, 0, length, petAt(season.place), gdd, series, 0);
    accumulateInto(series, length, running);
    const dayOffsets = season.leap ? offsets.leap : offsets.common;
    for (let d = 0; d < dayCount; d++) {
      const i = shift + dayOffsets[d]!;
      const slot = d * yearCount + y;
      out.gdd[slot] = series.gdd[i]!;
      out.pet[slot] = series.pet[i]!;
      out.ppet[slot] = ppetOrNaN(series.precipitation[i]!, series.pet[i]!);
      out.accumulatedGdd[slot] = running.gdd[i]!;
      out.accumulatedPrecipitation[slot] = running.precipitation[i]!;
      out.accumulatedPet[slot] = running.pet[i]!;
      out.accumulatedPpet[slot] = running.ppet[i]!;
    }
    const last = length - 1;
    out.totals.gdd[y] = running.gdd[last]!;
    out.totals.precipitation[y] = running.precipitation[last]!;
    out.totals.pet[y] = running.pet[last]!;
    out.totals.ppet[y] = running.ppet[last]!;
  });
  return out;
}

/** The buffers of `values`, to move them to another thread. */
export function agronomicNormValueBuffers(values: AgronomicNormValues): ArrayBuffer[] {
  const { totals, ...daily } = values;
  return [...Object.values(daily), ...Object.values(totals)].map((array) => array.buffer as ArrayBuffer);
}
