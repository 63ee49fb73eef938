/**
 * Daily reference evapotranspiration of a short grass surface (mm/day), with each intermediate
 * quantity exported under its own name. Two methods:
 *
 * - `asce-standardized` (default): the ASCE-EWRI (2005) standardized reference ET equation ETos
 *   for daily steps (Cn = 900, Cd = 0.34), with the full clear-sky radiation model of its
 *   Appendix D and the constants of the REF-ET program that implements it (University of Idaho):
 *   pressure exponent 9.8/(0.0065·286.9), Gsc = 1367 W m⁻², Cooper's declination,
 *   σ = 4.901·10⁻⁹, vapour pressure deficit not below 0;
 * - `fao56`: FAO-56 Penman-Monteith as printed (Allen, Pereira, Raes & Smith 1998, FAO Irrigation
 *   and Drainage Paper 56), with the simple clear-sky form Rso = (0.75 + 2·10⁻⁵ z) Ra (eq. 37).
 *
 * Equation numbers refer to FAO-56 unless they say ASCE. The two share eq. 6's form and differ by
 * well under 1 % except through Rso.
 *
 * Humidity: the day's actual vapour pressure in FAO-56's order of preference (ch. 3), as
 * `actualVapourPressure` (humidity.ts) takes it; wind at 2 m by eq. 47 (wind-profile.ts).
 *
 * Other missing inputs (documented in docs/agronomy.md):
 * - elevation unknown → 0 m (sea-level pressure, 101.3 kPa); callers pass the place's elevation;
 * - wind missing → u₂ = 2 m/s (FAO-56 recommendation for missing wind data);
 * - solar radiation missing → Hargreaves radiation formula eq. 50 with kRs = 0.16 (interior).
 */
import { actualVapourPressure, meanSaturationVapourPressure, saturationVapourPressure } from './humidity.js';
import {
  clearSkyRadiation,
  clearSkyRadiationAsce,
  clearSkyRadiationAsceAt,
  dailyMeanSunElevationSine,
  extraterrestrialRadiation,
  extraterrestrialRadiationAsce,
} from './solar-geometry.js';
import { whToMj } from './unit-conversions.js';
import { windSpeedAt2m } from './wind-profile.js';

/** Stefan-Boltzmann constant, MJ K⁻⁴ m⁻² day⁻¹, as FAO-56 prints it. */
export const STEFAN_BOLTZMANN_MJ_PER_DAY = 4.903e-9;
/** Stefan-Boltzmann constant, MJ K⁻⁴ m⁻² day⁻¹, as ASCE-EWRI (2005) prints it. */
export const STEFAN_BOLTZMANN_ASCE_MJ_PER_DAY = 4.901e-9;
/** Albedo of the hypothetical grass reference crop. */
export const REFERENCE_ALBEDO = 0.23;
/** FAO-56 default wind speed at 2 m when no wind data exist, m/s. */
export const DEFAULT_WIND_SPEED_2M = 2;
/** Elevation used when the site elevation is unknown, m. */
export const DEFAULT_ELEVATION_M = 0;
/** Adjustment coefficient kRs of eq. 50 for interior locations. */
export const DEFAULT_HARGREAVES_KRS = 0.16;

/** Atmospheric pressure P, kPa, at elevation z in m (eq. 7). */
export function atmosphericPressure(elevationM: number): number {
  return 101.3 * Math.pow((293 - 0.0065 * elevationM) / 293, 5.26);
}

/** Exponent g/(α R) of the standard atmosphere as the REF-ET program uses it (ASCE-EWRI eq. 3 rounds it to 5.26). */
const PRESSURE_EXPONENT_REF_ET = 9.8 / (0.0065 * 286.9);

/** Atmospheric pressure P, kPa, at elevation z in m (ASCE-EWRI 2005 eq. 3 with the REF-ET exponent 5.2553). */
export function atmosphericPressureAsce(elevationM: number): number {
  return 101.3 * Math.pow((293 - 0.0065 * elevationM) / 293, PRESSURE_EXPONENT_REF_ET);
}

/** Psychrometric constant γ = 0.665·10⁻³ P, kPa °C⁻¹ (eq. 8). */
export function psychrometricConstant(pressureKpa: number): number {
  return 0.665e-3 * pressureKpa;
}

/** Slope of the saturation vapour pressure curve Δ, kPa °C⁻¹, at T in °C (eq. 13). */
export function saturationVapourPressureSlope(temperatureC: number): number {
  return (4098 * saturationVapourPressure(temperatureC)) / Math.pow(temperatureC + 237.3, 2);
}

