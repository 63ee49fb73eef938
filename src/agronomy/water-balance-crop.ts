/**
 * The crop side of the FAO-56 dual crop coefficient water balance (Allen et al. 1998, ch. 7 and
 * Annex 8): the basal crop coefficient curve Kcb from the four stage lengths, its climate
 * adjustment (eq. 70), and the crop height and root depth that grow with it. Day counting and the
 * growth of height and roots follow pyfao56 (Thorp, USDA-ARS), the oracle of the tests; see
 * docs/water-balance.md.
 */

/** Stage lengths in days (FAO-56 Table 11). */
export interface StageLengths {
  readonly initial: number;
  readonly development: number;
  readonly mid: number;
  readonly late: number;
}

export interface WaterBalanceCrop {
  /** Basal crop coefficients (FAO-56 Table 17), for a sub-humid climate (RHmin 45 %, u2 2 m/s). */
  readonly kcbInitial: number;
  readonly kcbMid: number;
  readonly kcbEnd: number;
  readonly stageLengths: StageLengths;
  /** Crop height at the start and at its maximum, m (FAO-56 Table 12). */
  readonly heightInitial: number;
  readonly heightMax: number;
  /** Effective rooting depth at the start and at its maximum, m (FAO-56 Table 22). */
  readonly rootDepthInitial: number;
  readonly rootDepthMax: number;
  /** Soil water depletion fraction for no stress at ETc = 5 mm/day (FAO-56 Table 22). */
  readonly depletionFraction: number;
}

/** The days since the first day at which each stage ends (inclusive). */
interface StageEnds {
  readonly initial: number;
  readonly development: number;
  readonly mid: number;
  readonly late: number;
}

function stageEnds(stages: StageLengths): StageEnds {
  const initial = stages.initial;
  const development = initial + stages.development;
  const mid = development + stages.mid;
  return { initial, development, mid, late: mid + stages.late };
}

/** The growth stage of day `dayIndex` (0 = the first day of the run), as the Kcb curve counts it. */
export type GrowthStageName = 'initial' | 'development' | 'mid' | 'late' | 'after';

/**
 * The stage of a day. Day 0 is the first day (planting), and the initial stage runs to day
 * `initial` inclusive, as pyfao56 counts: the initial stage holds `initial + 1` days, each later
 * stage exactly its length.
 */
export function growthStageOf(dayIndex: number, stages: StageLengths): GrowthStageName {
  const ends = stageEnds(stages);
  if (dayIndex <= ends.initial) return 'initial';
  if (dayIndex <= ends.development) return 'development';
  if (dayIndex <= ends.mid) return 'mid';
  if (dayIndex <= ends.late) return 'late';
  return 'after';
}

/**
 * Basal crop coefficient of a day: the FAO-56 crop coefficient curve (Fig. 34; Kcb by eq. 66,
 * linear interpolation within the development and late stages): Kcb ini through the initial stage,
 * rising linearly to Kcb mid over the development stage, Kcb mid through mid-season, falling
 * linearly to Kcb end over the late season, and Kcb end after it.
 */
export function basalCropCoefficient(dayIndex: number, crop: Pick<WaterBalanceCrop, 'kcbInitial' | 'kcbMid' | 'kcbEnd' | 'stageLengths'>): number {
  const ends = stageEnds(crop.stageLengths);
  switch (growthStageOf(dayIndex, crop.stageLengths)) {
    case 'initial':
      return crop.kcbInitial;
    case 'development':
      return crop.kcbInitial + ((dayIndex - ends.initial) * (crop.kcbMid - crop.kcbInitial)) / (ends.development - ends.initial);
    case 'mid':
      return crop.kcbMid;
    case 'late':
      return crop.kcbMid - ((dayIndex - ends.mid) * (crop.kcbMid - crop.kcbEnd)) / (ends.late - ends.mid);
    case 'after':
      return crop.kcbEnd;
  }
}

/** The bounds FAO-56 eq. 70 (and eq. 72) hold u2 (m/s) and RHmin (%) to. */
export const CLIMATE_WIND_RANGE = { min: 1, max: 6 } as const;
export const CLIMATE_RHMIN_RANGE = { min: 20, max: 80 } as const;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The climate term of FAO-56 eq. 70 (and of eq. 72): [0.04 (u2 − 2) − 0.004 (RHmin − 45)] (h/3)^0.3,
 * with u2 held to 1–6 m/s and RHmin to 20–80 % as FAO-56 states for the equation.
 */
