/**
 * A planting's daily crop water balance by the FAO-56 dual crop coefficient method (Allen et al.
 * 1998, ch. 7 and 8): Kc = Kcb + Ke, the soil evaporation layer (De) and the root zone (Dr) kept
 * day by day. Where FAO-56 leaves a choice (the order of the day's steps, initial state, fw
 * carried between wettings, p adjusted with the day's ETc, the curve-number runoff) this follows
 * pyfao56 1.4 (K. R. Thorp, USDA-ARS), whose runs are the oracle of
 * test/agronomy/water-balance.test.ts. Pure: no I/O, no state between calls. docs/water-balance.md
 * lists each quantity and equation.
 */
import { adjustCropToClimate, basalCropCoefficient, climateTerm, cropHeight, rootDepth, type WaterBalanceCrop } from './water-balance-crop.js';

export type { StageLengths, WaterBalanceCrop } from './water-balance-crop.js';

export interface WaterBalanceSoil {
  /** Volumetric water content at field capacity and at wilting point, m³/m³ (FAO-56 Table 19). */
  readonly fieldCapacity: number;
  readonly wiltingPoint: number;
  /** Volumetric water content of the root zone on the first day, m³/m³. */
  readonly initialWaterContent: number;
  /** Depth of the surface soil layer that dries by evaporation, Ze, m (FAO-56 p. 144: 0.10–0.15). */
  readonly evaporationLayerDepth: number;
  /** Readily evaporable water, REW, mm (FAO-56 Table 19). */
  readonly readilyEvaporableWater: number;
  /** SCS curve number for average antecedent moisture (CN2), or null: no runoff. */
  readonly curveNumber: number | null;
}

export interface WaterBalanceParameters {
  readonly crop: WaterBalanceCrop;
  readonly soil: WaterBalanceSoil;
}

/** One day's inputs. The first day given is day 0 of the crop curve (planting). */
export interface WaterBalanceInput {
  readonly date: string;
  /** Grass reference evapotranspiration ETo (short crop), mm. */
  readonly referenceEt: number;
  readonly precipitation: number;
  /** Minimum relative humidity, %; null: 45 % (pyfao56's stand-in). */
  readonly rhMin: number | null;
  /** Wind speed at 2 m, m/s; null: 2 m/s (pyfao56's stand-in). */
  readonly windSpeed2m: number | null;
  /** Net irrigation depth reaching the soil, mm (0 on a day without). */
  readonly irrigation: number;
  /** Fraction of the surface the irrigation wets, fw (FAO-56 Table 20); null: 1 (sprinkler). */
  readonly irrigationWettedFraction: number | null;
}

export interface WaterBalanceOptions {
  /**
   * Adjust Kcb mid and Kcb end to the days' wind and humidity by FAO-56 eq. 70 (default false:
   * Kcb as given, as pyfao56 takes it).
   */
  readonly adjustKcbToClimate?: boolean;
}

/** One day of the balance; depths in mm, lengths in m. FAO-56's symbol in brackets. */
export interface WaterBalanceDay {
  readonly date: string;
  readonly referenceEt: number;
  /** [Kcb] basal crop coefficient. */
  readonly kcb: number;
  /** [h] crop height, m. */
  readonly cropHeight: number;
  /** [Kc max] upper limit of Kc after a wetting, eq. 72. */
  readonly kcMax: number;
  /** [fc] fraction of the ground covered by the canopy, eq. 76. */
  readonly canopyCover: number;
  /** [fw] fraction of the surface wetted by the last irrigation or rain. */
  readonly wettedFraction: number;
  /** [few] fraction exposed and wetted, eq. 75. */
  readonly exposedWettedFraction: number;
  /** [Kr] evaporation reduction coefficient, eq. 74. */
  readonly kr: number;
  /** [Ke] soil evaporation coefficient, eq. 71. */
  readonly ke: number;
  /** [E] soil evaporation, mm (Ke ETo). */
  readonly evaporation: number;
  /** [DPe] percolation out of the evaporation layer, mm, eq. 79. */
  readonly evaporationLayerPercolation: number;
  /** [De] depletion of the evaporation layer at the end of the day, mm, eq. 77–78. */
  readonly evaporationLayerDepletion: number;
  /** [Kc] crop coefficient without water stress, Kcb + Ke (eq. 69). */
  readonly kc: number;
  /** [ETc] crop evapotranspiration without water stress, mm (eq. 69). */
  readonly etc: number;
  /** [Zr] effective root depth, m. */
  readonly rootDepth: number;
  /** [TAW] total available water of the root zone, mm, eq. 82. */
  readonly taw: number;
  /** [p] depletion fraction for no stress, adjusted for ETc (Table 22 footnote). */
  readonly depletionFraction: number;
  /** [RAW] readily available water, mm, eq. 83. */
  readonly raw: number;
  /** [Ks] water stress coefficient, eq. 84, from the depletion at the start of the day. */
  readonly ks: number;
  /** [Kc adj] Ks Kcb + Ke (eq. 80). */
  readonly kcAdjusted: number;
  /** [ETc adj] actual crop evapotranspiration, mm (eq. 80). */
  readonly eta: number;
  /** [T] transpiration Ks Kcb ETo, mm. */
  readonly transpiration: number;
  /** [DP] deep percolation below the root zone, mm, eq. 88. */
  readonly deepPercolation: number;
  /** [Dr] root-zone depletion at the end of the day, mm, eq. 85–86. */
  readonly rootZoneDepletion: number;
  /** [RO] surface runoff, mm (SCS curve number; 0 without one). */
  readonly runoff: number;
  readonly precipitation: number;
  readonly irrigation: number;
}

