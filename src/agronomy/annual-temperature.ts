/**
 * A site's annual temperature statistics as the crop models define them (pure): DSSAT's TAV and
 * AMP and APSIM's tav and amp, which their soil temperature routines start from. The crop-model
 * files (src/exports/) write them.
 */
import type { IsoDate } from '../core/dates.js';

/** A day's temperatures, °C (null: missing). */
export interface DayTemperatures {
  readonly date: IsoDate;
  readonly tmax: number | null;
  readonly tmin: number | null;
}

/** Annual temperature statistics of a site, °C. */
export interface TavAmp {
  /** Annual average ambient temperature. */
  tav: number;
  /** Annual amplitude of the mean monthly temperatures (warmest month's mean − coldest month's). */
  amp: number;
}

/** Daily mean temperatures ((Tmax + Tmin) / 2) summed per year and month; days without both are left out. */
function monthlyMeansByYear(days: readonly DayTemperatures[]): Map<number, (number | null)[]> {
  const sums = new Map<number, { sum: number[]; count: number[] }>();
  for (const day of days) {
    if (day.tmax === null || day.tmin === null) continue;
    const year = Number(day.date.slice(0, 4));
    const month = Number(day.date.slice(5, 7)) - 1;
    let entry = sums.get(year);
    if (!entry) sums.set(year, (entry = { sum: new Array<number>(12).fill(0), count: new Array<number>(12).fill(0) }));
    entry.sum[month] += (day.tmax + day.tmin) / 2;
    entry.count[month]! += 1;
  }
  const means = new Map<number, (number | null)[]>();
  for (const [year, entry] of sums) means.set(year, entry.sum.map((sum, m) => (entry.count[m]! > 0 ? sum / entry.count[m]! : null)));
  return means;
}

/**
 * DSSAT's TAV and AMP: the daily mean temperatures of all the days given are averaged per
 * calendar month (pooling the years), TAV is the mean of the twelve monthly means and AMP the
 * highest minus the lowest (DSSAT's soil temperature routine uses TAMP/2 as the amplitude of its
 * annual wave, so AMP is the full range). Null unless every month has at least one day.
 */
export function dssatTavAmp(days: readonly DayTemperatures[]): TavAmp | null {
  const sum = new Array<number>(12).fill(0);
  const count = new Array<number>(12).fill(0);
  for (const day of days) {
    if (day.tmax === null || day.tmin === null) continue;
    const month = Number(day.date.slice(5, 7)) - 1;
    sum[month] += (day.tmax + day.tmin) / 2;
    count[month]! += 1;
  }
  if (count.some((n) => n === 0)) return null;
  const monthly = sum.map((s, m) => s / count[m]!);
  return { tav: monthly.reduce((a, b) => a + b, 0) / 12, amp: Math.max(...monthly) - Math.min(...monthly) };
}

/**
 * APSIM's tav and amp (the Weather model's `ProcessMonthlyTAVAMP`, the `tav_amp` utility): for
 * each year, the mean of its twelve monthly mean temperatures and the difference between its
 * highest and lowest monthly mean; tav and amp are the averages of these over the years. Only
 * years with every month present count (APSIM divides a partial year's sum by 12 as well, which
 * would bias it). Null when no year is complete.
 */
export function apsimTavAmp(days: readonly DayTemperatures[]): TavAmp | null {
  let years = 0;
  let tavSum = 0;
  let ampSum = 0;
  for (const monthly of monthlyMeansByYear(days).values()) {
    if (monthly.some((mean) => mean === null)) continue;
    const means = monthly as number[];
    years += 1;
    tavSum += means.reduce((a, b) => a + b, 0) / 12;
    ampSum += Math.max(...means) - Math.min(...means);
  }
  return years === 0 ? null : { tav: tavSum / years, amp: ampSum / years };
}
