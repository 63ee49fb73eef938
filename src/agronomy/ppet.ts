/**
 * P/PET: precipitation divided by potential (reference) evapotranspiration. Above 1 more rain
 * fell than the likely water loss; below 1 more was lost than fell.
 *
 * Zero rule: when PET is zero or negative (or either value is missing or not finite) the ratio
 * is undefined and the result is `null` — never a division error, never Infinity or NaN in JSON.
 * This happens on days (or at accumulation starts) with no evaporative demand, such as polar
 * night or very cold, humid, dark days. Over a range the ratio is Σ P / Σ PET (the running totals
 * of `agronomic-series.ts`), so one zero-PET day does not make the range's ratio undefined.
 */

/** Daily (or any single-period) P/PET; `null` when PET ≤ 0 or an input is missing. */
export function ppet(precipitation: number | null, pet: number | null): number | null {
  if (precipitation === null || pet === null) return null;
  if (!Number.isFinite(precipitation) || !Number.isFinite(pet) || pet <= 0) return null;
  const ratio = precipitation / pet;
  return Number.isFinite(ratio) ? ratio : null;
}
