/**
 * Every change of unit the application makes, each written once: between the internal units (°C,
 * mm, Wh/m² per day, kPa, m/s) and the units the API answers in under `units=usa` (°F, in, mph),
 * the units crop-model files are written in (MJ/m², km/day, hPa), and the units station files and
 * providers give (weather/import/weather-units.ts names them and picks these functions).
 */
import type { UnitSystem } from '../core/units.js';

const MM_PER_INCH = 25.4;
/** 1 mph = 0.44704 m/s exactly (1 mile = 1609.344 m). */
const METERS_PER_SECOND_PER_MPH = 0.44704;
const KMH_PER_METER_PER_SECOND = 3.6;
/** Metres in a nautical mile (a knot is one per hour). */
const METERS_PER_NAUTICAL_MILE = 1852;
/** Joules in one watt-hour. */
const JOULES_PER_WH = 3600;
const SECONDS_PER_DAY = 86_400;
/** One thermochemical calorie, J: a langley is one calorie per cm². */
const JOULES_PER_CALORIE = 4.184;

/** 1 Wh/m² = 3600 J/m² = 0.0036 MJ/m². */
export const MJ_PER_WH = 0.0036;
/** 1 MJ/m² = 277.78 Wh/m² (as a factor, for sums of many values). */
export const WH_PER_MJ = 1 / MJ_PER_WH;

// Temperature

/** Absolute temperature °C → °F. */
export function celsiusToFahrenheit(celsius: number): number {
  return celsius * 1.8 + 32;
}

/** Absolute temperature °F → °C. */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

/** Kelvin → °C. */
export function kelvinToCelsius(kelvin: number): number {
  return kelvin - 273.15;
}

/** A temperature difference (or degree-days such as GDD) in °C → °F: no offset. */
export function celsiusDifferenceToFahrenheit(celsiusDelta: number): number {
  return celsiusDelta * 1.8;
}

/** A temperature difference (or degree-days such as GDD) in °F → °C: no offset. */
export function fahrenheitDifferenceToCelsius(fahrenheitDelta: number): number {
  return fahrenheitDelta / 1.8;
}

// Depth

export function millimetersToInches(mm: number): number {
  return mm / MM_PER_INCH;
}

export function inchesToMillimeters(inches: number): number {
  return inches * MM_PER_INCH;
}

/** Metres in a foot (exact, international foot). */
const METRES_PER_FOOT = 0.3048;

export function metresToFeet(metres: number): number {
  return metres / METRES_PER_FOOT;
}

// Speed

export function metersPerSecondToMph(metersPerSecond: number): number {
  return metersPerSecond / METERS_PER_SECOND_PER_MPH;
}

export function mphToMetersPerSecond(mph: number): number {
  return mph * METERS_PER_SECOND_PER_MPH;
}

export function metersPerSecondToKmh(metersPerSecond: number): number {
  return metersPerSecond * KMH_PER_METER_PER_SECOND;
}

export function kmhToMetersPerSecond(kmh: number): number {
  return kmh / KMH_PER_METER_PER_SECOND;
}

export function knotsToMetersPerSecond(knots: number): number {
  return (knots * METERS_PER_NAUTICAL_MILE) / 3600;
}

/** A mean wind speed (m/s) as the day's wind run, km/day: 86 400 s × m/s / 1000. */
export function metersPerSecondToKmPerDay(metersPerSecond: number): number {
  return metersPerSecond * (SECONDS_PER_DAY / 1000);
}

/** A day's wind run (km/day) as its mean speed, m/s. */
export function kmPerDayToMetersPerSecond(kmPerDay: number): number {
  return kmPerDay / (SECONDS_PER_DAY / 1000);
}

// Radiation (daily totals per m²)

/** Wh/m² → MJ/m². */
export function whToMj(wh: number): number {
  return wh * MJ_PER_WH;
}

/** MJ/m² → Wh/m². */
export function mjToWh(mj: number): number {
  return (mj * 1e6) / JOULES_PER_WH;
}

/** kJ/m² → Wh/m². */
export function kjToWh(kj: number): number {
  return (kj * 1e3) / JOULES_PER_WH;
}

/** J/cm² → Wh/m² (10⁴ cm² in a m²). */
export function joulesPerSquareCentimetreToWh(joules: number): number {
  return (joules * 1e4) / JOULES_PER_WH;
}

/** Langleys (cal/cm²) → Wh/m². */
export function langleysToWh(langleys: number): number {
  return (langleys * JOULES_PER_CALORIE * 1e4) / JOULES_PER_WH;
}

/** A day's mean irradiance, W/m², as the day's total, Wh/m². */
export function dailyMeanIrradianceToWh(watts: number): number {
  return watts * 24;
}

// Fractions (relative humidity, soil moisture)

/** A fraction (0–1) as a percentage. */
export function fractionToPercent(fraction: number): number {
  return fraction * 100;
}

// Pressure

/** kPa → hPa. */
export function kilopascalToHectopascal(kpa: number): number {
  return kpa * 10;
}

/** hPa → kPa. */
export function hectopascalToKilopascal(hpa: number): number {
  return hpa / 10;
}

// The API's unit systems

/** °C into the temperature unit of `unitSystem` (°C for metric, °F for usa). */
export function temperatureInUnitSystem(celsius: number, unitSystem: UnitSystem): number {
  return unitSystem === 'usa' ? celsiusToFahrenheit(celsius) : celsius;
}

/** A temperature difference / degree-days in °C into the unit of `unitSystem`. */
export function temperatureDifferenceInUnitSystem(celsiusDelta: number, unitSystem: UnitSystem): number {
  return unitSystem === 'usa' ? celsiusDifferenceToFahrenheit(celsiusDelta) : celsiusDelta;
}

/** mm into the length unit of `unitSystem` (mm for metric, in for usa). */
export function depthInUnitSystem(mm: number, unitSystem: UnitSystem): number {
  return unitSystem === 'usa' ? millimetersToInches(mm) : mm;
}

/** Metres into the length unit of `unitSystem` (m for metric, ft for usa). */
export function lengthInUnitSystem(metres: number, unitSystem: UnitSystem): number {
  return unitSystem === 'usa' ? metresToFeet(metres) : metres;
}

/** m/s into the speed unit of `unitSystem` (m/s for metric, mph for usa). */
export function speedInUnitSystem(metersPerSecond: number, unitSystem: UnitSystem): number {
  return unitSystem === 'usa' ? metersPerSecondToMph(metersPerSecond) : metersPerSecond;
}
