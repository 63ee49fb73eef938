import { describe, it, expect } from 'vitest';
import { accumulate, accumulateFrom, accumulationTotals } from '../../src/agronomy/accumulation.js';

const days = [
  { date: '2024-05-01', gdd: 5, precipitation: 0, pet: 0 },
  { date: '2024-05-02', gdd: 7.5, precipitation: 12, pet: 3 },
  { date: '2024-05-03', gdd: 0, precipitation: 0, pet: 5 },
  { date: '2024-05-04', gdd: 10, precipitation: 4, pet: 4 },
];

describe('accumulate', () => {
  it('keeps running totals of gdd, precipitation and pet', () => {
    const out = accumulate(days);
    expect(out.map((d) => d.accumulatedGdd)).toEqual([5, 12.5, 12.5, 22.5]);
    expect(out.map((d) => d.accumulatedPrecipitation)).toEqual([0, 12, 12, 16]);
    expect(out.map((d) => d.accumulatedPet)).toEqual([0, 3, 8, 12]);
  });

  it('accumulated P/PET is accumulated precipitation / accumulated PET, null while PET total is 0', () => {
    const out = accumulate(days);
    expect(out.map((d) => d.accumulatedPpet)).toEqual([null, 4, 1.5, 16 / 12]);
  });

  it('treats missing daily values as adding nothing', () => {
    const out = accumulate([
      { date: '2024-05-01', gdd: null, precipitation: 2, pet: 1 },
      { date: '2024-05-02', gdd: 3, precipitation: null, pet: null },
    ]);
    expect(out[1]).toEqual({
      date: '2024-05-02',
      accumulatedGdd: 3,
      accumulatedPrecipitation: 2,
      accumulatedPet: 1,
      accumulatedPpet: 2,
    });
  });
});

describe('accumulateFrom', () => {
  it('returns only the requested days, with totals that include the earlier days', () => {
    const out = accumulateFrom(days, '2024-05-03');
    expect(out.map((d) => d.date)).toEqual(['2024-05-03', '2024-05-04']);
    expect(out[0]!.accumulatedGdd).toBe(12.5);
    expect(out[1]!.accumulatedPrecipitation).toBe(16);
  });
});

describe('accumulationTotals', () => {
  it('equals the last running values', () => {
    expect(accumulationTotals(days)).toEqual({
      accumulatedGdd: 22.5,
      accumulatedPrecipitation: 16,
      accumulatedPet: 12,
      accumulatedPpet: 16 / 12,
    });
  });

  it('is zeros with null P/PET for no days', () => {
    expect(accumulationTotals([])).toEqual({ accumulatedGdd: 0, accumulatedPrecipitation: 0, accumulatedPet: 0, accumulatedPpet: null });
  });
});
