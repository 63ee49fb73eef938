/** URLs for the NASA POWER daily point API (v2). */
import type { DateRange } from '../../weather-source.js';
import { DAILY_VARIABLES, type DailyVariableTable } from '../../daily-variables.js';
import { nasaPowerDailyParameters } from './nasa-power-variables.js';

export interface NasaPowerEndpoints {
  /** Daily point endpoint. */
  dailyPointUrl: string;
  /** POWER community; AG reports solar in MJ/m²/day. */
  community: 'AG' | 'RE' | 'SB';
}

export const DEFAULT_NASA_POWER_ENDPOINTS: NasaPowerEndpoints = {
  dailyPointUrl: 'https://power.larc.nasa.gov/api/temporal/daily/point',
  community: 'AG',
};

function coordinate(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/** JSON, local solar time days (`time-standard=LST`), the parameters of `variables`. */
export function nasaPowerDailyUrl(
  endpoints: NasaPowerEndpoints,
  latitude: number,
  longitude: number,
  range: DateRange,
  variables: DailyVariableTable = DAILY_VARIABLES,
): string {
  const url = new URL(endpoints.dailyPointUrl);
  url.searchParams.set('parameters', nasaPowerDailyParameters(variables).join(','));
  url.searchParams.set('community', endpoints.community);
  url.searchParams.set('longitude', coordinate(longitude));
  url.searchParams.set('latitude', coordinate(latitude));
  url.searchParams.set('start', range.start.replaceAll('-', ''));
  url.searchParams.set('end', range.end.replaceAll('-', ''));
  url.searchParams.set('format', 'JSON');
  url.searchParams.set('time-standard', 'LST');
  return url.toString().replaceAll('%2C', ',');
}
