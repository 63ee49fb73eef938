import { describe, it, expect } from 'vitest';
import {
  celsiusDifferenceToFahrenheit,
  celsiusToFahrenheit,
  depthInUnitSystem,
  fahrenheitDifferenceToCelsius,
  fahrenheitToCelsius,
  inchesToMillimeters,
  kmhToMetersPerSecond,
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