export interface WaterBalance {
  /** [TEW] total evaporable water, mm, eq. 73. */
  readonly totalEvaporableWater: number;
  /** Root-zone depletion before the first day, mm (eq. 87). */
  readonly initialRootZoneDepletion: number;
  /** The crop as the balance used it (Kcb mid and end after eq. 70 when asked). */
  readonly crop: WaterBalanceCrop;
  readonly days: WaterBalanceDay[];
}

/** pyfao56's stand-ins for a missing RHmin (%) and wind speed at 2 m (m/s). */
export const MISSING_RHMIN = 45;
export const MISSING_WIND_SPEED_2M = 2;

/** Rain on a day without irrigation from which the whole surface counts as wetted (FAO-56 Table 20). */
export const WETTING_RAIN_MM = 3;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Total evaporable water, mm: TEW = 1000 (θFC − 0.5 θWP) Ze (eq. 73). */
export function totalEvaporableWater(soil: WaterBalanceSoil): number {
  return 1000 * (soil.fieldCapacity - 0.5 * soil.wiltingPoint) * soil.evaporationLayerDepth;
}

/** Total available water of the root zone, mm: TAW = 1000 (θFC − θWP) Zr (eq. 82). */
export function totalAvailableWater(soil: WaterBalanceSoil, rootDepthM: number): number {
  return 1000 * (soil.fieldCapacity - soil.wiltingPoint) * rootDepthM;
}

/** Root-zone depletion at the start, mm: Dr,i−1 = 1000 (θFC − θi−1) Zr (eq. 87). */
export function initialRootZoneDepletion(soil: WaterBalanceSoil, rootDepthM: number): number {
  return 1000 * (soil.fieldCapacity - soil.initialWaterContent) * rootDepthM;
}

/**
 * Upper limit of Kc after a wetting, eq. 72 (short reference crop):
 * Kc max = max({1.2 + [0.04 (u2 − 2) − 0.004 (RHmin − 45)] (h/3)^0.3}, {Kcb + 0.05}),
 * u2 held to 1–6 m/s and RHmin to 20–80 %.
 */
export function kcMax(kcb: number, windSpeed2m: number, rhMin: number, heightM: number): number {
  return Math.max(1.2 + climateTerm(windSpeed2m, rhMin, heightM), kcb + 0.05);
}

/**
 * Canopy cover, eq. 76: fc = ((Kcb − Kcb min) / (Kc max − Kcb min))^(1 + 0.5 h), held to 0–0.99,
 * with Kcb min = Kcb ini (as pyfao56). A Kcb below Kcb ini is no cover.
 */
export function canopyCover(kcb: number, kcbMin: number, kcMaxValue: number, heightM: number): number {
  const ratio = Math.max(0, (kcb - kcbMin) / (kcMaxValue - kcbMin));
  return clamp(ratio ** (1 + 0.5 * heightM), 0, 0.99);
}