/** Solar radiation from the temperature range, Rs = kRs √(Tmax − Tmin) Ra, MJ m⁻² day⁻¹ (eq. 50). */
export function solarRadiationFromTemperature(ra: number, tmaxC: number, tminC: number, krs = DEFAULT_HARGREAVES_KRS): number {
  return krs * Math.sqrt(Math.max(0, tmaxC - tminC)) * ra;
}

/** Net shortwave radiation Rns = (1 − α) Rs with α = 0.23, MJ m⁻² day⁻¹ (eq. 38). */
export function netShortwaveRadiation(rs: number, albedo = REFERENCE_ALBEDO): number {
  return (1 - albedo) * rs;
}

/**
 * Relative shortwave radiation Rs/Rso as used in eq. 39: limited to ≤ 1.0 (FAO-56) and, so that
 * the cloudiness factor 1.35 Rs/Rso − 0.35 stays positive, to ≥ 0.3 (ASCE-EWRI 2005 practice).
 * When Rso is 0 (polar night) the ratio is taken as the lower limit 0.3.
 */
export function relativeShortwaveRadiation(rs: number, rso: number): number {
  if (!(rso > 0)) return 0.3;
  return Math.min(1, Math.max(0.3, rs / rso));
}

/**
 * Net outgoing longwave radiation Rnl, MJ m⁻² day⁻¹ (eq. 39; ASCE-EWRI eq. 17 with its σ):
 * σ [(Tmax,K⁴ + Tmin,K⁴)/2] (0.34 − 0.14 √ea) (1.35 Rs/Rso − 0.35).
 */
export function netLongwaveRadiation(
  tmaxC: number,
  tminC: number,
  ea: number,
  rs: number,
  rso: number,
  sigma = STEFAN_BOLTZMANN_MJ_PER_DAY,
): number {
  const tmaxK = tmaxC + 273.16;
  const tminK = tminC + 273.16;
  const meanFourthPower = (tmaxK * tmaxK * tmaxK * tmaxK + tminK * tminK * tminK * tminK) / 2;
  return (
    sigma *
    meanFourthPower *
    (0.34 - 0.14 * Math.sqrt(Math.max(0, ea))) *
    (1.35 * relativeShortwaveRadiation(rs, rso) - 0.35)
  );
}

/** Net radiation Rn = Rns − Rnl, MJ m⁻² day⁻¹ (eq. 40). */
export function netRadiation(rns: number, rnl: number): number {
  return rns - rnl;
}

/** The terms of eq. 6. */
export interface PenmanMonteithTerms {
  /** Δ, kPa °C⁻¹ */
  readonly delta: number;
  /** Rn, MJ m⁻² day⁻¹ */
  readonly netRadiation: number;
  /** G, MJ m⁻² day⁻¹ (0 for daily steps, eq. 42) */
  readonly soilHeatFlux: number;
  /** γ, kPa °C⁻¹ */
  readonly gamma: number;
  /** mean daily air temperature, °C */
  readonly meanTemperature: number;
  /** u₂, m/s */
  readonly windSpeed2m: number;
  /** es, kPa */
  readonly es: number;
  /** ea, kPa */
  readonly ea: number;
}

/**
 * FAO-56 Penman-Monteith reference evapotranspiration, mm/day (eq. 6):
 * ET₀ = [0.408 Δ (Rn − G) + γ (900 / (T + 273)) u₂ (es − ea)] / [Δ + γ (1 + 0.34 u₂)].
 * The raw equation; it may be negative (dew). See `referenceEvapotranspiration` for the clamped
 * daily value.
 */
export function penmanMonteith(terms: PenmanMonteithTerms): number {
  const { delta, gamma, windSpeed2m: u2 } = terms;
  const radiationTerm = 0.408 * delta * (terms.netRadiation - terms.soilHeatFlux);
  const aerodynamicTerm = gamma * (900 / (terms.meanTemperature + 273)) * u2 * (terms.es - terms.ea);
  return (radiationTerm + aerodynamicTerm) / (delta + gamma * (1 + 0.34 * u2));
}

/** `asce-standardized` (default) or `fao56`: see the top of this file. */
export type ReferenceEtMethod = 'asce-standardized' | 'fao56';
/** Clear-sky radiation model: `full` (ASCE-EWRI 2005 Appendix D) or `simple` (FAO-56 eq. 37). */
export type ClearSkyModel = 'full' | 'simple';

export const DEFAULT_REFERENCE_ET_METHOD: ReferenceEtMethod = 'asce-standardized';

