/**
 * The units station files and provider answers give values in, by name, and the conversion of
 * each to the internal units of `weather-source.ts` (°C, mm, Wh/m², %, m/s). The conversions
 * themselves are agronomy/unit-conversions.ts; this file only names the units and picks them.
 */
import {
  dailyMeanIrradianceToWh,
  fahrenheitToCelsius,
  inchesToMillimeters,
  joulesPerSquareCentimetreToWh,
  kelvinToCelsius,
  kjToWh,
  kmhToMetersPerSecond,
  kmPerDayToMetersPerSecond,
  knotsToMetersPerSecond,
  langleysToWh,
  mjToWh,
  mphToMetersPerSecond,
} from '../../agronomy/unit-conversions.js';

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
      return fahrenheitToCelsius(value);
    case 'K':
      return kelvinToCelsius(value);
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
      return inchesToMillimeters(value);
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
      return mjToWh(value);
    case 'kJ/m2':
      return kjToWh(value);
    case 'J/cm2':
      return joulesPerSquareCentimetreToWh(value);
    case 'W/m2':
      return dailyMeanIrradianceToWh(value);
    case 'langley':
      return langleysToWh(value);
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
      return kmhToMetersPerSecond(value);
    case 'mph':
      return mphToMetersPerSecond(value);
    case 'knots':
      return knotsToMetersPerSecond(value);
    case 'km/day':
      return kmPerDayToMetersPerSecond(value);
  }
}
