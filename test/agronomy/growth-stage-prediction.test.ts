/**
 * Predicted stage dates on a short known series, every expectation worked out by hand below.
 */
import { describe, expect, it } from 'vitest';
import { predictStageDates } from '../../src/agronomy/growth-stage-prediction.js';

// 100 °C-days accumulated through yesterday (2024-06-14).
// Forecast: 06-15 +10 → 110, 06-16 +12 → 122, 06-17 missing → 122, 06-18 +8 → 130.
const FORECAST = [
  { date: '2024-06-15', gdd: 10 },
  { date: '2024-06-16', gdd: 12 },
  { date: '2024-06-17', gdd: null },
  { date: '2024-06-18', gdd: 8 },
];
// Norms from 06-19: mean 5 a day; spread of the running total 2, 4, 6, 8, 10, (none: keeps 10), 12, 12, 12, 12.
//   date     19   20   21   22   23   24   25   26   27   28
//   central 135  140  145  150  155  160  165  170  175  180
//   early   137  144  151  158  165  170  177  182  187  192
//   late    133  136  139  142  145  150  153  158  163  168
const SPREADS = [2, 4, 6, 8, 10, null, 12, 12, 12, 12];
const NORMS = SPREADS.map((spread, i) => ({ date: `2024-06-${19 + i}`, gddMean: 5, accumulatedGddStdDev: spread }));

describe('predictStageDates', () => {
  it('accumulates the forecast, then the norm means, with the running total’s spread for the range', () => {
    const [at180, at130, at155, at300] = predictStageDates(100, [180, 130, 155, 300], FORECAST, NORMS);
    // 130 is met exactly on the last forecast day; the forecast has no range.
    expect(at130).toEqual({ predictedDate: '2024-06-18', predictedDateEarly: '2024-06-18', predictedDateLate: '2024-06-18', predictionBasis: 'forecast' });
    // 155: central 06-23 (155), early 06-22 (158), late 06-26 (158).
    expect(at155).toEqual({ predictedDate: '2024-06-23', predictedDateEarly: '2024-06-22', predictedDateLate: '2024-06-26', predictionBasis: 'norms' });
    // 180: central 06-28, early 06-26 (182), late not within the days (168 at most).
    expect(at180).toEqual({ predictedDate: '2024-06-28', predictedDateEarly: '2024-06-26', predictedDateLate: null, predictionBasis: 'norms' });
    // 300 is beyond every path.
    expect(at300).toEqual({ predictedDate: null, predictedDateEarly: null, predictedDateLate: null, predictionBasis: null });
  });

  it('starts on the norms when there is no forecast; a day without norms adds nothing', () => {
    // central 0, 3, 6; spread 0 (none yet), 0, 1 → early 0, 3, 7; late 0, 3, 5.
    const norms = [
      { date: '2025-02-27', gddMean: null, accumulatedGddStdDev: null },
      { date: '2025-02-28', gddMean: 3, accumulatedGddStdDev: null },
      { date: '2025-03-01', gddMean: 3, accumulatedGddStdDev: 1 },
    ];
    expect(predictStageDates(0, [3, 6], [], norms)).toEqual([
      { predictedDate: '2025-02-28', predictedDateEarly: '2025-02-28', predictedDateLate: '2025-02-28', predictionBasis: 'norms' },
      { predictedDate: '2025-03-01', predictedDateEarly: '2025-03-01', predictedDateLate: null, predictionBasis: 'norms' },
    ]);
  });

  it('meets a threshold reached by sums that are not exact in binary floating point', () => {
    // 0.1 + 0.2 is 0.30000000000000004 and ten 0.1 days are 0.9999999999999999 unrounded.
    const tenths = Array.from({ length: 10 }, (_, i) => ({ date: `2024-07-${String(i + 1).padStart(2, '0')}`, gdd: 0.1 }));
    expect(predictStageDates(0, [1], tenths, [])[0]!.predictedDate).toBe('2024-07-10');
  });

  it('predicts nothing without days', () => {
    expect(predictStageDates(50, [60], [], [])).toEqual([{ predictedDate: null, predictedDateEarly: null, predictedDateLate: null, predictionBasis: null }]);
  });
});