export interface ReferenceEvapotranspirationOptions {
  /** Default `asce-standardized`. */
  readonly method?: ReferenceEtMethod;
  /** Default: `full` for `asce-standardized`, `simple` for `fao56`. */
  readonly clearSky?: ClearSkyModel;
}

/** One day's inputs. Temperatures °C, humidity %, vapour pressure kPa, solar Wh/m² per day, wind m/s. */
export interface ReferenceEvapotranspirationInput {
  readonly tmax: number;
  readonly tmin: number;
  /** Actual vapour pressure ea, kPa (e.g. e°(Tdew) from a dew point); preferred to any RH. */
  readonly ea?: number | null;
  readonly rhMax?: number | null;
  readonly rhMin?: number | null;
  /** Daily mean relative humidity, used only without ea, RHmax and RHmin (eq. 19). */
  readonly rhMean?: number | null;
  /** Daily total shortwave radiation, Wh/m² (converted with 1 Wh/m² = 0.0036 MJ/m²). */
  readonly solar?: number | null;
  /** Mean daily wind speed at `windHeightM`, m/s. */
  readonly windSpeed?: number | null;
  /** Height of the wind measurement above ground, m; default 10 m (the internal convention). */
  readonly windHeightM?: number;
  /** Decimal degrees, south negative. */
  readonly latitude: number;
  /** 1 = 1 January. */
  readonly dayOfYear: number;
  /** Site elevation above sea level, m; unknown → 0 m. */
  readonly elevationM?: number | null;
}

/** Every intermediate value of one day's computation, for diagnostics and tests. */
export interface ReferenceEvapotranspirationDetail extends PenmanMonteithTerms {
  readonly pressure: number;
  readonly ra: number;
  readonly rs: number;
  readonly rso: number;
  readonly rns: number;
  readonly rnl: number;
  /** ET₀, mm/day, never negative. */
  readonly et0: number;
}

/** The full daily computation with its intermediate values. */
export function referenceEvapotranspirationDetail(
  input: ReferenceEvapotranspirationInput,
  options: ReferenceEvapotranspirationOptions = {},
): ReferenceEvapotranspirationDetail {
  const asce = (options.method ?? DEFAULT_REFERENCE_ET_METHOD) === 'asce-standardized';
  const fullClearSky = (options.clearSky ?? (asce ? 'full' : 'simple')) === 'full';
  const { tmax, tmin } = input;
  const elevation = input.elevationM ?? DEFAULT_ELEVATION_M;
  const pressure = asce ? atmosphericPressureAsce(elevation) : atmosphericPressure(elevation);
  const gamma = psychrometricConstant(pressure);
  const meanTemperature = (tmax + tmin) / 2;
  const delta = saturationVapourPressureSlope(meanTemperature);
  const es = meanSaturationVapourPressure(tmax, tmin);
  const ea = actualVapourPressure(tmax, tmin, input.rhMax ?? null, input.rhMin ?? null, input.rhMean ?? null, input.ea ?? null);
  const windSpeed2m =
    input.windSpeed === null || input.windSpeed === undefined
      ? DEFAULT_WIND_SPEED_2M
      : windSpeedAt2m(Math.max(0, input.windSpeed), input.windHeightM ?? 10);
  const ra = asce ? extraterrestrialRadiationAsce(input.latitude, input.dayOfYear) : extraterrestrialRadiation(input.latitude, input.dayOfYear);
  const rso = fullClearSky ? clearSkyRadiationAsce(ra, ea, pressure, input.latitude, input.dayOfYear) : clearSkyRadiation(ra, elevation);
  const rs =
    input.solar === null || input.solar === undefined
      ? solarRadiationFromTemperature(ra, tmax, tmin)
      : whToMj(Math.max(0, input.solar));
  const rns = netShortwaveRadiation(rs);
  const rnl = netLongwaveRadiation(tmax, tmin, ea, rs, rso, asce ? STEFAN_BOLTZMANN_ASCE_MJ_PER_DAY : STEFAN_BOLTZMANN_MJ_PER_DAY);
  const rn = netRadiation(rns, rnl);
  // One object, listed out: V8 builds `{ ...terms, more }` of this size on a slow path (tens of
  // microseconds per call), which dominated multi-year computations.
  const detail = {
    delta,
    netRadiation: rn,
    soilHeatFlux: 0,
    gamma,
    meanTemperature,
    windSpeed2m,
    es,
    // ASCE-EWRI: the vapour pressure deficit es − ea is not below 0 (ea above es happens with a
    // dew point above the day's mean saturation point, e.g. fog or sensor drift).
    ea: asce && ea > es ? es : ea,
    pressure,
    ra,
    rs,
    rso,
    rns,
    rnl,
    et0: 0,
  };
  const raw = penmanMonteith(detail);
  detail.ea = ea;
  detail.et0 = raw > 0 ? raw : 0;
  return detail;
}

