import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { LatencyHistogram, RequestCounts } from '../../src/http/request-tallies.js';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Bounds themselves (a bucket's upper bound is inclusive), values between, above every bound, 0.
const OBSERVATIONS: [number, string, string][] = [
  [0.0004, '/v2/fields', 'GET'],
  [0.001, '/v2/fields', 'GET'],
  [0.0011, '/v2/fields', 'GET'],
  [0.3, '/v2/fields/:fieldId', 'GET'],
  [10, '/v2/fields/:fieldId', 'PUT'],
  [12.5, '/v2/fields/:fieldId', 'PUT'],
  [0, 'unmatched', 'GET'],
  [0.05, '/v2/fields', 'GET'],
];

describe('request tallies', () => {
  it('print the latency histogram exactly as prom-client prints its own Histogram of the same observations', async () => {
    const reference = new Registry();
    const histogram = new Histogram({ name: 'h_seconds', help: 'help text', labelNames: ['route', 'method'], buckets: BOUNDS, registers: [reference] });
    const ours = new Registry();
    const tallies = new LatencyHistogram('h_seconds', 'help text', ['route', 'method'], BOUNDS);
    tallies.register(ours);
    for (const [seconds, route, method] of OBSERVATIONS) {
      histogram.observe({ route, method }, seconds);
      tallies.observe(seconds, route, method);
    }
    const printed = await ours.metrics();
    expect(printed).toBe(await reference.metrics());
    expect(printed).toContain('h_seconds_bucket{le="0.001",route="/v2/fields",method="GET"} 2');
    expect(printed).toContain('h_seconds_bucket{le="+Inf",route="/v2/fields/:fieldId",method="PUT"} 2');
  });

  it('hand the counts to a Counter at each scrape, without counting anything twice', async () => {
    const reference = new Registry();
    const direct = new Counter({ name: 'c_total', help: 'help text', labelNames: ['route', 'status'], registers: [reference] });
    const ours = new Registry();
    const counts = new RequestCounts(['route', 'status'] as const);
    new Counter({
      name: 'c_total',
      help: 'help text',
      labelNames: ['route', 'status'],
      registers: [ours],
      collect() {
        counts.flushInto(this);
      },
    });
    const count = (route: string, status: string) => {
      direct.inc({ route, status });
      counts.add(route, status);
    };
    count('/a', '200');
    count('/a', '200');
    count('/b', '404');
    expect(await ours.metrics()).toBe(await reference.metrics());
    // A second scrape with nothing new, then more counts (one label set new).
    expect(await ours.metrics()).toBe(await reference.metrics());
    count('/a', '200');
    count('/c', '500');
    const printed = await ours.metrics();
    expect(printed).toBe(await reference.metrics());
    expect(printed).toContain('c_total{route="/a",status="200"} 3');
  });
});
