import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ppet, rangePpet } from '../../src/agronomy/ppet.js';

describe('ppet', () => {
  it('divides precipitation by PET', () => {
    expect(ppet(10, 5)).toBe(2);
    expect(ppet(0, 4)).toBe(0);
    expect(ppet(2, 8)).toBe(0.25);
  });

  it('is null when PET is zero, negative or missing — never Infinity or NaN', () => {
    expect(ppet(5, 0)).toBeNull();
    expect(ppet(0, 0)).toBeNull();
    expect(ppet(5, -0.1)).toBeNull();
    expect(ppet(null, 3)).toBeNull();
    expect(ppet(3, null)).toBeNull();
    expect(ppet(Number.NaN, 3)).toBeNull();
    expect(JSON.stringify({ ppet: ppet(5, 0) })).toBe('{"ppet":null}');
  });

  it('is always a finite number or null', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }), (p, pet) => {
        const r = ppet(p, pet);
        if (r === null) return pet <= 0 || !Number.isFinite(p / pet);
        return Number.isFinite(r);
      }),
      { numRuns: 300 },
    );
  });
});

describe('rangePpet', () => {
  it('is total precipitation over total PET', () => {
    expect(rangePpet([{ precipitation: 10, pet: 4 }, { precipitation: 0, pet: 6 }])).toBe(1);
  });

  it('one zero-PET day does not make the range undefined', () => {
    expect(rangePpet([{ precipitation: 3, pet: 0 }, { precipitation: 1, pet: 2 }])).toBe(2);
  });

  it('is null for an empty range or zero total PET; missing days count as 0', () => {
    expect(rangePpet([])).toBeNull();
    expect(rangePpet([{ precipitation: 4, pet: 0 }])).toBeNull();
    expect(rangePpet([{ precipitation: null, pet: 2 }, { precipitation: 1, pet: null }])).toBe(0.5);
  });
});