/** Daily reference evapotranspiration, mm/day; never negative. */
export function referenceEvapotranspiration(
  input: ReferenceEvapotranspirationInput,
  options: ReferenceEvapotranspirationOptions = {},
): number {
  return referenceEvapotranspirationDetail(input, options).et0;
}

/** Where a run of days is computed: what stays the same from day to day. */
export interface ReferenceEtSite {
  /** Decimal degrees, south negative. */
  readonly latitude: number;
  /** Metres above sea level; unknown → 0 m. */
  readonly elevationM: number | null;
  /** Height of the wind speeds above ground, m. */
  readonly windHeightM: number;
}

/**
 * Daily ET₀ at one site for many days: the same numbers as `referenceEvapotranspiration`, with
 * what depends only on the site (pressure, γ) computed once and what depends only on the day of
 * year (Ra, sin β₂₄) once per day of year. Arguments as in `ReferenceEvapotranspirationInput`
 * (null for a missing value); never negative.
 */
export type DailyReferenceEt = (
  tmax: number,
  tmin: number,
  ea: number | null,
  rhMax: number | null,
  rhMin: number | null,
  rhMean: number | null,
  solar: number | null,
  windSpeed: number | null,
  dayOfYear: number,
) => number;

export function dailyReferenceEtAt(site: ReferenceEtSite, options: ReferenceEvapotranspirationOptions = {}): DailyReferenceEt {
  const asce = (options.method ?? DEFAULT_REFERENCE_ET_METHOD) === 'asce-standardized';
  const fullClearSky = (options.clearSky ?? (asce ? 'full' : 'simple')) === 'full';
  const { latitude, windHeightM } = site;
  const elevation = site.elevationM ?? DEFAULT_ELEVATION_M;
  const pressure = asce ? atmosphericPressureAsce(elevation) : atmosphericPressure(elevation);
  const gamma = psychrometricConstant(pressure);
  const sigma = asce ? STEFAN_BOLTZMANN_ASCE_MJ_PER_DAY : STEFAN_BOLTZMANN_MJ_PER_DAY;
  // Per day of year (1..366), NaN until first needed.
  const raOf = new Float64Array(367).fill(Number.NaN);
  const sinBetaOf = new Float64Array(367).fill(Number.NaN);
  return (tmax, tmin, eaGiven, rhMax, rhMin, rhMean, solar, windSpeed, dayOfYear) => {
    let ra = raOf[dayOfYear]!;
    if (ra !== ra) {
      ra = raOf[dayOfYear] = asce ? extraterrestrialRadiationAsce(latitude, dayOfYear) : extraterrestrialRadiation(latitude, dayOfYear);
      if (fullClearSky) sinBetaOf[dayOfYear] = dailyMeanSunElevationSine(latitude, dayOfYear);
    }
    const meanTemperature = (tmax + tmin) / 2;
    const delta = saturationVapourPressureSlope(meanTemperature);
    const es = meanSaturationVapourPressure(tmax, tmin);
    const ea = actualVapourPressure(tmax, tmin, rhMax, rhMin, rhMean, eaGiven);
    const windSpeed2m = windSpeed === null ? DEFAULT_WIND_SPEED_2M : windSpeedAt2m(Math.max(0, windSpeed), windHeightM);
    const rso = fullClearSky ? clearSkyRadiationAsceAt(ra, ea, pressure, sinBetaOf[dayOfYear]!) : clearSkyRadiation(ra, elevation);
    const rs = solar === null ? solarRadiationFromTemperature(ra, tmax, tmin) : whToMj(Math.max(0, solar));
    const rn = netRadiation(netShortwaveRadiation(rs), netLongwaveRadiation(tmax, tmin, ea, rs, rso, sigma));
    const eaTerm = asce && ea > es ? es : ea;
    const radiationTerm = 0.408 * delta * rn;
    const aerodynamicTerm = gamma * (900 / (meanTemperature + 273)) * windSpeed2m * (es - eaTerm);
    const raw = (radiationTerm + aerodynamicTerm) / (delta + gamma * (1 + 0.34 * windSpeed2m));
    return raw > 0 ? raw : 0;
  };
}
