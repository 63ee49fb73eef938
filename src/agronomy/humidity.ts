/**
 * Air humidity (FAO-56 ch. 3, Allen et al. 1998; the same equations as ASCE-EWRI 2005): the
 * saturation vapour pressure, the actual vapour pressure of a day from what a source gives, the
 * dew point and the relative humidity of a vapour pressure. Every path that computes one of these
 * (reference ET, crop-model files, station imports, providers, the weather generator) calls these
 * functions. Temperatures °C, vapour pressures kPa, relative humidity %.
 */

/** Saturation vapour pressure e°(T), kPa, at air temperature T in °C (eq. 11). */
export function saturationVapourPressure(temperatureC: number): number {
  return 0.6108 * Math.exp((17.27 * temperatureC) / (temperatureC + 237.3));
}

/** Mean saturation vapour pressure es = (e°(Tmax) + e°(Tmin)) / 2, kPa (eq. 12). */
export function meanSaturationVapourPressure(tmaxC: number, tminC: number): number {
  return (saturationVapourPressure(tmaxC) + saturationVapourPressure(tminC)) / 2;
}

/** Actual vapour pressure at the dew point, ea = e°(Tdew), kPa (eq. 14). */
export function vapourPressureFromDewPoint(dewPointC: number): number {
  return saturationVapourPressure(dewPointC);
}

/** The dew point (°C) of a vapour pressure ea (kPa > 0): eq. 11 solved for T (the inverse of eq. 14). */
export function dewPointFromVapourPressure(ea: number): number {
  const l = Math.log(ea / 0.6108);
  return (237.3 * l) / (17.27 - l);
}

/** Relative humidity, %, of air at T °C holding vapour pressure ea kPa: RH = 100 ea / e°(T) (eq. 10). */
export function relativeHumidity(ea: number, temperatureC: number): number {
  return (100 * ea) / saturationVapourPressure(temperatureC);
}

/** The vapour pressure, kPa, of air at T °C with relative humidity RH %: ea = RH/100 · e°(T) (eq. 10). */
export function vapourPressureFromRelativeHumidity(relativeHumidityPercent: number, temperatureC: number): number {
  return (relativeHumidityPercent / 100) * saturationVapourPressure(temperatureC);
}

/**
 * The day's actual vapour pressure ea, kPa, from what is available, in FAO-56's order of
 * preference (ch. 3): ea given (from the dew point, eq. 14, or measured) → itself; RHmax and
 * RHmin → eq. 17; RHmax only → eq. 18; RHmean → eq. 19; nothing (or RHmin only) → eq. 48 with the
 * dew point taken as Tmin, ea = e°(Tmin).
 */
export function actualVapourPressure(
  tmaxC: number,
  tminC: number,
  rhMax: number | null,
  rhMin: number | null,
  rhMean: number | null = null,
  ea: number | null = null,
): number {
  if (ea !== null) return ea;
  if (rhMax !== null && rhMin !== null) {
    return (saturationVapourPressure(tminC) * (rhMax / 100) + saturationVapourPressure(tmaxC) * (rhMin / 100)) / 2;
  }
  if (rhMax !== null) return saturationVapourPressure(tminC) * (rhMax / 100);
  if (rhMean !== null) return (rhMean / 100) * meanSaturationVapourPressure(tmaxC, tminC);
  return saturationVapourPressure(tminC);
}

/** A day's humidity as a weather source states it (missing values null or absent). */
export interface DayHumidity {
  readonly tmax: number | null;
  readonly tmin: number | null;
  readonly rhMax: number | null;
  readonly rhMin: number | null;
  readonly rhMean?: number | null;
  /** Actual vapour pressure, kPa (e°(Tdew) when the source gave a dew point). */
  readonly vapourPressure?: number | null;
}

/** `actualVapourPressure` of a day; null without both temperatures. */
export function dayVapourPressure(day: DayHumidity): number | null {
  if (day.tmax === null || day.tmin === null) return null;
  return actualVapourPressure(day.tmax, day.tmin, day.rhMax, day.rhMin, day.rhMean ?? null, day.vapourPressure ?? null);
}

/** The day's dew point, °C, from `dayVapourPressure`; null without both temperatures. */
export function dayDewPoint(day: DayHumidity): number | null {
  const ea = dayVapourPressure(day);
  return ea === null || !(ea > 0) ? null : dewPointFromVapourPressure(ea);
}

/**
 * The day's highest and lowest relative humidity (%) implied by its vapour pressure: RHmax =
 * 100·ea/e°(Tmin), RHmin = 100·ea/e°(Tmax), each capped at 100 %. Eq. 17 then gives back ea
 * exactly unless a cap applied.
 */
export function humidityRangeFromVapourPressure(ea: number, tmaxC: number, tminC: number): { rhMax: number; rhMin: number } {
  return { rhMax: Math.min(100, relativeHumidity(ea, tminC)), rhMin: Math.min(100, relativeHumidity(ea, tmaxC)) };
}

/**
 * The RHmax and RHmin a day shows when its source gave neither (station files and providers that
 * give a dew point, a vapour pressure or a daily mean instead): from the vapour pressure with both
 * temperatures (`humidityRangeFromVapourPressure`), else the daily mean as both; null when the day
 * has them already or nothing to derive them from. Reference ET uses what the source gave, not these.
 */
export function shownHumidityRange(day: DayHumidity): { rhMax: number; rhMin: number } | null {
  if (day.rhMax !== null || day.rhMin !== null) return null;
  const ea = day.vapourPressure ?? null;
  if (ea !== null && day.tmax !== null && day.tmin !== null) return humidityRangeFromVapourPressure(ea, day.tmax, day.tmin);
  const mean = day.rhMean ?? null;
  return mean === null ? null : { rhMax: mean, rhMin: mean };
}

/** The day's mean relative humidity (%): the source's daily mean, else the mean of RHmax and RHmin, else null. */
export function meanRelativeHumidity(day: DayHumidity): number | null {
  if (day.rhMean !== undefined && day.rhMean !== null) return day.rhMean;
  if (day.rhMax !== null && day.rhMin !== null) return (day.rhMax + day.rhMin) / 2;
  return null;
}
