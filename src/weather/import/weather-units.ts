/**
 * The units station files and provider answers give values in, by name, and the conversion of
 * each to the internal units of `weather-source.ts` (°C, mm, Wh/m², %, kPa, m/s). The conversions
 * themselves are agronomy/unit-conversions.ts; this file only names the units and picks them.
 */
import {
  dailyMeanIrradianceToWh,
  hectopascalToKilopascal,
  fahrenheitToCelsius,
  fractionToPercent,
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
import type { InternalUnit } from '../daily-variables.js';

/**
 * The units a station file's column may give a variable in, by the variable's internal unit
 * (DAILY_VARIABLES' `unit`); the first is the default. Solar units are daily totals (`W/m2` is
 * the 24-hour mean irradiance).
 */
export const COLUMN_UNITS = {
  '°C': ['C', '0.1C', 'F', 'K'],
  mm: ['mm', '0.1mm', 'cm', 'in'],
  'Wh/m²': ['Wh/m2', 'kWh/m2', 'MJ/m2', 'kJ/m2', 'J/cm2', 'W/m2', 'langley'],
  '%': ['%', 'fraction'],
  'm/s': ['m/s', '0.1m/s', 'km/h', 'mph', 'knots', 'km/day'],
  kPa: ['kPa', 'hPa'],
} as const satisfies Readonly<Record<InternalUnit, readonly string[]>>;

/** A unit a column may give a variable of internal unit `Unit` in. */
export type ColumnUnit<Unit extends InternalUnit = InternalUnit> = (typeof COLUMN_UNITS)[Unit][number];

export type TemperatureUnit = ColumnUnit<'°C'>;
export type PrecipitationUnit = ColumnUnit<'mm'>;
export type SolarUnit = ColumnUnit<'Wh/m²'>;
export type HumidityUnit = ColumnUnit<'%'>;
export type WindUnit = ColumnUnit<'m/s'>;
export type VapourPressureUnit = ColumnUnit<'kPa'>;

/** Whether `unit` is one a column may give a variable of internal unit `internal` in. */
export function isColumnUnit<Unit extends InternalUnit>(internal: Unit, unit: string): unit is ColumnUnit<Unit> {
  return (COLUMN_UNITS[internal] as readonly string[]).includes(unit);
}

/** A value in `unit` (one of `COLUMN_UNITS[internal]`) in the internal unit `internal`. */
export function toInternalUnit(internal: InternalUnit, unit: ColumnUnit, value: number): number {
  switch (internal) {
    case '°C':
      return temperatureToCelsius(value, unit as TemperatureUnit);
    case 'mm':
      return precipitationToMm(value, unit as PrecipitationUnit);
    case 'Wh/m²':
      return solarToWhPerM2(value, unit as SolarUnit);
    case '%':
      return humidityToPercent(value, unit as HumidityUnit);
    case 'm/s':
      return windToMetresPerSecond(value, unit as WindUnit);
    case 'kPa':
      return unit === 'hPa' ? hectopascalToKilopascal(value) : value;
  }
}

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
  return unit === '%' ? value : fractionToPercent(value);
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