/** Exposed and wetted fraction, eq. 75: few = min(1 − fc, fw), held to 0.01–1. */
export function exposedWettedFraction(canopyCoverValue: number, wettedFraction: number): number {
  return clamp(Math.min(1 - canopyCoverValue, wettedFraction), 0.01, 1);
}

/** Evaporation reduction coefficient, eq. 74: Kr = (TEW − De,i−1) / (TEW − REW), held to 0–1 (1 in stage 1). */
export function evaporationReduction(tew: number, rew: number, previousDepletion: number): number {
  return clamp((tew - previousDepletion) / (tew - rew), 0, 1);
}

/** Soil evaporation coefficient, eq. 71: Ke = Kr (Kc max − Kcb) ≤ few Kc max. */
export function evaporationCoefficient(kr: number, kcMaxValue: number, kcb: number, few: number): number {
  return Math.min(kr * (kcMaxValue - kcb), few * kcMaxValue);
}

/**
 * Depletion fraction for no stress adjusted for the day's ETc, FAO-56 Table 22 footnote:
 * p = p(Table 22) + 0.04 (5 − ETc), held to 0.1–0.8.
 */
export function adjustedDepletionFraction(pTable: number, etc: number): number {
  return clamp(pTable + 0.04 * (5 - etc), 0.1, 0.8);
}

/** Water stress coefficient, eq. 84: Ks = (TAW − Dr) / (TAW − RAW) = (TAW − Dr) / ((1 − p) TAW), held to 0–1. */
export function waterStressCoefficient(taw: number, raw: number, depletion: number): number {
  return clamp((taw - depletion) / (taw - raw), 0, 1);
}

/**
 * Surface runoff of a day's rain by the SCS curve number, as ASCE Manual 70 (2nd ed., 2016)
 * eqs. 14-12 to 14-20 adjust it for the wetness of the evaporation layer (as pyfao56 does):
 * CN1 = CN2 / (2.281 − 0.01281 CN2), CN3 = CN2 / (0.427 + 0.00573 CN2); CN3 when De,i−1 ≤ 0.5 REW,
 * CN1 when De,i−1 ≥ 0.7 REW + 0.3 TEW, linear between; S = 250 (100/CN − 1) mm;
 * RO = (P − 0.2 S)² / (P + 0.8 S) when P > 0.2 S, else 0, never above P.
 */
export function curveNumberRunoff(precipitation: number, curveNumber2: number, previousDepletion: number, rew: number, tew: number): number {
  const cn1 = curveNumber2 / (2.281 - 0.01281 * curveNumber2);
  const cn3 = curveNumber2 / (0.427 + 0.00573 * curveNumber2);
  const wet = 0.5 * rew;
  const dry = 0.7 * rew + 0.3 * tew;
  let cn: number;
  if (previousDepletion <= wet) cn = cn3;
  else if (previousDepletion >= dry) cn = cn1;
  else cn = ((previousDepletion - wet) * cn1 + (dry - previousDepletion) * cn3) / (0.2 * rew + 0.3 * tew);
  const storage = 250 * (100 / cn - 1);
  if (!(precipitation > 0.2 * storage)) return 0;
  return Math.min((precipitation - 0.2 * storage) ** 2 / (precipitation + 0.8 * storage), precipitation);
}

