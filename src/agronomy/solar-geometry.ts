/**
 * Solar geometry for daily agronomic computations (FAO Irrigation and Drainage Paper 56,
 * Allen et al. 1998, chapter 3, equations 21–25 and 34–37) and the instantaneous sun
 * elevation (via the pure `suncalc` astronomy routines).
 *
 * Angles passed between the FAO-56 helpers are radians unless a name says otherwise.
 */
import { getPosition } from 'suncalc';
import { MJ_PER_WH } from './unit-conversions.js';

/** Solar constant Gsc, MJ m⁻² min⁻¹ (FAO-56 eq. 21). */
export const SOLAR_CONSTANT_MJ_PER_M2_MIN = 0.082;

const DEG = Math.PI / 180;

export function degreesToRadians(deg: number): number {
  return deg * DEG;
}

/** Inverse relative distance Earth–Sun dr (FAO-56 eq. 23). `dayOfYear` 1..365/366. */
export function inverseRelativeDistance(dayOfYear: number): number {
  return 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * dayOfYear);
}

/** Solar declination δ in radians (FAO-56 eq. 24). */
export function solarDeclination(dayOfYear: number): number {
  return 0.409 * Math.sin(((2 * Math.PI) / 365) * dayOfYear - 1.39);
}

/**
 * Sunset hour angle ωs in radians (FAO-56 eq. 25: ωs = arccos(−tan φ tan δ)).
 * The arccos argument is clamped to [−1, 1]: polar night gives ωs = 0 (no sunrise),
 * polar day gives ωs = π (sun above the horizon all 24 hours), never NaN.
 */
export function sunsetHourAngle(latitudeRad: number, declination: number): number {
  const x = -Math.tan(latitudeRad) * Math.tan(declination);
  return Math.acos(Math.min(1, Math.max(-1, x)));
}

/**
 * Extraterrestrial radiation Ra, MJ m⁻² day⁻¹ (FAO-56 eq. 21):
 * Ra = (24·60/π) Gsc dr [ωs sin φ sin δ + cos φ cos δ sin ωs].
 * Latitude in decimal degrees (south negative). Polar night yields 0; the result is never
 * negative or NaN.
 */
export function extraterrestrialRadiation(latitudeDeg: number, dayOfYear: number): number {
  const phi = degreesToRadians(latitudeDeg);
  const dr = inverseRelativeDistance(dayOfYear);
  const delta = solarDeclination(dayOfYear);
  const ws = sunsetHourAngle(phi, delta);
  const ra =
    ((24 * 60) / Math.PI) *
    SOLAR_CONSTANT_MJ_PER_M2_MIN *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
  return ra > 0 ? ra : 0;
}

/** Daylight hours N = 24 ωs / π (FAO-56 eq. 34); 0 in polar night, 24 in polar day. */
export function daylightHours(latitudeDeg: number, dayOfYear: number): number {
  const ws = sunsetHourAngle(degreesToRadians(latitudeDeg), solarDeclination(dayOfYear));
  return (24 / Math.PI) * ws;
}

/** Clear-sky solar radiation Rso = (0.75 + 2·10⁻⁵ z) Ra, MJ m⁻² day⁻¹ (FAO-56 eq. 37). */
export function clearSkyRadiation(ra: number, elevationM: number): number {
  return (0.75 + 2e-5 * elevationM) * ra;
}

/**
 * Solar declination δ in radians as the REF-ET program of the ASCE-EWRI (2005) standardized
 * equation computes it (Cooper 1969, as given by Duffie & Beckman): δ = 23.45° sin(2π (284 + J) / 365).
 * Within 0.01 rad of FAO-56 eq. 24 (ASCE-EWRI eq. 24).
 */
export function solarDeclinationCooper(dayOfYear: number): number {
  return 23.45 * DEG * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
}

/** Solar constant 1367 W m⁻² as MJ m⁻² h⁻¹ (the REF-ET program; ASCE-EWRI 2005 prints 4.92). */
export const SOLAR_CONSTANT_REF_ET_MJ_PER_M2_H = 1367 * MJ_PER_WH;

/**
 * Extraterrestrial radiation Ra, MJ m⁻² day⁻¹, as the REF-ET program computes it for the
 * ASCE-EWRI (2005) standardized daily equation (eq. 21 of ASCE-EWRI with Gsc = 1367 W m⁻² and the
 * declination of `solarDeclinationCooper`). Never negative or NaN.
 */
export function extraterrestrialRadiationAsce(latitudeDeg: number, dayOfYear: number): number {
  const phi = degreesToRadians(latitudeDeg);
  const dr = inverseRelativeDistance(dayOfYear);
  const delta = solarDeclinationCooper(dayOfYear);
  const ws = sunsetHourAngle(phi, delta);
  const ra =
    (24 / Math.PI) *
    SOLAR_CONSTANT_REF_ET_MJ_PER_M2_H *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
  return ra > 0 ? ra : 0;
}

