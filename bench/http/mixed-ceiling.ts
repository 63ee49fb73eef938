/**
 * What the machine allows the compute pool in the mixed workload, from the two runs' own figures:
 * the load generator runs on the same cores, so the service has what it leaves, and at the pool's
 * CPU time per request that bounds the pool's throughput whatever the threads do. Set beside the
 * measured ratio, it tells a pool that is slow from a machine that is full.
 */

/** A mixed run's throughput and what it cost. */
export interface MixedRunCost {
  /** Recorded requests per second. */
  rps: number;
  /** CPU time of all the service's threads per request, ms. */
  cpuMsPerRequest: number;
  /** The load generator's CPU over the run, cores. */
  generatorCores: number;
}

export interface MixedCeiling {
  /** Cores the load generator left the pooled service. */
  serviceCores: number;
  /** The most requests per second the pool could serve on them at its CPU time per request. */
  poolRps: number;
  /** That as a multiple of the single-threaded run's throughput. */
  poolRatio: number;
  /** CPU time per request at which the pool would reach `target` × the single-threaded throughput on those cores, ms. */
  cpuMsPerRequestForTarget: number;
}

/** What keeps the figures from bounding the pool (see `mixedCeiling`), or null when they can. */
function unboundedBy(cores: number, single: MixedRunCost, pooled: MixedRunCost): string | null {
  if (!(cores > 0)) return 'no CPU count is known';
  if (!(single.rps > 0)) return 'the single-threaded run answered no requests';
  if (!(pooled.cpuMsPerRequest > 0 && Number.isFinite(pooled.cpuMsPerRequest))) return 'the pooled run has no CPU time per request (it answered no requests, or its CPU was not read)';
  return null;
}

/** The ceiling of the pooled run (`pooled`) on a machine of `cores`, against `single` and a `target` ratio. */
export function mixedCeiling(cores: number, single: MixedRunCost, pooled: MixedRunCost, target: number): MixedCeiling {
  const unbounded = unboundedBy(cores, single, pooled) ?? (target > 0 ? null : 'the target is not positive');
  if (unbounded !== null) throw new RangeError(`mixedCeiling: ${unbounded}`);
  const serviceCores = Math.max(0, cores - pooled.generatorCores);
  const poolRps = (serviceCores * 1000) / pooled.cpuMsPerRequest;
  return {
    serviceCores,
    poolRps,
    poolRatio: poolRps / single.rps,
    cpuMsPerRequestForTarget: (serviceCores * 1000) / (target * single.rps),
  };
}

/**
 * The report's sentence on it. A run that failed (no requests answered) gets a sentence saying
 * so instead, so that the rest of the report is still printed.
 */
export function describeMixedCeiling(cores: number, single: MixedRunCost, pooled: MixedRunCost, target: number): string {
  const missing = unboundedBy(cores, single, pooled);
  if (missing !== null) return `Machine ceiling: not computed, ${missing}.`;
  const ceiling = mixedCeiling(cores, single, pooled, target);
  const ms = (value: number) => value.toFixed(2);
  return (
    `Machine ceiling: the load generator left the pooled service ${ceiling.serviceCores.toFixed(2)} of ${cores} cores; at its ${ms(pooled.cpuMsPerRequest)} ms of CPU per request ` +
    `the pool could serve at most ${ceiling.poolRps.toFixed(0)} req/s there (${ceiling.poolRatio.toFixed(2)}× single-threaded). ` +
    `${target}× would need at most ${ms(ceiling.cpuMsPerRequestForTarget)} ms of CPU per request; the single-threaded run spent ${ms(single.cpuMsPerRequest)} ms.`
  );
}
