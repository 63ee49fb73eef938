/**
 * A WGEN-family stochastic daily weather generator (Richardson 1981; Richardson & Wright 1984)
 * parameterised from monthly climatology alone, as in Geng et al. (1986) and GWGEN (Sommer &
 * Kaplan 2017):
 *
 * - Precipitation occurrence: first-order two-state Markov chain with Geng's transition
 *   probabilities from the day's wet-day frequency f: P(W|D) = 0.75 f, P(W|W) = 0.25 + 0.75 f,
 *   whose stationary wet fraction is exactly f.
 * - Amounts on wet days: 0.1 mm plus a mixed exponential (Woolhiser & Roldan 1982) whose mean
 *   makes f × mean amount equal the day's climatological precipitation, so monthly totals match.
 * - Tmax, Tmin and solar: the WGEN residual process χ_j = A χ_{j-1} + B ε_j with Richardson's A and
 *   B, around means and standard deviations conditioned on the day being wet or dry. The wet/dry
 *   split of the means uses GWGEN's regressions for the difference and is centred so that the
 *   monthly means are kept; standard deviations follow GWGEN's linear regressions on the mean.
 *   Solar works on the fraction of clear-sky radiation (FAO-56 Rso at sea level), so it never
 *   exceeds clear sky.
 * - Humidity: vapour pressure from the climatology, moved with the day's Tmin anomaly and an AR(1)
 *   residual, capped at saturation at Tmin; RHmax and RHmin from it and the day's temperatures.
 * - Wind: daily mean from the climatology (wet days windier, after GWGEN), lognormal AR(1)
 *   residual; day maximum and morning maximum from a diurnal amplitude drawn per day.
 *
 * Random drivers come from spatially coherent fields (random-field.ts) hashed from
 * (lattice node, day), so neighbouring places share storms and warm spells. Days are generated in
 * blocks of BLOCK_DAYS (32) consecutive days from epoch day 0, each run from a fixed dry,
 * zero-residual state 8 days before its first day (`spinUpDays`): a day's values are a function
 * of the seed, the place and its block alone, so a window costs its blocks and not whole years. The
 * two runs over a block's spin-up days share every random driver, so at a block's first day the
 * state is, for all practical purposes, the one the previous block reached (the residuals forget
 * the start as 0.69^8 ≈ 0.05, the wind's as 0.6^8 ≈ 0.02; the Markov chains of the two runs coincide
 * for good after the first day on which they agree, with probability 0.75 per day), and blocks join
 * without a jump.
 */
import { relativeHumidity, saturationVapourPressure } from '../../agronomy/humidity.js';
import { clearSkyRadiation, extraterrestrialRadiation } from '../../agronomy/solar-geometry.js';
import { hectopascalToKilopascal, WH_PER_MJ } from '../../agronomy/unit-conversions.js';
import { dayOfYear, fromEpochDay, isLeapYear, toEpochDay, yearOf } from '../../core/dates.js';
import { dailyVariablesWhere, type RequiredDailyVariableName } from '../daily-variables.js';
import { dailyClimateAtPhase, type CellClimate, type DailyClimate } from './cell-climate.js';
import { hashKeys, hashToUniform, mix32, standardNormalCdf } from './hash-random.js';
import { phaseOfDay } from './mean-preserving-curve.js';
import { createRandomField, type RandomField, type RandomFieldPoint } from './random-field.js';

