/** The mixed workload's machine ceiling: what the cores the load generator leaves allow the pool. */
import { describe, expect, it } from 'vitest';
import { describeMixedCeiling, mixedCeiling } from '../../bench/http/mixed-ceiling.js';

describe('mixed workload ceiling', () => {
  it('bounds the pool by the cores the generator leaves and its CPU per request', () => {
    // 2 cores, the generator on 0.2 of them: 1.8 cores at 1.5 ms a request is 1,200 req/s.
    const ceiling = mixedCeiling(2, { rps: 900, cpuMsPerRequest: 1.2, generatorCores: 0.15 }, { rps: 1000, cpuMsPerRequest: 1.5, generatorCores: 0.2 }, 1.6);
    expect(ceiling.serviceCores).toBeCloseTo(1.8, 10);
    expect(ceiling.poolRps).toBeCloseTo(1200, 9);
    expect(ceiling.poolRatio).toBeCloseTo(1200 / 900, 10);
    // 1.6 × 900 = 1,440 req/s on 1.8 cores: 1.25 ms a request.
    expect(ceiling.cpuMsPerRequestForTarget).toBeCloseTo(1.25, 10);
  });

  it('gives the CPU per request the target needs beside what the single-threaded run spent', () => {
    const full = describeMixedCeiling(2, { rps: 900, cpuMsPerRequest: 1.3, generatorCores: 0.15 }, { rps: 1000, cpuMsPerRequest: 1.6, generatorCores: 0.2 }, 1.6);
    expect(full).toContain('at its 1.60 ms of CPU per request the pool could serve at most 1125 req/s there (1.25× single-threaded)');
    expect(full).toContain('1.6× would need at most 1.25 ms of CPU per request; the single-threaded run spent 1.30 ms.');
    const roomy = describeMixedCeiling(8, { rps: 900, cpuMsPerRequest: 1.3, generatorCores: 0.15 }, { rps: 1400, cpuMsPerRequest: 1.6, generatorCores: 0.2 }, 1.6);
    expect(roomy).toContain('1.6× would need at most 5.42 ms of CPU per request; the single-threaded run spent 1.30 ms.');
    expect(roomy).toContain('at most 4875 req/s');
  });

  it('reports a failed run instead of ending the report', () => {
    const single = { rps: 900, cpuMsPerRequest: 1.3, generatorCores: 0.15 };
    expect(describeMixedCeiling(2, single, { rps: 0, cpuMsPerRequest: Number.NaN, generatorCores: 0.2 }, 1.6)).toBe(
      'Machine ceiling: not computed, the pooled run has no CPU time per request (it answered no requests, or its CPU was not read).',
    );
    expect(describeMixedCeiling(2, { ...single, rps: 0 }, { rps: 1000, cpuMsPerRequest: 1.6, generatorCores: 0.2 }, 1.6)).toBe(
      'Machine ceiling: not computed, the single-threaded run answered no requests.',
    );
    // No requests recorded: the CPU over them divided by none.
    expect(describeMixedCeiling(2, single, { rps: 0, cpuMsPerRequest: Number.POSITIVE_INFINITY, generatorCores: 0.2 }, 1.6)).toContain('not computed, the pooled run');
  });

  it('refuses figures it cannot bound', () => {
    expect(() => mixedCeiling(2, { rps: 0, cpuMsPerRequest: 1, generatorCores: 0 }, { rps: 1, cpuMsPerRequest: 1, generatorCores: 0 }, 1.6)).toThrow(RangeError);
    expect(() => mixedCeiling(2, { rps: 1, cpuMsPerRequest: 1, generatorCores: 0 }, { rps: 1, cpuMsPerRequest: 0, generatorCores: 0 }, 1.6)).toThrow(RangeError);
  });
});
