/**
 * Page-size limits of every list, in one table (spec "Limits"). The default page size is 50
 * (8 for forecasts: one page of today plus 7 days), never more than the account's maximum.
 */
export interface ListLimit {
  defaultLimit: number;
  max: number;
  /** Maximum for enterprise accounts. */
  enterpriseMax: number;
}

export const LIST_LIMITS = {
  fields: { defaultLimit: 50, max: 120, enterpriseMax: 120 },
  plantings: { defaultLimit: 50, max: 120, enterpriseMax: 120 },
  models: { defaultLimit: 50, max: 120, enterpriseMax: 120 },
  crops: { defaultLimit: 50, max: 10, enterpriseMax: 120 },
  observations: { defaultLimit: 50, max: 10, enterpriseMax: 120 },
  weatherNorms: { defaultLimit: 50, max: 10, enterpriseMax: 120 },
  agronomicNorms: { defaultLimit: 50, max: 10, enterpriseMax: 120 },
  forecasts: { defaultLimit: 8, max: 7, enterpriseMax: 7 },
} satisfies Record<string, ListLimit>;

export type ListName = keyof typeof LIST_LIMITS;

/** The maximum and the default page size of a list for an account. */
export function pageLimits(list: ListName, enterprise: boolean): { max: number; defaultLimit: number } {
  const limits: ListLimit = LIST_LIMITS[list];
  const max = enterprise ? limits.enterpriseMax : limits.max;
  // Forecasts: the default page (8 days) is the whole forecast even though a caller may ask for at most 7.
  const defaultLimit = list === 'forecasts' ? limits.defaultLimit : Math.min(limits.defaultLimit, max);
  return { max, defaultLimit };
}