export function climateTerm(windSpeed2m: number, rhMin: number, heightM: number): number {
  const u2 = clamp(windSpeed2m, CLIMATE_WIND_RANGE.min, CLIMATE_WIND_RANGE.max);
  const rh = clamp(rhMin, CLIMATE_RHMIN_RANGE.min, CLIMATE_RHMIN_RANGE.max);
  return (0.04 * (u2 - 2) - 0.004 * (rh - 45)) * (heightM / 3) ** 0.3;
}

/**
 * Kcb mid or end adjusted to the climate, FAO-56 eq. 70: Kcb = Kcb(Tab) + climateTerm(u2, RHmin, h),
 * with the mean u2 and RHmin of the stage and the crop's mean height in it. FAO-56 adjusts Kcb end
 * only when it is above 0.45 (crops harvested fresh or green); pass `kcbTable` as it is otherwise.
 */
export function climateAdjustedKcb(kcbTable: number, meanWindSpeed2m: number, meanRhMin: number, heightM: number): number {
  return kcbTable + climateTerm(meanWindSpeed2m, meanRhMin, heightM);
}

/** Kcb end above which FAO-56 eq. 70 adjusts it (below, the crop is harvested dry: no adjustment). */
export const KCB_END_ADJUSTED_ABOVE = 0.45;

/**
 * Crop height of a day, m: grows in proportion to Kcb's progress from Kcb ini to Kcb mid, from
 * the initial to the maximum height, and never falls (pyfao56's rule; FAO-56 gives heights only
 * at mid-season, Table 12). At least 1 mm.
 */
export function cropHeight(kcb: number, previousHeight: number, crop: WaterBalanceCrop): number {
  const progress = (kcb - crop.kcbInitial) / (crop.kcbMid - crop.kcbInitial);
  return Math.max(crop.heightInitial + (crop.heightMax - crop.heightInitial) * progress, 0.001, previousHeight);
}

/**
 * Effective root depth of a day, m (FAO-56 Annex 8 p. 279, eq. 8-1 growing with the crop): from
 * the initial to the maximum depth in proportion to Kcb's progress from Kcb ini to Kcb mid, as
 * pyfao56 grows it, and never shrinking. At least 1 mm.
 */
export function rootDepth(kcb: number, previousDepth: number, crop: WaterBalanceCrop): number {
  const progress = (kcb - crop.kcbInitial) / (crop.kcbMid - crop.kcbInitial);
  return Math.max(crop.rootDepthInitial + (crop.rootDepthMax - crop.rootDepthInitial) * progress, 0.001, previousDepth);
}

interface ClimateDay {
  readonly rhMin: number | null;
  readonly windSpeed2m: number | null;
}

/**
 * The crop with Kcb mid and Kcb end adjusted by FAO-56 eq. 70 to the days given (day 0 the first):
 * the mean u2 and RHmin of the days of each stage present (days with a missing value leave it out
 * of that mean), at the maximum height. A stage with no such day is left as the table gives it,
 * and so is a Kcb end of 0.45 or less.
 */
export function adjustCropToClimate<C extends WaterBalanceCrop>(crop: C, days: readonly ClimateDay[]): C {
  const mean = (stage: GrowthStageName, pick: (day: ClimateDay) => number | null): number | null => {
    let sum = 0;
    let count = 0;
    days.forEach((day, index) => {
      const value = pick(day);
      if (value !== null && Number.isFinite(value) && growthStageOf(index, crop.stageLengths) === stage) {
        sum += value;
        count += 1;
      }
    });
    return count === 0 ? null : sum / count;
  };
  const adjusted = (kcb: number, stage: GrowthStageName): number => {
    const u2 = mean(stage, (day) => day.windSpeed2m);
    const rh = mean(stage, (day) => day.rhMin);
    return u2 === null || rh === null ? kcb : climateAdjustedKcb(kcb, u2, rh, crop.heightMax);
  };
  return {
    ...crop,
    kcbMid: adjusted(crop.kcbMid, 'mid'),
    kcbEnd: crop.kcbEnd > KCB_END_ADJUSTED_ABOVE ? adjusted(crop.kcbEnd, 'late') : crop.kcbEnd,
  };
}
