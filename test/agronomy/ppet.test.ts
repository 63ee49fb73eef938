import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ppet } from '../../src/agronomy/ppet.js';

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
