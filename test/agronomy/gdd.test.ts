import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  GDD_DEFAULTS,
  GDD_METHODS,
  type GddMethod,
  type GddParameters,
  dailyGdd,
  celsiusDailyGdd,
  gddParametersProblem,
  isGddMethod,
  resolveGddParameters,
} from '../../src/agronomy/gdd.js';

const cornUsa = resolveGddParameters('modifiedstandard', 'usa');

describe('published corn GDD examples (86/50 °F modified method)', () => {
  // Each example is printed in the source cited beside it; none was computed here.
  it.each([
    // brief's reference example: max 80, min 55 → (80 + 55)/2 − 50
    [80, 55, 17.5, 'corn 86/50 modified method reference example'],
    // UW-Extension, "Calculating Growing Degree Days", Waushara Argus 2018-04-25: three days totalling 43
    [90, 65, 25.5, 'Waushara Argus 2018, day 1'],
    [72, 46, 11, 'Waushara Argus 2018, day 2'],
    [63, 42, 6.5, 'Waushara Argus 2018, day 3'],
    // S. Karhoff, Ohio State University Extension, "Corn growing degree days" (2023)
    [87, 63, 24.5, 'OSU Extension 2023'],
    // Kansas Corn Commission, "Growing Degree Days (At Home)" lesson
    [80, 56, 18, 'Kansas Corn GDD lesson'],
    // Iowa State University Agron 541 lesson 2b: 70/50 → 10 GDD; 36 is the largest daily value
    [70, 50, 10, 'ISU Agron 541'],
    [95, 90, 36, 'ISU Agron 541 daily maximum'],
  ])('max %d °F, min %d °F → %d GDD (%s)', (tmax, tmin, expected) => {
    expect(dailyGdd(tmax, tmin, cornUsa)).toBeCloseTo(expected, 10);
  });

  it('Waushara Argus three-day total is 43 GDD', () => {
    const total = dailyGdd(90, 65, cornUsa) + dailyGdd(72, 46, cornUsa) + dailyGdd(63, 42, cornUsa);
    expect(total).toBeCloseTo(43, 10);
  });

  it('Montana Climate Office (after NDAWN): 35/80 °F cutoffs clip 32 °F and 82 °F to 35 and 80', () => {
    const p = resolveGddParameters('modifiedstandard', 'usa', { gddBaseTemp: 35, gddMinBoundary: 35, gddMaxBoundary: 80 });
    expect(dailyGdd(82, 32, p)).toBeCloseTo((80 + 35) / 2 - 35, 10);
  });
});

describe('defaults', () => {
  it('metric defaults as the spec table gives them', () => {
    expect(resolveGddParameters('standard', 'metric')).toMatchObject({ baseTemp: 10, maxBoundary: null, minBoundary: null });
    expect(resolveGddParameters('modifiedstandard', 'metric')).toMatchObject({ baseTemp: 10, maxBoundary: 30, minBoundary: 10 });
    expect(resolveGddParameters('min-temp-cap', 'metric')).toMatchObject({ baseTemp: 12, maxBoundary: 35, minBoundary: 21.1 });
    expect(resolveGddParameters('min-temp-constant', 'metric')).toMatchObject({ baseTemp: 10, maxBoundary: 33, minBoundary: null });
  });

  it('usa defaults are the Fahrenheit values of the spec table', () => {
    expect(resolveGddParameters('standard', 'usa')).toMatchObject({ baseTemp: 50, maxBoundary: null, minBoundary: null });
    expect(resolveGddParameters('modifiedstandard', 'usa')).toMatchObject({ baseTemp: 50, maxBoundary: 86, minBoundary: 50 });
    expect(resolveGddParameters('min-temp-cap', 'usa')).toMatchObject({ baseTemp: 53.6, maxBoundary: 95, minBoundary: 70 });
    expect(resolveGddParameters('min-temp-constant', 'usa')).toMatchObject({ baseTemp: 50, maxBoundary: 91.4, minBoundary: null });
  });

  it('default method is standard in metric', () => {
    expect(resolveGddParameters()).toEqual({ method: 'standard', unitSystem: 'metric', baseTemp: 10, maxBoundary: null, minBoundary: null });
  });

  it('every method has defaults in both unit systems', () => {
    for (const m of GDD_METHODS) {
      expect(GDD_DEFAULTS[m].metric.baseTemp).toBeTypeOf('number');
      expect(GDD_DEFAULTS[m].usa.baseTemp).toBeTypeOf('number');
    }
    expect(isGddMethod('min-temp-cap')).toBe(true);
    expect(isGddMethod('modified-standard')).toBe(false);
  });
});

