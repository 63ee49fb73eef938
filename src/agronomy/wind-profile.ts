/**
 * Wind speed at another height above ground, by the logarithmic wind profile of FAO-56 eq. 47
 * (Allen et al. 1998; ASCE-EWRI 2005 eq. 33): u₂ = uz · 4.87 / ln(67.8 z − 5.42). Wind is kept at
 * 10 m inside the application; station files bring theirs to 10 m and reference ET takes it to
 * 2 m, both with these functions, so a speed measured at 2 m reaches reference ET as it was.
 */

/** Lowest anemometer height the profile is used for (eq. 47 needs 67.8 z − 5.42 > 1). */
export const MIN_WIND_HEIGHT_M = 0.5;

/** Wind speed at 2 m from speed uz measured at z m above ground (eq. 47; a speed at 2 m as it is). */
export function windSpeedAt2m(windSpeed: number, measurementHeightM: number): number {
  if (measurementHeightM === 2) return windSpeed;
  return (windSpeed * 4.87) / Math.log(67.8 * measurementHeightM - 5.42);
}

/** The factor eq. 47 takes a speed at 10 m to 2 m with (0.748). */
const FROM_10M_TO_2M = windSpeedAt2m(1, 10);

/**
 * Wind speed at 10 m from speed uz measured at z m above ground: eq. 47 to 2 m, then back up to
 * 10 m by eq. 47's factor for 10 m, so that `windSpeedAt2m(windSpeedAt10m(u, z), 10)` is
 * `windSpeedAt2m(u, z)`. From 2 m the factor is 1/0.748 = 1.337. Throws below `MIN_WIND_HEIGHT_M`.
 */
export function windSpeedAt10m(windSpeed: number, measurementHeightM: number): number {
  if (!(measurementHeightM >= MIN_WIND_HEIGHT_M)) throw new RangeError(`Wind measurement height ${measurementHeightM} m is below ${MIN_WIND_HEIGHT_M} m`);
  if (measurementHeightM === 10) return windSpeed;
  return windSpeedAt2m(windSpeed, measurementHeightM) / FROM_10M_TO_2M;
}
