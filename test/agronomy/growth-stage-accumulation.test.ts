import { describe, expect, it } from 'vitest';
import { accumulateModelGdd, type ModelGddRule } from '../../src/agronomy/growth-stage-accumulation.js';

const fahrenheit = (f: number) => ((f - 32) * 5) / 9;
/** A day given in °F (the models' unit), stored in °C as the weather sources give it. */
const dayF = (date: string, tmaxF: number | null, tminF: number | null) => ({
  date,
  tmax: tmaxF === null ? null : fahrenheit(tmaxF),
  tmin: tminF === null ? null : fahrenheit(tminF),
});

describe('GDD accumulation of a growth-stage model (the models endpoint\'s)', () => {
  // NDAWN wheat: modified standard, base 32 °F, upper 95 °F, 70 °F until 395 GDD (Haun 2.0)
  const wheat: ModelGddRule = { method: 'modifiedstandard', unit: 'F', baseTemp: 32, minBoundary: 32, maxBoundary: 95, earlyMaxBoundary: { boundary: 70, untilAccumulatedGdd: 395 } };

  it('accumulates in the model\'s own unit with its boundaries, the early upper boundary first', () => {
    const days = [dayF('2024-05-01', 80, 50), dayF('2024-05-02', 100, 60)];
    const out = accumulateModelGdd({ gdd: wheat }, days);
    // day 1: early phase, max 80 → 70: (70 + 50)/2 − 32 = 28; day 2: still early (28 < 395): (70 + 60)/2 − 32 = 33
    expect(out.map((d) => d.accumulatedGdd)).toEqual([28, 61]);
  });

  it('switches to the regular upper boundary once the limit is reached', () => {
    const late = accumulateModelGdd({ gdd: { ...wheat, earlyMaxBoundary: { boundary: 70, untilAccumulatedGdd: 20 } } }, [dayF('2024-05-01', 80, 50), dayF('2024-05-02', 100, 60)]);
    // day 2: 28 ≥ 20, so max 100 → 95: (95 + 60)/2 − 32 = 45.5
    expect(late.map((d) => d.accumulatedGdd)).toEqual([28, 73.5]);
  });

  it('a day without temperatures adds nothing', () => {
    const out = accumulateModelGdd({ gdd: { ...wheat, earlyMaxBoundary: undefined } }, [dayF('2024-05-01', 80, 50), dayF('2024-05-02', null, null)]);
    expect(out.map((d) => d.accumulatedGdd)).toEqual([33, 33]);
  });
});
