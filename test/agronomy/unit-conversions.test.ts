import { describe, it, expect } from 'vitest';
import {
  celsiusDifferenceToFahrenheit,
  celsiusToFahrenheit,
  depthInUnitSystem,
  fahrenheitDifferenceToCelsius,
  fahrenheitToCelsius,
  hectopascalToKilopascal,
  inchesToMillimeters,
  joulesPerSquareCentimetreToWh,
  kelvinToCelsius,
  kilopascalToHectopascal,
  kjToWh,
  kmhToMetersPerSecond,
  kmPerDayToMetersPerSecond,
  knotsToMetersPerSecond,
  langleysToWh,
  dailyMeanIrradianceToWh,
  fractionToPercent,
  metersPerSecondToKmPerDay,
  MJ_PER_WH,
  mjToWh,
  WH_PER_MJ,
  whToMj,
  metersPerSecondToKmh,
  metersPerSecondToMph,
  millimetersToInches,
  mphToMetersPerSecond,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from '../../src/agronomy/unit-conversions.js';

describe('temperature', () => {
  it('absolute values', () => {
    expect(celsiusToFahrenheit(0)).toBe(32);
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(celsiusToFahrenheit(21.1)).toBeCloseTo(69.98, 10);
    expect(fahrenheitToCelsius(86)).toBeCloseTo(30, 12);
    expect(fahrenheitToCelsius(53.6)).toBeCloseTo(12, 12);
    expect(fahrenheitToCelsius(212)).toBe(100);
    expect(kelvinToCelsius(273.15)).toBe(0);
  });

  it('differences and degree-days have no offset', () => {
    expect(celsiusDifferenceToFahrenheit(10)).toBe(18);
    expect(fahrenheitDifferenceToCelsius(2700)).toBe(1500);
  });

  it('by unit system', () => {
    expect(temperatureInUnitSystem(10, 'usa')).toBe(50);
    expect(temperatureInUnitSystem(10, 'metric')).toBe(10);
    expect(temperatureDifferenceInUnitSystem(10, 'usa')).toBe(18);
  });
});

describe('length and speed', () => {
  it('mm and inches', () => {
    expect(millimetersToInches(25.4)).toBe(1);
    expect(inchesToMillimeters(0.1)).toBeCloseTo(2.54, 12);
    expect(depthInUnitSystem(50.8, 'usa')).toBe(2);
    expect(depthInUnitSystem(50.8, 'metric')).toBe(50.8);
  });

  it('m/s, mph and km/h', () => {
    expect(metersPerSecondToMph(0.44704)).toBeCloseTo(1, 12);
    expect(mphToMetersPerSecond(10)).toBeCloseTo(4.4704, 12);
    expect(metersPerSecondToKmh(10)).toBe(36);
    expect(kmhToMetersPerSecond(36)).toBe(10);
    expect(speedInUnitSystem(4.4704, 'usa')).toBeCloseTo(10, 12);
  });
});

describe('wind run, radiation and pressure', () => {
  it('m/s and knots, and a day\'s wind run in km/day', () => {
    expect(knotsToMetersPerSecond(1)).toBeCloseTo(0.514444, 6);
    expect(metersPerSecondToKmPerDay(3)).toBeCloseTo(259.2, 10); // 3 m/s × 86 400 s = 259.2 km
    expect(kmPerDayToMetersPerSecond(259.2)).toBeCloseTo(3, 12);
  });

  it('1 Wh/m² = 3600 J/m² = 0.0036 MJ/m²; a langley is 4.184 J/cm²', () => {
    expect(MJ_PER_WH).toBe(0.0036);
    expect(WH_PER_MJ).toBeCloseTo(277.7778, 4);
    expect(whToMj(5000)).toBeCloseTo(18, 12);
    expect(mjToWh(3.6)).toBe(1000);
    expect(kjToWh(3600)).toBe(1000);
    expect(joulesPerSquareCentimetreToWh(36)).toBe(100);
    expect(langleysToWh(1)).toBeCloseTo(11.6222, 4);
    expect(dailyMeanIrradianceToWh(250)).toBe(6000); // 250 W/m² for 24 h
  });

  it('fractions as percentages', () => {
    expect(fractionToPercent(0.25)).toBe(25);
  });

  it('kPa and hPa', () => {
    expect(kilopascalToHectopascal(1.5)).toBe(15);
    expect(hectopascalToKilopascal(15)).toBe(1.5);
  });
});