export const GENERATOR_PARAMETERS = {
  /** Richardson (1981) residual matrices for (Tmax, Tmin, solar). */
  A: [
    [0.567, 0.086, -0.002],
    [0.253, 0.504, -0.05],
    [-0.006, -0.039, 0.244],
  ],
  B: [
    [0.781, 0, 0],
    [0.328, 0.637, 0],
    [0.238, -0.341, 0.873],
  ],
  /** Geng et al. (1986): P(W|D) = 0.75 f, P(W|W) = 0.25 + P(W|D). */
  wetAfterDryPerWetFraction: 0.75,
  wetAfterWetOffset: 0.25,
  /** A wet day has at least this much precipitation, mm (the CRU wet-day threshold). */
  wetDayThresholdMm: 0.1,
  /** Mean amount per wet day is kept within these bounds by adjusting f, mm. */
  minMeanWetDayMm: 0.5,
  maxMeanWetDayMm: 60,
  maxWetFraction: 0.95,
  /** Below this climatological precipitation a day is dry, mm/day. */
  dryBelowMmPerDay: 0.005,
  /** Mixed exponential: weight of the small-amount component and ratio of the two means. */
  mixedExponentialWeight: 0.75,
  mixedExponentialRatio: 5,
  /** GWGEN wet-minus-dry mean regressions (from tmax_wet/dry, tmin_wet/dry): dry − wet = a + b T. */
  tmaxDryMinusWet: [0.972804, 0.057431],
  tminDryMinusWet: [-1.692961, 0.065177],
  /** GWGEN standard deviation regressions sd = a + b × mean (°C). */
  tmaxSdDry: [5.0683, -0.0702],
  tmaxSdWet: [4.2203, -0.0497],
  tminSdDry: [4.1502, -0.0959],
  tminSdWet: [3.6244, -0.0978],
  temperatureSdBounds: [1.5, 6.5],
  /** Clear-sky fraction on wet days relative to dry days. */
  wetDaySolarRatio: 0.6,
  /** Vapour pressure: relative change per °C of Tmin anomaly, AR(1) coefficient, residual sd. */
  vapourPerTminAnomaly: 0.045,
  vapourAr: 0.5,
  vapourSd: 0.1,
  /** Wind: wet/dry ratio (GWGEN 1.092938 / 0.945229), AR(1) coefficient, lognormal sd. */
  wetDayWindRatio: 1.156,
  windAr: 0.6,
  windSd: 0.3,
  /** Days each block is run for before its first day, from a fixed dry, zero-residual state. */
  spinUpDays: 8,
  /** Random-field lattices: spacing (degrees) and local share of variance. */
  temperatureFieldSpacingDeg: 4,
  temperatureFieldLocalShare: 0.04,
  precipitationFieldSpacingDeg: 2,
  precipitationFieldLocalShare: 0.12,
} as const;

/**
 * Consecutive generated days at one place: a series of each variable every source states (the
 * required ones of DAILY_VARIABLES, in their internal units).
 */
export type GeneratedDays = {
  /** Days since 1970-01-01 of the first day. */
  readonly firstEpochDay: number;
  readonly length: number;
} & { readonly [Name in RequiredDailyVariableName]: Float64Array };

/** One year of generated days at one place, 1 January first. */
export type CellYear = GeneratedDays & { readonly year: number };

/**
 * The variables the generator writes (every variable every source states), in table order, each
 * rounded to its entry's `precision.internal` decimals.
 */
export const GENERATED_VARIABLES: readonly RequiredDailyVariableName[] = dailyVariablesWhere((variable) => !variable.optional) as RequiredDailyVariableName[];

export interface WeatherGeneratorOptions {
  /** Changes every random draw; the default gives the project's reference weather. */
  seed?: number;
}

export interface WeatherGenerator {
  readonly seed: number;
  readonly temperatureField: RandomField;
  readonly precipitationField: RandomField;
  /**
   * Generates block `block` at the place (its `BLOCK_DAYS` days from epoch day
   * `block × BLOCK_DAYS`), run from a fixed state `spinUpDays` before its first day: the unit of
   * which every other range is made. `localKey` (the grid cell id) keys its local randomness.
   * Each generated variable's BLOCK_DAYS values, in GENERATED_VARIABLES order. With `days`, the
   * run stops after the block's first `days` days (the rest are left 0): a day's values depend only
   * on the days run before it, so they are the whole block's.
   */
  generateBlock(climate: CellClimate, localKey: number, block: number, days?: number): Float64Array;
  /** `count` days from `firstEpochDay`: the days of the blocks they fall in (the same values whatever the range). */
  generateDays(climate: CellClimate, localKey: number, firstEpochDay: number, count: number): GeneratedDays;
  /** The year at the place, 1 January first (as `generateDays`). */
  generateCellYear(climate: CellClimate, localKey: number, year: number): CellYear;
}

export const DEFAULT_GENERATOR_SEED = 0x61677778; // "agwx"

/**
 * Days of a block: generated weather is made of blocks of consecutive days from epoch day 0, each
 * generated on its own (see `generateBlock`). A day's values depend only on the seed, its place
 * and its block, so any range, asked in any order, gives the same values for the same day.
 */
export const BLOCK_DAYS = 32;

