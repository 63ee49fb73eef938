/**
 * Forecast conditions codes (spec "Conditions codes"): three characters — cloud, rain, wind —
 * and the matching human-readable text, e.g. `911` "Mostly Cloudy Night, No Rain, Light Wind/Calm".
 *
 * Classes are closed at their upper printed bound: a value belongs to the first class whose
 * upper bound it does not exceed (cover 12.5 % is Clear, 12.6 % is the next class; 2.54 mm/h is
 * Light Rain, 2.55 mm/h Moderate; 8 km/h is Light Wind/Calm, 8.01 km/h Moderate Wind). Values
 * are rounded to 6 decimals before comparison so that unit conversions (m/s → km/h, a block
 * amount divided by its hours) do not push a printed boundary value into the next class.
 */
import { metersPerSecondToKmh } from './unit-conversions.js';
import { sunElevation } from './solar-geometry.js';

export type ConditionsType = 'basic' | 'standard';
export const CONDITIONS_TYPES: readonly ConditionsType[] = ['basic', 'standard'];
export const DEFAULT_CONDITIONS_TYPE: ConditionsType = 'standard';

/** Whether a block lies wholly in daytime, wholly in nighttime, or spans both. */
export type BlockDaylight = 'day' | 'night' | 'mixed';

interface ConditionClass {
  readonly code: string;
  readonly text: string;
  /** Inclusive upper bound of the class; the last class has none. */
  readonly upTo: number;
}

/** Rain rate over the block, mm/hour. "No Rain" means no trace: only exactly 0. */
const RAIN_CLASSES: readonly ConditionClass[] = [
  { code: '1', text: 'No Rain', upTo: 0 },
  { code: '2', text: 'Light Rain', upTo: 2.54 },
  { code: '3', text: 'Moderate Rain', upTo: 7.62 },
  { code: '4', text: 'Heavy Rain', upTo: Number.POSITIVE_INFINITY },
];

/** Wind speed, km/h. */
const WIND_CLASSES: readonly ConditionClass[] = [
  { code: '1', text: 'Light Wind/Calm', upTo: 8 },
  { code: '2', text: 'Moderate Wind', upTo: 32 },
  { code: '3', text: 'Windy', upTo: 48 },
  { code: '4', text: 'Very Windy', upTo: 64 },
  { code: '5', text: 'Strong Winds', upTo: 88 },
  { code: '6', text: 'Hurricane Force', upTo: Number.POSITIVE_INFINITY },
];

/** Opaque cloud cover, percent, `basic` type. */
const BASIC_CLOUD_CLASSES: readonly ConditionClass[] = [
  { code: '1', text: 'Clear', upTo: 12.5 },
  { code: '2', text: 'Partly Cloudy', upTo: 87.5 },
  { code: '3', text: 'Cloudy', upTo: Number.POSITIVE_INFINITY },
];

const STANDARD_COVER_BOUNDS = [12.5, 37.5, 62.5, 87.5, Number.POSITIVE_INFINITY] as const;

/** Opaque cloud cover, percent, `standard` type, by the block's daylight. */
const STANDARD_CLOUD_CLASSES: Readonly<Record<BlockDaylight, readonly ConditionClass[]>> = {
  day: standardClasses(['1', '2', '3', '4', '5'], ['Sunny Day', 'Mostly Sunny Day', 'Partly Sunny Day', 'Mostly Cloudy Day', 'Cloudy Day']),
  night: standardClasses(
    ['6', '7', '8', '9', 'A'],
    ['Clear Night', 'Mostly Clear Night', 'Partly Cloudy Night', 'Mostly Cloudy Night', 'Cloudy Night'],
  ),
  mixed: standardClasses(['B', 'C', 'D', 'E', 'F'], ['Clear', 'Mostly Clear', 'Partly Cloudy', 'Mostly Cloudy', 'Cloudy']),
};

function standardClasses(codes: readonly string[], texts: readonly string[]): ConditionClass[] {
  return STANDARD_COVER_BOUNDS.map((upTo, i) => ({ code: codes[i]!, text: texts[i]!, upTo }));
}