describe('overrides', () => {
  it('replace the defaults', () => {
    const p = resolveGddParameters('modifiedstandard', 'metric', { gddBaseTemp: 8, gddMinBoundary: 6, gddMaxBoundary: 29 });
    expect(p).toMatchObject({ baseTemp: 8, minBoundary: 6, maxBoundary: 29 });
    expect(dailyGdd(32, 4, p)).toBeCloseTo((29 + 6) / 2 - 8, 10);
  });

  it('null or missing overrides keep the defaults', () => {
    const p = resolveGddParameters('min-temp-cap', 'usa', { gddBaseTemp: null });
    expect(p.baseTemp).toBe(53.6);
  });

  it('a boundary the method does not use stays unused', () => {
    const p = resolveGddParameters('standard', 'metric', { gddMaxBoundary: 30, gddMinBoundary: 10 });
    expect(p.maxBoundary).toBeNull();
    expect(p.minBoundary).toBeNull();
    expect(dailyGdd(40, 0, p)).toBe(10);
    const q = resolveGddParameters('min-temp-constant', 'metric', { gddMinBoundary: 15 });
    expect(q.minBoundary).toBeNull();
    expect(dailyGdd(20, 2, q)).toBe(1);
  });

  it('reports a lower boundary above the upper one', () => {
    expect(gddParametersProblem(resolveGddParameters('modifiedstandard', 'metric', { gddMinBoundary: 31 }))).toMatch(/gddMinBoundary/);
    expect(gddParametersProblem(resolveGddParameters('modifiedstandard', 'metric'))).toBeNull();
    expect(gddParametersProblem({ baseTemp: Number.NaN, maxBoundary: null, minBoundary: null })).toMatch(/gddBaseTemp/);
  });
});

describe('method rules at the boundaries (metric defaults)', () => {
  const standard = resolveGddParameters('standard', 'metric');
  const modified = resolveGddParameters('modifiedstandard', 'metric');
  const cap = resolveGddParameters('min-temp-cap', 'metric');
  const constant = resolveGddParameters('min-temp-constant', 'metric');

  it('standard: mean minus base, no boundaries', () => {
    expect(dailyGdd(30, 20, standard)).toBe(15);
    expect(dailyGdd(40, 20, standard)).toBe(20);
    expect(dailyGdd(14, 6, standard)).toBe(0); // mean exactly at base
  });

  it('modifiedstandard: both temperatures clamped into [10, 30]', () => {
    expect(dailyGdd(30, 10, modified)).toBe(10); // at the boundaries: unchanged
    expect(dailyGdd(30.5, 9.5, modified)).toBe(10); // just outside: reset
    expect(dailyGdd(29.5, 10.5, modified)).toBe(10);
    expect(dailyGdd(35, 32, modified)).toBe(20); // min above the upper boundary is reset too
    expect(dailyGdd(8, 2, modified)).toBe(0); // max below the lower boundary is reset to it
  });

  it('min-temp-cap: max capped at 35; min used only when below 21.1, else 21.1', () => {
    expect(dailyGdd(35, 21.1, cap)).toBeCloseTo((35 + 21.1) / 2 - 12, 10);
    expect(dailyGdd(36, 21.1, cap)).toBeCloseTo((35 + 21.1) / 2 - 12, 10);
    expect(dailyGdd(30, 25, cap)).toBeCloseTo((30 + 21.1) / 2 - 12, 10); // min above boundary → boundary
    expect(dailyGdd(30, 15, cap)).toBeCloseTo((30 + 15) / 2 - 12, 10); // min below boundary → recorded
    expect(dailyGdd(30, 21.0, cap)).toBeCloseTo((30 + 21.0) / 2 - 12, 10);
  });

  it('min-temp-constant: max capped at 33; the recorded min always used', () => {
    expect(dailyGdd(33, 15, constant)).toBe(14);
    expect(dailyGdd(33.5, 15, constant)).toBe(14);
    expect(dailyGdd(30, 2, constant)).toBe(6);
    expect(dailyGdd(30, -12, constant)).toBe(0);
  });

  it('usa min-temp-cap and min-temp-constant use their Fahrenheit defaults', () => {
    expect(dailyGdd(100, 80, resolveGddParameters('min-temp-cap', 'usa'))).toBeCloseTo((95 + 70) / 2 - 53.6, 10);
    expect(dailyGdd(100, 60, resolveGddParameters('min-temp-constant', 'usa'))).toBeCloseTo((91.4 + 60) / 2 - 50, 10);
  });
});