/** What is wrong with the parameters (empty when nothing): each a sentence naming the parameter. */
export function waterBalanceParameterProblems(parameters: WaterBalanceParameters): string[] {
  const { crop, soil } = parameters;
  const problems: string[] = [];
  const need = (ok: boolean, message: string): void => {
    if (!ok) problems.push(message);
  };
  const finite = (value: number): boolean => Number.isFinite(value);
  for (const [name, value] of Object.entries({ kcbInitial: crop.kcbInitial, kcbMid: crop.kcbMid, kcbEnd: crop.kcbEnd })) {
    need(finite(value) && value >= 0 && value <= 2, `crop.${name} must be between 0 and 2.`);
  }
  need(crop.kcbMid > crop.kcbInitial, 'crop.kcbMid must be greater than crop.kcbInitial.');
  for (const [name, value] of Object.entries(crop.stageLengths)) {
    need(Number.isInteger(value) && value >= 0 && value <= 366, `crop.stageLengths.${name} must be a whole number of days from 0 to 366.`);
  }
  need(finite(crop.heightInitial) && crop.heightInitial > 0, 'crop.heightInitial must be greater than 0 m.');
  need(finite(crop.heightMax) && crop.heightMax >= crop.heightInitial && crop.heightMax <= 30, 'crop.heightMax must be at least crop.heightInitial and at most 30 m.');
  need(finite(crop.rootDepthInitial) && crop.rootDepthInitial > 0, 'crop.rootDepthInitial must be greater than 0 m.');
  need(finite(crop.rootDepthMax) && crop.rootDepthMax >= crop.rootDepthInitial && crop.rootDepthMax <= 10, 'crop.rootDepthMax must be at least crop.rootDepthInitial and at most 10 m.');
  need(finite(crop.depletionFraction) && crop.depletionFraction > 0 && crop.depletionFraction < 1, 'crop.depletionFraction must be between 0 and 1.');
  need(finite(soil.wiltingPoint) && soil.wiltingPoint >= 0, 'soil.wiltingPoint must be at least 0.');
  need(finite(soil.fieldCapacity) && soil.fieldCapacity > soil.wiltingPoint && soil.fieldCapacity < 1, 'soil.fieldCapacity must be greater than soil.wiltingPoint and less than 1.');
  need(
    finite(soil.initialWaterContent) && soil.initialWaterContent >= soil.wiltingPoint && soil.initialWaterContent <= soil.fieldCapacity,
    'soil.initialWaterContent must be between soil.wiltingPoint and soil.fieldCapacity.',
  );
  need(finite(soil.evaporationLayerDepth) && soil.evaporationLayerDepth >= 0.05 && soil.evaporationLayerDepth <= 0.25, 'soil.evaporationLayerDepth must be between 0.05 and 0.25 m.');
  need(finite(soil.readilyEvaporableWater) && soil.readilyEvaporableWater >= 0, 'soil.readilyEvaporableWater must be at least 0 mm.');
  if (problems.length === 0) {
    need(soil.readilyEvaporableWater < totalEvaporableWater(soil), 'soil.readilyEvaporableWater must be less than the total evaporable water 1000 (fieldCapacity − 0.5 wiltingPoint) evaporationLayerDepth.');
  }
  need(soil.curveNumber === null || (finite(soil.curveNumber) && soil.curveNumber > 0 && soil.curveNumber <= 100), 'soil.curveNumber must be greater than 0 and at most 100, or null.');
  return problems;
}

/**
 * The day-by-day balance. Throws a RangeError naming the first problem when the parameters are
 * not usable (see `waterBalanceParameterProblems`) or a day's irrigation wetted fraction is not
 * in (0, 1]. State at the start (as pyfao56): the evaporation layer dry (De = TEW), the root zone
 * at θ0 over the initial root depth (eq. 87), fw = 1.
 */