function roundForComparison(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Index in `classes` of the class `value` falls in. */
function classIndex(value: number, classes: readonly ConditionClass[]): number {
  const v = roundForComparison(value);
  const i = classes.findIndex((c) => v <= c.upTo);
  return i < 0 ? classes.length - 1 : i;
}

function classify(value: number, classes: readonly ConditionClass[]): ConditionClass {
  return classes[classIndex(value, classes)]!;
}

function rainRate(precipitationMm: number, hours: number): number {
  return hours > 0 ? Math.max(0, precipitationMm) / hours : 0;
}

function windKmh(windSpeedMetersPerSecond: number): number {
  return metersPerSecondToKmh(Math.max(0, windSpeedMetersPerSecond));
}

export interface ConditionPart {
  readonly code: string;
  readonly text: string;
}

/** Rain digit and text from the block's precipitation (mm) over its length in hours. */
export function rainCondition(precipitationMm: number, hours: number): ConditionPart {
  const { code, text } = classify(rainRate(precipitationMm, hours), RAIN_CLASSES);
  return { code, text };
}

/** Wind digit and text from a wind speed in m/s (classified in km/h). */
export function windCondition(windSpeedMetersPerSecond: number): ConditionPart {
  const { code, text } = classify(windKmh(windSpeedMetersPerSecond), WIND_CLASSES);
  return { code, text };
}

/** Cloud character and text from opaque cloud cover in percent. */
export function cloudCondition(cloudCoverPercent: number, type: ConditionsType, daylight: BlockDaylight): ConditionPart {
  const { code, text } = classify(Math.max(0, cloudCoverPercent), cloudClasses(type, daylight));
  return { code, text };
}

function cloudClasses(type: ConditionsType, daylight: BlockDaylight): readonly ConditionClass[] {
  return type === 'basic' ? BASIC_CLOUD_CLASSES : STANDARD_CLOUD_CLASSES[daylight];
}

export interface ConditionsInput {
  /** Mean opaque cloud cover over the block, percent. */
  readonly cloudCover: number;
  /** Precipitation over the block, mm. */
  readonly precipitation: number;
  /** Length of the block, hours. */
  readonly hours: number;
  /** The block's mean wind speed, m/s. */
  readonly windSpeed: number;
  readonly daylight: BlockDaylight;
}

export interface Conditions {
  /** Three characters: cloud, rain, wind. */
  readonly code: string;
  /** "Cloud text, Rain text, Wind text". */
  readonly text: string;
}

/**
 * Every combination of a cloud class with a rain and a wind class, written once: per cloud class,
 * `[rain class][wind class]`. The same few hundred code and text strings then serve every block
 * (a presenter can look them up without hashing new text).
 */
const COMBINATIONS: ReadonlyMap<ConditionClass, readonly (readonly Conditions[])[]> = new Map(
  [BASIC_CLOUD_CLASSES, ...Object.values(STANDARD_CLOUD_CLASSES)].flat().map((cloud) => [
    cloud,
    RAIN_CLASSES.map((rain) =>
      WIND_CLASSES.map((wind) => Object.freeze({ code: cloud.code + rain.code + wind.code, text: `${cloud.text}, ${rain.text}, ${wind.text}` })),
    ),
  ]),
);

/** Every conditions answer there is (each combination once). */
export function everyConditions(): Conditions[] {
  return [...COMBINATIONS.values()].flat(2);
}

export function conditions(input: ConditionsInput, type: ConditionsType = DEFAULT_CONDITIONS_TYPE): Conditions {
  const cloud = classify(Math.max(0, input.cloudCover), cloudClasses(type, input.daylight));
  const rain = classIndex(rainRate(input.precipitation, input.hours), RAIN_CLASSES);
  const wind = classIndex(windKmh(input.windSpeed), WIND_CLASSES);
  return COMBINATIONS.get(cloud)![rain]![wind]!;
}

const HOUR_MS = 3_600_000;

/**
 * Daylight of a block of `hours` whole hours starting at `startMs` (UTC epoch ms): each hour is
 * daytime when the sun's apparent elevation at the middle of the hour is above the horizon.
 * All hours daytime → `day`; none → `night`; otherwise `mixed`.
 */
export function blockDaylight(latitudeDeg: number, longitudeDeg: number, startMs: number, hours: number): BlockDaylight {
  let dayHours = 0;
  for (let i = 0; i < hours; i++) {
    if (sunElevation(latitudeDeg, longitudeDeg, startMs + i * HOUR_MS + HOUR_MS / 2) > 0) dayHours++;
  }
  if (dayHours === hours) return 'day';
  if (dayHours === 0) return 'night';
  return 'mixed';
}
