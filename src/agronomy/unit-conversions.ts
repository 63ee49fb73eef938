/**
 * Conversions between the internal metric units (°C, mm, m/s) and the units the API answers in
 * under `units=usa` (°F, in, mph), plus km/h used by the conditions-code wind thresholds.
 */
import type { UnitSystem } from '../core/units.js';

const MM_PER_INCH = 25.4;
/** 1 mph = 0.44704 m/s exactly (1 mile = 1609.344 m). */
const METERS_PER_SECOND_PER_MPH = 0.44704;
const KMH_PER_METER_PER_SECOND = 3.6;

/** Absolute temperature °C → °F. */
export function celsiusToFahrenheit(celsius: number): number {
  return celsius * 1.8 + 32;
}

/** Absolute temperature °F → °C. */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return (fahrenheit - 32) / 1.8;
}

/** A temperature difference (or degree-days such as GDD) in °C → °F: no offset. */
export function celsiusDifferenceToFahrenheit(celsiusDelta: number): number {
  return celsiusDelta * 1.8;
}

/** A temperature difference (or degree-days such as GDD) in °F → °C: no offset. */
export function fahrenheitDifferenceToCelsius(fahrenheitDelta: number): number {
  return fahrenheitDelta / 1.8;
}

export function millimetersToInches(mm: number): number {
  return mm / MM_PER_INCH;
}

export function inchesToMillimeters(inches: number): number {
  return inches * MM_PER_INCH;
}

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

/** m/s into the speed unit of `unitSystem` (m/s for metric, mph for usa). */
export function speedInUnitSystem(metersPerSecond: number, unitSystem: UnitSystem): number {
  return unitSystem === 'usa' ? metersPerSecondToMph(metersPerSecond) : metersPerSecond;
}
