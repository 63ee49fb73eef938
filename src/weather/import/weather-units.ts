/**
 * Conversions from the units found in station files and provider answers to the internal units
 * of `weather-source.ts` (°C, mm, Wh/m², %, m/s at 10 m).
 */

/** Joules in one watt-hour. */
const JOULES_PER_WH = 3600;

export type TemperatureUnit = 'C' | '0.1C' | 'F' | 'K';
export type PrecipitationUnit = 'mm' | '0.1mm' | 'cm' | 'in';
/** Daily totals (`W/m2` is the 24-hour mean irradiance). */
export type SolarUnit = 'Wh/m2' | 'kWh/m2' | 'MJ/m2' | 'kJ/m2' | 'J/cm2' | 'W/m2' | 'langley';
export type HumidityUnit = '%' | 'fraction';
export type WindUnit = 'm/s' | '0.1m/s' | 'km/h' | 'mph' | 'knots' | 'km/day';

export function temperatureToCelsius(value: number, unit: TemperatureUnit): number {
  switch (unit) {
    case 'C':
      return value;
    case '0.1C':
      return value / 10;
    case 'F':
      return ((value - 32) * 5) / 9;
    case 'K':
      return value - 273.15;
  }
}

export function precipitationToMm(value: number, unit: PrecipitationUnit): number {
  switch (unit) {
    case 'mm':
      return value;
    case '0.1mm':
      return value / 10;
    case 'cm':
      return value * 10;
    case 'in':
      return value * 25.4;
  }
}

/** A daily radiation total to Wh/m² per day. */
export function solarToWhPerM2(value: number, unit: SolarUnit): number {
  switch (unit) {
    case 'Wh/m2':
      return value;
    case 'kWh/m2':
      return value * 1000;
    case 'MJ/m2':
      return (value * 1e6) / JOULES_PER_WH;
    case 'kJ/m2':
      return (value * 1e3) / JOULES_PER_WH;
    case 'J/cm2':
      return (value * 1e4) / JOULES_PER_WH;
    case 'W/m2':
      return value * 24;
    case 'langley':
      return (value * 4.184 * 1e4) / JOULES_PER_WH;
  }
}

export function humidityToPercent(value: number, unit: HumidityUnit): number {
  return unit === '%' ? value : value * 100;
}

export function windToMetresPerSecond(value: number, unit: WindUnit): number {
  switch (unit) {
    case 'm/s':
      return value;
    case '0.1m/s':
      return value / 10;
    case 'km/h':
      return value / 3.6;
    case 'mph':
      return value * 0.44704;
    case 'knots':
      return (value * 1852) / 3600;
    case 'km/day':
      return value / 86.4;
  }
}

/** Lowest anemometer height the logarithmic profile is used for (eq. 47 needs 67.8 z − 5.42 > 1). */
export const MIN_WIND_HEIGHT_M = 0.5;

/**
 * Wind speed measured `heightM` metres above ground, brought to 10 m with the logarithmic wind
 * profile of FAO-56 (Allen et al. 1998, eq. 47) applied in both directions:
 *   u2 = uz · 4.87 / ln(67.8 z − 5.42)   and so   u10 = uz · ln(67.8·10 − 5.42) / ln(67.8 z − 5.42).
 * From 2 m the factor is 1.337 (FAO-56's u2 = 0.748 u10).
 */
export function windSpeedAt10m(speed: number, heightM: number): number {
  if (!(heightM >= MIN_WIND_HEIGHT_M)) throw new RangeError(`Wind measurement height ${heightM} m is below ${MIN_WIND_HEIGHT_M} m`);
  if (heightM === 10) return speed;
  return (speed * Math.log(67.8 * 10 - 5.42)) / Math.log(67.8 * heightM - 5.42);
}

/** FAO-56 eq. 11: saturation vapour pressure (kPa) at air temperature `t` (°C). */
export function saturationVapourPressure(t: number): number {
  return 0.6108 * Math.exp((17.27 * t) / (t + 237.3));
}

/**
 * Daily maximum and minimum relative humidity implied by a daily dew point (FAO-56 eq. 14:
 * ea = e°(Tdew)): RHmax = 100·ea/e°(Tmin), RHmin = 100·ea/e°(Tmax), each capped at 100 %.
 * FAO-56 eq. 17 then gives back ea exactly, so the derived pair carries the same vapour pressure.
 */
export function humidityRangeFromDewPoint(dewPoint: number, tmax: number, tmin: number): { rhMax: number; rhMin: number } {
  const ea = saturationVapourPressure(dewPoint);
  return {
    rhMax: Math.min(100, (100 * ea) / saturationVapourPressure(tmin)),
    rhMin: Math.min(100, (100 * ea) / saturationVapourPressure(tmax)),
  };
}
