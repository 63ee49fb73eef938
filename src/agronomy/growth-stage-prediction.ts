/**
 * When the stages not yet reached are expected: the GDD accumulated so far, then the forecast
 * days' GDD, then the place's GDD norms day by day, until each threshold is met.
 *
 * - Central path: accumulated GDD + each forecast day's GDD + each later day's norm mean (the mean
 *   across years of that calendar day's GDD). A stage's `predictedDate` is the first date whose
 *   central total is at least its threshold.
 * - Early/late range: the forecast is taken as it is; beyond it the central total is moved up
 *   (early) and down (late) by one standard deviation of the GDD accumulated over the norm days so
 *   far (the sample standard deviation across years of each year's running total from the first
 *   norm day). `predictedDateEarly` is the first date whose central total + that spread meets the
 *   threshold, `predictedDateLate` the first date whose central total − that spread meets it.
 *   The spread of a running total keeps the warm and cool spells of real years together; adding
 *   up the daily standard deviations would treat every day as equally warm or cool as the season
 *   (a far wider range), and adding daily variances would treat days as independent (far too
 *   narrow).
 * - `predictionBasis` says where the central date fell: `forecast` (a forecast day) or `norms`.
 * - A date is null when its path does not reach the threshold within the given days (the
 *   horizon); `predictionBasis` is null when the central date is.
 * - Totals are rounded to 1e-6 °C-days as they accumulate (as the model accumulation is), so a
 *   threshold met exactly is met on its day.
 * - A day without a value (no forecast temperatures, no norm years) adds nothing; a norm day
 *   without a spread keeps the spread of the day before.
 */
import type { IsoDate } from '../core/dates.js';

/** A forecast day's GDD (null when its temperatures are missing). */
export interface ForecastGddDay {
  readonly date: IsoDate;
  readonly gdd: number | null;
}

/** A day beyond the forecast: the norm mean of its GDD and the spread of the norm days' running total through it. */
export interface NormGddDay {
  readonly date: IsoDate;
  readonly gddMean: number | null;
  /** Sample standard deviation across years of the GDD accumulated from the first norm day through this day. */
  readonly accumulatedGddStdDev: number | null;
}

export type PredictionBasis = 'forecast' | 'norms';

export interface StagePrediction {
  readonly predictedDate: IsoDate | null;
  readonly predictedDateEarly: IsoDate | null;
  readonly predictedDateLate: IsoDate | null;
  readonly predictionBasis: PredictionBasis | null;
}

/** The three paths day by day. */
interface PathDay {
  date: IsoDate;
  central: number;
  early: number;
  late: number;
  basis: PredictionBasis;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function paths(accumulatedGdd: number, forecast: readonly ForecastGddDay[], norms: readonly NormGddDay[]): PathDay[] {
  const out: PathDay[] = [];
  let central = accumulatedGdd;
  for (const day of forecast) {
    central = round6(central + (day.gdd ?? 0));
    out.push({ date: day.date, central, early: central, late: central, basis: 'forecast' });
  }
  let spread = 0;
  for (const day of norms) {
    central = round6(central + (day.gddMean ?? 0));
    if (day.accumulatedGddStdDev !== null) spread = day.accumulatedGddStdDev;
    out.push({ date: day.date, central, early: round6(central + spread), late: round6(central - spread), basis: 'norms' });
  }
  return out;
}

/**
 * For each threshold (°C-days, any order), the dates it is expected to be met; see the module
 * comment. `forecast` and `norms` are consecutive days in date order, the norms after the forecast.
 */
export function predictStageDates(
  accumulatedGdd: number,
  thresholds: readonly number[],
  forecast: readonly ForecastGddDay[],
  norms: readonly NormGddDay[],
): StagePrediction[] {
  const days = paths(accumulatedGdd, forecast, norms);
  return thresholds.map((threshold) => {
    const central = days.find((d) => d.central >= threshold);
    return {
      predictedDate: central?.date ?? null,
      predictedDateEarly: days.find((d) => d.early >= threshold)?.date ?? null,
      predictedDateLate: days.find((d) => d.late >= threshold)?.date ?? null,
      predictionBasis: central?.basis ?? null,
    };
  });
}