describe('unit systems', () => {
  it('celsiusDailyGdd computes with °F under usa', () => {
    const usa = celsiusDailyGdd(resolveGddParameters('standard', 'usa'));
    // 30 °C / 20 °C = 86 °F / 68 °F → 77 − 50 = 27 °F-days (= 15 °C-days × 1.8)
    expect(usa(30, 20)).toBeCloseTo(27, 10);
    expect(celsiusDailyGdd(resolveGddParameters('standard', 'metric'))(30, 20)).toBe(15);
  });
});

describe('never negative', () => {
  it('holds for every method, unit system and temperature pair', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GDD_METHODS),
        fc.constantFrom('metric' as const, 'usa' as const),
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (method, units, a, b) => {
          const gdd = dailyGdd(Math.max(a, b), Math.min(a, b), resolveGddParameters(method, units));
          return gdd >= 0 && Number.isFinite(gdd);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a cold day contributes 0', () => {
    for (const m of GDD_METHODS) expect(dailyGdd(5, -5, resolveGddParameters(m, 'metric'))).toBe(0);
  });
});

describe("the growth-stage models' parameters (°C, as the original service published them)", () => {
  // Each source defines its GDD in °F; the worked °F examples below follow the source's rule by
  // hand, and the model's metric parameters (copied from the original service's tables) must give
  // the same degree-days / 1.8. The metric values are rounded °F conversions (21.11 °C for 70 °F,
  // 15.56 °C for 60 °F), so agreement is to 0.01 °C-days.
  const model = (method: GddMethod, baseTemp: number, maxBoundary: number | null, minBoundary: number | null): GddParameters => ({
    method,
    unitSystem: 'metric',
    baseTemp,
    maxBoundary,
    minBoundary,
  });
  const celsius = (fahrenheit: number) => (fahrenheit - 32) / 1.8;
  const sameAs = (gddCelsius: number, gddFahrenheit: number) => expect(Math.abs(gddCelsius - gddFahrenheit / 1.8)).toBeLessThan(0.01);

  it.each([
    // [model, parameters, high °F, low °F, °F-days by the source's rule]
    ['WheatGenericNDAWN / BarleyGenericNDAWN: 32 °F floor, 70 °F cap', model('modifiedstandard', 0, 21.11, 0), 80, 40, (70 + 40) / 2 - 32],
    ['WheatGenericNDAWN: a frost night is held at 32 °F', model('modifiedstandard', 0, 21.11, 0), 60, 20, (60 + 32) / 2 - 32],
    ['Corn*ISUAbendroth: 86/50 °F (ISU Agron 541: 70/50 → 10)', model('modifiedstandard', 10, 30, 10), 70, 50, 10],
    ['Corn*ISUAbendroth: 86/50 °F (Waushara Argus 2018, day 1: 90/65 → 25.5)', model('modifiedstandard', 10, 30, 10), 90, 65, 25.5],
    ['Sorghum*TexasAM: 100/50 °F', model('modifiedstandard', 10, 37.78, 10), 105, 45, (100 + 50) / 2 - 50],
    ['SugarbeetGenericNDAWN: 34 °F floor, 86 °F cap', model('modifiedstandard', 1.11, 30, 1.11), 90, 30, (86 + 34) / 2 - 34],
    ['SunflowerGenericNDAWN: 44 °F floor, no cap', model('modifiedstandard', 6.67, null, 6.67), 95, 40, (95 + 44) / 2 - 44],
    ['Cotton*: DD60, no boundaries', model('standard', 15.56, null, null), 95, 70, (95 + 70) / 2 - 60],
  ])('%s', (_label, parameters, highF, lowF, fahrenheitDays) => {
    sameAs(dailyGdd(celsius(highF), celsius(lowF), parameters), fahrenheitDays);
  });

  it('KALRO models: the standard method leaves a low below the lower boundary as it is', () => {
    // MaizeKALRO: standard, base 10 °C, lower boundary 10 °C (the base): 20/2 → 11 − 10 = 1, not (20 + 10)/2 − 10 = 5.
    expect(dailyGdd(20, 2, model('standard', 10, null, 10))).toBe(1);
    // PotatoKALRO: base 4.5 °C: 12/−3 → 4.5 − 4.5 = 0.
    expect(dailyGdd(12, -3, model('standard', 4.5, null, 4.5))).toBe(0);
  });
});