/**
 * Clear-sky solar radiation Rso, MJ m⁻² day⁻¹, by the full model of ASCE-EWRI (2005) Appendix D
 * (eqs. D.1–D.5, after Allen 1996 and Majumdar et al. 1972), which accounts for the air pressure,
 * the water vapour in the air and the sun's angle:
 *   sin β₂₄ = sin(0.85 + 0.3 φ sin(2πJ/365 − 1.39) − 0.42 φ²), not below 0.1   (D.5)
 *   W  = 0.14 ea P + 2.1                       precipitable water, mm          (D.3)
 *   Kb = 0.98 exp[−0.00146 P / sin β₂₄ − 0.075 (W / sin β₂₄)^0.4]              (D.2, Kt = 1)
 *   Kd = 0.35 − 0.36 Kb for Kb ≥ 0.15, 0.18 + 0.82 Kb for Kb < 0.15           (D.4)
 *   Rso = (Kb + Kd) Ra                                                         (D.1)
 * φ in radians, ea and P in kPa.
 */
export function clearSkyRadiationAsce(ra: number, ea: number, pressureKpa: number, latitudeDeg: number, dayOfYear: number): number {
  return clearSkyRadiationAsceAt(ra, ea, pressureKpa, dailyMeanSunElevationSine(latitudeDeg, dayOfYear));
}

/** sin β₂₄ of ASCE-EWRI (2005) eq. D.5, not below 0.1: the day's mean sun angle for the clear-sky model. */
export function dailyMeanSunElevationSine(latitudeDeg: number, dayOfYear: number): number {
  const phi = degreesToRadians(latitudeDeg);
  const beta = 0.85 + 0.3 * phi * Math.sin(((2 * Math.PI) / 365) * dayOfYear - 1.39) - 0.42 * phi * phi;
  return Math.max(0.1, Math.sin(beta));
}

/** `clearSkyRadiationAsce` with sin β₂₄ already known (`dailyMeanSunElevationSine`). */
export function clearSkyRadiationAsceAt(ra: number, ea: number, pressureKpa: number, sinBeta: number): number {
  const w = 0.14 * Math.max(0, ea) * pressureKpa + 2.1;
  const kb = 0.98 * Math.exp((-0.00146 * pressureKpa) / sinBeta - 0.075 * Math.pow(w / sinBeta, 0.4));
  const kd = kb >= 0.15 ? 0.35 - 0.36 * kb : 0.18 + 0.82 * kb;
  return (kb + kd) * ra;
}

/**
 * Seasonal correction for solar time Sc, hours (FAO-56 eq. 32–33: the equation of time):
 * Sc = 0.1645 sin 2b − 0.1255 cos b − 0.025 sin b, b = 2π (J − 81) / 364.
 */
export function solarTimeCorrection(dayOfYear: number): number {
  const b = (2 * Math.PI * (dayOfYear - 81)) / 364;
  return 0.1645 * Math.sin(2 * b) - 0.1255 * Math.cos(b) - 0.025 * Math.sin(b);
}

/**
 * Sine of the sun's elevation at the instant `epochMs` (UTC milliseconds) seen from longitude
 * `longitudeDeg` (east positive), the latitude given by its sine and cosine and the day by its
 * declination δ (`solarDeclination`) and `solarTimeCorrection`: sin β = sin φ sin δ + cos φ cos δ cos ω,
 * with the hour angle ω = π/12 (solar time − 12) (FAO-56 eq. 31, solar time from UTC and the
 * longitude). Negative below the horizon. For many instants of a day, where `sunElevation` would
 * be costly: the day's terms are computed once.
 */
export function sunElevationSine(sinLatitude: number, cosLatitude: number, longitudeDeg: number, declination: number, solarTimeCorrectionHours: number, epochMs: number): number {
  const utcHours = (epochMs % 86_400_000) / 3_600_000;
  const hourAngle = (Math.PI / 12) * (utcHours + longitudeDeg / 15 + solarTimeCorrectionHours - 12);
  return sinLatitude * Math.sin(declination) + cosLatitude * Math.cos(declination) * Math.cos(hourAngle);
}

/**
 * Sun elevation (apparent altitude, refraction-corrected) in degrees above the horizon at
 * the instant `epochMs` (UTC milliseconds) seen from the given location. Negative below
 * the horizon.
 */
export function sunElevation(latitudeDeg: number, longitudeDeg: number, epochMs: number): number {
  return getPosition(new Date(epochMs), latitudeDeg, longitudeDeg).altitude;
}