export function waterBalance(parameters: WaterBalanceParameters, inputs: readonly WaterBalanceInput[], options: WaterBalanceOptions = {}): WaterBalance {
  const problems = waterBalanceParameterProblems(parameters);
  if (problems.length > 0) throw new RangeError(problems[0]);
  const { soil } = parameters;
  const crop = options.adjustKcbToClimate === true ? adjustCropToClimate(parameters.crop, inputs) : parameters.crop;
  const tew = totalEvaporableWater(soil);
  const rew = soil.readilyEvaporableWater;
  const initialDr = initialRootZoneDepletion(soil, crop.rootDepthInitial);

  let height = crop.heightInitial;
  let zr = crop.rootDepthInitial;
  let fw = 1;
  let de = tew;
  let dr = initialDr;
  const days: WaterBalanceDay[] = [];

  inputs.forEach((input, dayIndex) => {
    const eto = input.referenceEt;
    const rain = input.precipitation;
    const irrigation = input.irrigation;
    const u2 = input.windSpeed2m ?? MISSING_WIND_SPEED_2M;
    const rhMin = input.rhMin ?? MISSING_RHMIN;

    // Crop: Kcb curve (eq. 66, Fig. 34), height, root depth (Annex 8 eq. 8-1).
    const kcb = basalCropCoefficient(dayIndex, crop);
    height = cropHeight(kcb, height, crop);
    zr = rootDepth(kcb, zr, crop);
    const kcMaxValue = kcMax(kcb, u2, rhMin, height); // eq. 72
    const fc = canopyCover(kcb, crop.kcbInitial, kcMaxValue, height); // eq. 76

    // Runoff from the day's rain (ASCE 2016 eqs. 14-12 to 14-20), on yesterday's De.
    const runoff = soil.curveNumber === null ? 0 : curveNumberRunoff(rain, soil.curveNumber, de, rew, tew);
    const effectiveRain = rain - runoff;

    // Wetted fraction (Table 20): an irrigation sets it, rain of 3 mm or more alone wets all, else as before.
    if (irrigation > 0) {
      const fraction = input.irrigationWettedFraction ?? 1;
      if (!(fraction > 0 && fraction <= 1)) throw new RangeError(`The irrigation wetted fraction of ${input.date} must be greater than 0 and at most 1.`);
      fw = fraction;
    } else if (rain >= WETTING_RAIN_MM) {
      fw = 1;
    }
    const few = exposedWettedFraction(fc, fw); // eq. 75

    // Evaporation layer: Kr (eq. 74) and Ke (eq. 71) on yesterday's De, E, DPe (eq. 79), De (eqs. 77–78).
    const kr = evaporationReduction(tew, rew, de);
    const ke = evaporationCoefficient(kr, kcMaxValue, kcb, few);
    const evaporation = ke * eto;
    const evaporationLayerPercolation = Math.max(effectiveRain + irrigation / fw - de, 0);
    de = clamp(de - effectiveRain - irrigation / fw + evaporation / few + evaporationLayerPercolation, 0, tew);

    // Crop ET without stress (eq. 69).
    const kc = kcb + ke;
    const etc = kc * eto;

    // Root zone: TAW (eq. 82), p (Table 22 footnote), RAW (eq. 83), Ks on yesterday's Dr (eq. 84).
    const taw = totalAvailableWater(soil, zr);
    const p = adjustedDepletionFraction(crop.depletionFraction, etc);
    const raw = p * taw;
    const ks = waterStressCoefficient(taw, raw, dr);
    const kcAdjusted = ks * kcb + ke; // eq. 80
    const eta = kcAdjusted * eto;
    const transpiration = ks * kcb * eto;

    // Deep percolation (eq. 88) and the root-zone balance (eqs. 85–86).
    const deepPercolation = Math.max(effectiveRain + irrigation - eta - dr, 0);
    dr = clamp(dr - effectiveRain - irrigation + eta + deepPercolation, 0, taw);

    days.push({
      date: input.date,
      referenceEt: eto,
      kcb,
      cropHeight: height,
      kcMax: kcMaxValue,
      canopyCover: fc,
      wettedFraction: fw,
      exposedWettedFraction: few,
      kr,
      ke,
      evaporation,
      evaporationLayerPercolation,
      evaporationLayerDepletion: de,
      kc,
      etc,
      rootDepth: zr,
      taw,
      depletionFraction: p,
      raw,
      ks,
      kcAdjusted,
      eta,
      transpiration,
      deepPercolation,
      rootZoneDepletion: dr,
      runoff,
      precipitation: rain,
      irrigation,
    });
  });

  return { totalEvaporableWater: tew, initialRootZoneDepletion: initialDr, crop, days };
}

export interface WaterBalanceTotals {
  readonly referenceEt: number;
  readonly etc: number;
  readonly eta: number;
  readonly evaporation: number;
  readonly transpiration: number;
  readonly deepPercolation: number;
  readonly irrigation: number;
  readonly precipitation: number;
  readonly runoff: number;
  /** Root-zone depletion at the end of the first and of the last day, mm (null without days). */
  readonly firstDayDepletion: number | null;
  readonly lastDayDepletion: number | null;
}

/** The season's sums of the daily depths. */
export function waterBalanceTotals(days: readonly WaterBalanceDay[]): WaterBalanceTotals {
  const sum = (pick: (day: WaterBalanceDay) => number): number => days.reduce((total, day) => total + pick(day), 0);
  return {
    referenceEt: sum((day) => day.referenceEt),
    etc: sum((day) => day.etc),
    eta: sum((day) => day.eta),
    evaporation: sum((day) => day.evaporation),
    transpiration: sum((day) => day.transpiration),
    deepPercolation: sum((day) => day.deepPercolation),
    irrigation: sum((day) => day.irrigation),
    precipitation: sum((day) => day.precipitation),
    runoff: sum((day) => day.runoff),
    firstDayDepletion: days.length === 0 ? null : days[0]!.rootZoneDepletion,
    lastDayDepletion: days.length === 0 ? null : days[days.length - 1]!.rootZoneDepletion,
  };
}
