/**
 * The GDD parameters of a request: each method's defaults in both unit systems, overrides, a
 * boundary the method does not use ignored, and 400 naming the parameter that is not allowed.
 */
import { describe, expect, it } from 'vitest';
import { parseGddParameters } from '../../src/services/gdd-parameters.js';
import { parameterMessage, refusal } from '../support/domain-errors.js';

describe('GDD parameters', () => {
  it('defaults to the standard method, base 10 °C or 50 °F, no boundaries', () => {
    expect(parseGddParameters({}, 'metric')).toEqual({ method: 'standard', unitSystem: 'metric', baseTemp: 10, maxBoundary: null, minBoundary: null });
    expect(parseGddParameters({ gddMethod: '', gddBaseTemp: '' }, 'usa')).toEqual({ method: 'standard', unitSystem: 'usa', baseTemp: 50, maxBoundary: null, minBoundary: null });
  });

  it("takes each method's own defaults in the request's unit system, the method name in any case", () => {
    expect(parseGddParameters({ gddMethod: 'modifiedstandard' }, 'metric')).toMatchObject({ baseTemp: 10, minBoundary: 10, maxBoundary: 30 });
    expect(parseGddParameters({ gddMethod: 'ModifiedStandard' }, 'usa')).toMatchObject({ method: 'modifiedstandard', baseTemp: 50, minBoundary: 50, maxBoundary: 86 });
    expect(parseGddParameters({ gddMethod: 'min-temp-cap' }, 'metric')).toMatchObject({ baseTemp: 12, minBoundary: 21.1, maxBoundary: 35 });
    expect(parseGddParameters({ gddMethod: ' MIN-TEMP-CAP ' }, 'usa')).toMatchObject({ method: 'min-temp-cap', baseTemp: 53.6, minBoundary: 70, maxBoundary: 95 });
    expect(parseGddParameters({ gddMethod: 'min-temp-constant' }, 'metric')).toMatchObject({ baseTemp: 10, minBoundary: null, maxBoundary: 33 });
    expect(parseGddParameters({ gddMethod: 'min-temp-constant' }, 'usa')).toMatchObject({ baseTemp: 50, minBoundary: null, maxBoundary: 91.4 });
  });

  it('takes whole-number overrides, and ignores a boundary the method does not use', () => {
    expect(parseGddParameters({ gddMethod: 'modifiedstandard', gddBaseTemp: '8', gddMinBoundary: ' -2 ', gddMaxBoundary: '+28' }, 'metric')).toEqual({
      method: 'modifiedstandard',
      unitSystem: 'metric',
      baseTemp: 8,
      minBoundary: -2,
      maxBoundary: 28,
    });
    expect(parseGddParameters({ gddBaseTemp: '5', gddMinBoundary: '0', gddMaxBoundary: '30' }, 'metric')).toMatchObject({ baseTemp: 5, minBoundary: null, maxBoundary: null });
    expect(parseGddParameters({ gddMethod: 'min-temp-constant', gddMinBoundary: '99', gddMaxBoundary: '90' }, 'usa')).toMatchObject({ minBoundary: null, maxBoundary: 90 });
    // An ignored boundary is not checked against the other one either.
    expect(parseGddParameters({ gddMethod: 'min-temp-constant', gddMinBoundary: '40' }, 'metric')).toMatchObject({ minBoundary: null, maxBoundary: 33 });
  });

  it("is 400 naming 'gddMethod' for an unknown method, listing the methods", () => {
    const error = refusal(() => parseGddParameters({ gddMethod: 'average' }, 'metric'), { kind: 'invalid', simpleMessage: parameterMessage('gddMethod') });
    expect(error.detailedMessage).toBe("gddMethod must be one of standard, modifiedstandard, min-temp-cap, min-temp-constant (got 'average').");
  });

  it('is 400 naming the parameter that is not a whole number, in the unit of the request', () => {
    const base = refusal(() => parseGddParameters({ gddBaseTemp: '10.5' }, 'usa'), { kind: 'invalid', simpleMessage: parameterMessage('gddBaseTemp') });
    expect(base.detailedMessage).toBe("gddBaseTemp must be a whole number of degrees Fahrenheit (units=usa), such as 10 (got '10.5').");
    const min = refusal(() => parseGddParameters({ gddMethod: 'modifiedstandard', gddMinBoundary: 'ten' }, 'metric'), {
      kind: 'invalid',
      simpleMessage: parameterMessage('gddMinBoundary'),
    });
    expect(min.detailedMessage).toContain('degrees Celsius (units=metric)');
    refusal(() => parseGddParameters({ gddMaxBoundary: '1e3' }, 'metric'), { kind: 'invalid', simpleMessage: parameterMessage('gddMaxBoundary') });
    refusal(() => parseGddParameters({ gddBaseTemp: '99999999999999999999' }, 'metric'), { kind: 'invalid', simpleMessage: parameterMessage('gddBaseTemp') });
  });

  it('is 400 naming the boundary given when the lower boundary is above the upper one, defaults included', () => {
    const both = refusal(() => parseGddParameters({ gddMethod: 'modifiedstandard', gddMinBoundary: '31', gddMaxBoundary: '30' }, 'metric'), {
      kind: 'invalid',
      simpleMessage: parameterMessage('gddMinBoundary'),
    });
    expect(both.detailedMessage).toBe('gddMinBoundary (31) must not be greater than gddMaxBoundary (30). (gddMethod=modifiedstandard, units=metric; defaults apply to the values not given).');
    // The default upper boundary of 30 °C against a lower one given as 40.
    refusal(() => parseGddParameters({ gddMethod: 'modifiedstandard', gddMinBoundary: '40' }, 'metric'), { kind: 'invalid', simpleMessage: parameterMessage('gddMinBoundary') });
    // Only the upper boundary given, below the default lower one of 10 °C: the 400 names the one given.
    refusal(() => parseGddParameters({ gddMethod: 'modifiedstandard', gddMaxBoundary: '5' }, 'metric'), { kind: 'invalid', simpleMessage: parameterMessage('gddMaxBoundary') });
    // Equal boundaries are allowed.
    expect(parseGddParameters({ gddMethod: 'modifiedstandard', gddMinBoundary: '20', gddMaxBoundary: '20' }, 'metric')).toMatchObject({ minBoundary: 20, maxBoundary: 20 });
  });
});