/** The block that holds epoch day `epochDay`. */
export function blockOfDay(epochDay: number): number {
  return Math.floor(epochDay / BLOCK_DAYS);
}

const P = GENERATOR_PARAMETERS;
/** Normal pairs a day of each random field gives: Tmax, Tmin, solar, wind, vapour (and one unused); occurrence, amount, mixture. */
const TEMPERATURE_PAIRS = 3;
const PRECIPITATION_PAIRS = 2;
const T_WIDTH = 2 * TEMPERATURE_PAIRS;
const P_WIDTH = 2 * PRECIPITATION_PAIRS;
/** Where each generated variable's series starts in a block's buffer (GENERATED_VARIABLES order, BLOCK_DAYS each). */
const AT = Object.fromEntries(GENERATED_VARIABLES.map((name, k) => [name, k * BLOCK_DAYS])) as Record<RequiredDailyVariableName, number>;

/** Views on `values` (GENERATED_VARIABLES order, `stride` numbers each) as generated days. */
export function generatedDaysOf(values: Float64Array, firstEpochDay: number, length: number, stride = length): GeneratedDays {
  const series = Object.fromEntries(GENERATED_VARIABLES.map((name, k) => [name, values.subarray(k * stride, k * stride + length)]));
  return { firstEpochDay, length, ...series } as GeneratedDays;
}

