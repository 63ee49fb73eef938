import { describe, expect, it } from 'vitest';
import { accumulateModelGdd, type ModelGddRule } from '../../src/agronomy/growth-stage-accumulation.js';

const day = (date: string, tmax: number | null, tmin: number | null) => ({ date, tmax, tmin });

describe('GDD accumulation of a growth-stage model (the models endpoint\'s)', () => {
  // A modified-standard model in °C: base 10, boundaries 10 and 30 (the corn rule in °C).
  const corn: ModelGddRule = { gddMethod: 'modifiedstandard', gddBaseTemp: 10, gddMinBoundary: 10, gddMaxBoundary: 30 };

  it('accumulates with the model\'s method, base and boundaries', () => {
    const out = accumulateModelGdd(corn, [day('2024-05-01', 34, 8), day('2024-05-02', 24, 14)]);
    // day 1: max 34 → 30, min 8 → 10: (30 + 10)/2 − 10 = 10; day 2: (24 + 14)/2 − 10 = 9
    expect(out).toEqual([
      { date: '2024-05-01', accumulatedGdd: 10 },
      { date: '2024-05-02', accumulatedGdd: 19 },
    ]);
  });

  it('the standard method ignores the boundaries', () => {
    const out = accumulateModelGdd({ ...corn, gddMethod: 'standard' }, [day('2024-05-01', 34, 8)]);
    // (34 + 8)/2 − 10 = 11
    expect(out.map((d) => d.accumulatedGdd)).toEqual([11]);
  });

  it('a day without temperatures adds nothing, and a cold day adds zero, not less', () => {
    const out = accumulateModelGdd(corn, [day('2024-05-01', 24, 14), day('2024-05-02', null, null), day('2024-05-03', 4, -6)]);
    expect(out.map((d) => d.accumulatedGdd)).toEqual([9, 9, 9]);
  });
});
