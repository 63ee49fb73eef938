/**
 * Per-request counts for the Prometheus metrics, kept in plain maps on the hot path and handed
 * to the registry when `/metrics` is scraped: prom-client hashes a labels object on every `inc`
 * and `observe`, which costs a noticeable share of the lightest requests.
 *
 * - `RequestCounts`: counts by a fixed tuple of label values, flushed into a prom-client
 *   `Counter` (its `collect`) as deltas.
 * - `LatencyHistogram`: a histogram with fixed buckets that prom-client's registry reads like
 *   its own (`get()` in the shape of `Histogram.get()`).
 */
import type { Counter, Registry } from 'prom-client';

/** One entry per tuple of label values (given in `labelNames` order), made with its labels object the first time. */
class ByLabelValues<T> {
  readonly #entries = new Map<string, T>();

  constructor(
    private readonly labelNames: readonly string[],
    private readonly make: (labels: Record<string, string>) => T,
  ) {}

  entry(values: readonly string[]): T {
    const key = values.join('\u0000');
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((name, i) => (labels[name] = values[i]!));
      entry = this.make(labels);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  values(): IterableIterator<T> {
    return this.#entries.values();
  }
}

/** Counts per label tuple; `flushInto` adds what was counted since the last flush to a Counter. */
export class RequestCounts<Names extends string> {
  readonly #counts: ByLabelValues<{ labels: Record<Names, string>; pending: number }>;

  constructor(labelNames: readonly Names[]) {
    this.#counts = new ByLabelValues(labelNames, (labels) => ({ labels: labels as Record<Names, string>, pending: 0 }));
  }

  /** One more for these label values (in `labelNames` order). */
  add(...values: string[]): void {
    this.#counts.entry(values).pending++;
  }

  flushInto(counter: Counter<Names>): void {
    for (const entry of this.#counts.values()) {
      if (entry.pending === 0) continue;
      counter.inc(entry.labels, entry.pending);
      entry.pending = 0;
    }
  }
}

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket (not cumulative); the last is above every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** A Prometheus histogram (seconds) by a fixed tuple of label values. */
export class LatencyHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series: ByLabelValues<Series>;

  constructor(
    readonly name: string,
    readonly help: string,
    labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {
    this.#series = new ByLabelValues(labelNames, (labels) => ({ labels, buckets: new Float64Array(bounds.length + 1), sum: 0, count: 0 }));
  }

  observe(seconds: number, ...values: string[]): void {
    const series = this.#series.entry(values);
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** What the registry prints: cumulative `_bucket` lines with `le` first, then `_sum` and `_count`. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const series of this.#series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.buckets[i]!;
        values.push({ labels: { le: bound, ...series.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** Registers it with `registry` (which reads `get()` at every scrape). */
  register(registry: Registry): void {
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }
}