export function createWeatherGenerator(options: WeatherGeneratorOptions = {}): WeatherGenerator {
  const seed = (options.seed ?? DEFAULT_GENERATOR_SEED) >>> 0;
  const temperatureField = createRandomField({
    seed: mix32(seed ^ 0x1),
    spacingDeg: P.temperatureFieldSpacingDeg,
    localShare: P.temperatureFieldLocalShare,
    pairs: TEMPERATURE_PAIRS,
  });
  const precipitationField = createRandomField({
    seed: mix32(seed ^ 0x2),
    spacingDeg: P.precipitationFieldSpacingDeg,
    localShare: P.precipitationFieldLocalShare,
    pairs: PRECIPITATION_PAIRS,
  });
  const localSeed = mix32(seed ^ 0x3);
  const [a00, a01, a02] = P.A[0];
  const [a10, a11, a12] = P.A[1];
  const [a20, a21, a22] = P.A[2];
  const b00 = P.B[0][0];
  const [b10, b11] = P.B[1];
  const [b20, b21, b22] = P.B[2];
  const [sdLow, sdHigh] = P.temperatureSdBounds;
  const mixWeight = P.mixedExponentialWeight;
  const mixRatio = P.mixedExponentialRatio;
  const mixDivisor = mixWeight + (1 - mixWeight) * mixRatio;
  const threshold = P.wetDayThresholdMm;
  const spinUp = P.spinUpDays;
  const windInnovation = Math.sqrt(1 - P.windAr * P.windAr);
  const vapourInnovation = Math.sqrt(1 - P.vapourAr * P.vapourAr);
  // Local bindings of the hot helpers (one lookup each, not one per day).
  const normalCdf = standardNormalCdf;
  const climateAtPhase = dailyClimateAtPhase;
  const dayPhase = phaseOfDay;
  const ra = extraterrestrialRadiation;
  const rsoOf = clearSkyRadiation;
  const es = saturationVapourPressure;
  const rh = relativeHumidity;
  const hash = hashKeys;
  const uniform = hashToUniform;
  const whPerMj = WH_PER_MJ;
  // Scratch of one block's run (generation is synchronous: one block at a time).
  const longestRun = BLOCK_DAYS + spinUp;
  const tAll = new Float64Array(longestRun * T_WIDTH);
  const pAll = new Float64Array(longestRun * P_WIDTH);
  const basis = new Float64Array(12);
  const clim: DailyClimate = { tmax: 0, tmin: 0, precipitation: 0, wetFraction: 0, radiation: 0, vapourPressure: 0, wind: 0 };

  /**
   * Writes block `block` into `out` (GENERATED_VARIABLES order, BLOCK_DAYS numbers each, from `at`):
   * its first `days` days (the run stops there; the days before a day are all its values depend on).
   */
  function runBlock(climate: CellClimate, tPoint: RandomFieldPoint, pPoint: RandomFieldPoint, localKey: number, block: number, out: Float64Array, at: number, days = BLOCK_DAYS): void {
    const latitude = climate.latitude;
    const firstEpochDay = block * BLOCK_DAYS;
    const start = firstEpochDay - spinUp;
    const runDays = spinUp + Math.max(0, Math.min(BLOCK_DAYS, days));
    // The random drivers of every day, spin-up included, drawn in one pass per field.
    temperatureField.normalsRange(tPoint, start, runDays, tAll);
    precipitationField.normalsRange(pPoint, start, runDays, pAll);
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let wet = false;
    let windResidual = 0;
    let vapourResidual = 0;

    // The calendar of each day, advanced day by day from the first spin-up day.
    const spinUpStart = fromEpochDay(start);
    let calendarYear = yearOf(spinUpStart);
    let doy = dayOfYear(spinUpStart) - 1;
    let yearLength = isLeapYear(calendarYear) ? 366 : 365;
    for (let d = 0; d < runDays; d++) {
      if (++doy > yearLength) {
        calendarYear++;
        doy = 1;
        yearLength = isLeapYear(calendarYear) ? 366 : 365;
      }
      climateAtPhase(climate, dayPhase(doy, yearLength), basis, clim);
      const t = d * T_WIDTH;
      const p = d * P_WIDTH;
      const t0 = tAll[t]!;
      const t1 = tAll[t + 1]!;
      const t2 = tAll[t + 2]!;

      // Precipitation occurrence and amount.
      const meanPrecipitation = clim.precipitation;
      let f = 0;
      if (meanPrecipitation > P.dryBelowMmPerDay) {
        f = Math.max(clim.wetFraction, meanPrecipitation / P.maxMeanWetDayMm);
        f = Math.min(f, meanPrecipitation / P.minMeanWetDayMm, P.maxWetFraction);
      }
      const pWet: number = wet ? P.wetAfterWetOffset + P.wetAfterDryPerWetFraction * f : P.wetAfterDryPerWetFraction * f;
      wet = f > 0 && normalCdf(pAll[p]!) < pWet;

      // Tmax, Tmin and solar residuals (WGEN).
      const n0 = a00 * c0 + a01 * c1 + a02 * c2 + b00 * t0;
      const n1 = a10 * c0 + a11 * c1 + a12 * c2 + b10 * t0 + b11 * t1;
      const n2 = a20 * c0 + a21 * c1 + a22 * c2 + b20 * t0 + b21 * t1 + b22 * t2;
      c0 = n0;
      c1 = n1;
      c2 = n2;
      windResidual = P.windAr * windResidual + windInnovation * tAll[t + 3]!;
      vapourResidual = P.vapourAr * vapourResidual + vapourInnovation * tAll[t + 4]!;
      if (d < spinUp) continue;
      const i = at + d - spinUp;
      const e = start + d;

      let precipitation = 0;
      if (wet) {
        const excessMean = meanPrecipitation / f - threshold;
        const b1 = excessMean / mixDivisor;
        const scale = normalCdf(pAll[p + 2]!) < mixWeight ? b1 : b1 * mixRatio;
        precipitation = Math.round((threshold - scale * Math.log(normalCdf(-pAll[p + 1]!))) * 10) / 10;
      }

      const dx = clamp(P.tmaxDryMinusWet[0] + P.tmaxDryMinusWet[1] * clim.tmax, -2, 4);
      const dn = clamp(P.tminDryMinusWet[0] + P.tminDryMinusWet[1] * clim.tmin, -3, 2);
      const meanTmax = wet ? clim.tmax - (1 - f) * dx : clim.tmax + f * dx;
      const meanTmin = wet ? clim.tmin - (1 - f) * dn : clim.tmin + f * dn;
      const sdTmax = clamp(wet ? P.tmaxSdWet[0] + P.tmaxSdWet[1] * meanTmax : P.tmaxSdDry[0] + P.tmaxSdDry[1] * meanTmax, sdLow, sdHigh);
      const sdTmin = clamp(wet ? P.tminSdWet[0] + P.tminSdWet[1] * meanTmin : P.tminSdDry[0] + P.tminSdDry[1] * meanTmin, sdLow, sdHigh);
      let tmax = meanTmax + c0 * sdTmax;
      let tmin = meanTmin + c1 * sdTmin;
      if (tmin > tmax) [tmax, tmin] = [tmin, tmax];
      tmax = Math.round(tmax * 10) / 10;
      tmin = Math.min(Math.round(tmin * 10) / 10, Math.round((tmax - 0.1) * 10) / 10);

      const rso = rsoOf(ra(latitude, doy), 0) * whPerMj;
      let solar = 0;
      if (rso > 1) {
        const k = clamp((clim.radiation * 24) / rso, 0.05, 0.95);
        const kDry = Math.min(0.97, k / (1 - (1 - P.wetDaySolarRatio) * f));
        const kWet = f > 0 ? Math.max(0.04, (k - (1 - f) * kDry) / f) : P.wetDaySolarRatio * kDry;
        const kState = wet ? kWet : kDry;
        const sdK = Math.min(0.12, 0.4 * Math.min(kState - 0.03, 1 - kState));
        solar = Math.min(Math.round(clamp(kState + c2 * sdK, 0.03, 1) * rso), Math.floor(rso));
      }

      // The climatology's vapour pressure is in hPa.
      const ea = Math.min(
        es(tmin),
        hectopascalToKilopascal(clim.vapourPressure * Math.exp(P.vapourPerTminAnomaly * (tmin - clim.tmin) + P.vapourSd * vapourResidual - 0.5 * P.vapourSd * P.vapourSd)),
      );
      const rhMax = Math.round(10 * rh(ea, tmin)) / 10;
      const rhMin = Math.min(rhMax, Math.round(10 * rh(ea, tmax)) / 10);

      const windDry = clim.wind / (1 + f * (P.wetDayWindRatio - 1));
      const wind = (wet ? windDry * P.wetDayWindRatio : windDry) * Math.exp(P.windSd * windResidual - 0.5 * P.windSd * P.windSd);
      const h = hash(localSeed, localKey, e);
      const amplitude = 0.3 + 0.4 * uniform(h);
      const morningShare = 0.5 + 0.45 * uniform(mix32(h ^ 0x68e31da4));

      out[AT.tmax + i] = tmax;
      out[AT.tmin + i] = tmin;
      out[AT.precipitation + i] = precipitation;
      out[AT.solar + i] = solar;
      out[AT.rhMax + i] = rhMax;
      out[AT.rhMin + i] = rhMin;
      out[AT.windAverage + i] = Math.round(wind * 10) / 10;
      out[AT.windDayMax + i] = Math.round(wind * (1 + amplitude) * 10) / 10;
      out[AT.windMorningMax + i] = Math.round(wind * (1 + amplitude * morningShare) * 10) / 10;
    }
  }

  function points(climate: CellClimate, localKey: number) {
    return {
      t: temperatureField.pointAt(climate.latitude, climate.longitude, localKey),
      p: precipitationField.pointAt(climate.latitude, climate.longitude, localKey),
    };
  }

  function generateBlock(climate: CellClimate, localKey: number, block: number, days = BLOCK_DAYS): Float64Array {
    const { t, p } = points(climate, localKey);
    const values = new Float64Array(GENERATED_VARIABLES.length * BLOCK_DAYS);
    runBlock(climate, t, p, localKey, block, values, 0, days);
    return values;
  }

  function generateDays(climate: CellClimate, localKey: number, firstEpochDay: number, length: number): GeneratedDays {
    const { t, p } = points(climate, localKey);
    const values = new Float64Array(GENERATED_VARIABLES.length * Math.max(0, length));
    const scratch = new Float64Array(GENERATED_VARIABLES.length * BLOCK_DAYS);
    for (let at = 0; at < length; ) {
      const e = firstEpochDay + at;
      const block = blockOfDay(e);
      const from = e - block * BLOCK_DAYS;
      const count = Math.min(BLOCK_DAYS - from, length - at);
      runBlock(climate, t, p, localKey, block, scratch, 0, from + count);
      for (let k = 0; k < GENERATED_VARIABLES.length; k++) values.set(scratch.subarray(k * BLOCK_DAYS + from, k * BLOCK_DAYS + from + count), k * length + at);
      at += count;
    }
    return generatedDaysOf(values, firstEpochDay, Math.max(0, length));
  }

  function generateCellYear(climate: CellClimate, localKey: number, year: number): CellYear {
    const firstEpochDay = toEpochDay(`${String(year).padStart(4, '0')}-01-01`);
    return { year, ...generateDays(climate, localKey, firstEpochDay, isLeapYear(year) ? 366 : 365) };
  }

  return { seed, temperatureField, precipitationField, generateBlock, generateDays, generateCellYear };
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
