/**
 * Prometheus metrics, one registry per app (never the library's global one): requests by route,
 * method and status, their latency, answers by weather source, and the batch job queue.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { AnswerCacheStats } from './answer-cache.js';
import { DATA_SOURCE_HEADER } from './data-source.js';
import { LatencyHistogram, RequestCounts } from './request-tallies.js';

export interface MetricsOptions {
  /** Jobs waiting and running, read when metrics are scraped. */
  queueDepth?: () => Promise<{ queued: number; running: number }>;
  /** Node.js process metrics (CPU, memory, event loop). */
  processMetrics?: boolean;
  /** Answers kept ready: hits, misses, bytes held. */
  answerCache?: () => AnswerCacheStats;
}

export function installMetrics(app: FastifyInstance, options: MetricsOptions = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'agwx_' });
  // Counted in plain maps per request, handed to the registry when scraped (request-tallies.ts).
  const requestCounts = new RequestCounts(['route', 'method', 'status'] as const);
  const answerCounts = new RequestCounts(['source'] as const);
  new Counter({
    name: 'agwx_http_requests_total',
    help: 'HTTP requests answered, by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      requestCounts.flushInto(this);
    },
  });
  const latency = new LatencyHistogram(
    'agwx_http_request_duration_seconds',
    'Time to answer an HTTP request, by route and method',
    ['route', 'method'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  latency.register(registry);
  new Counter({
    name: 'agwx_weather_answers_total',
    help: 'Weather and agronomic answers by the source that supplied the numbers (X-Data-Source)',
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      answerCounts.flushInto(this);
    },
  });
  if (options.queueDepth) {
    const depth = options.queueDepth;
    new Gauge({
      name: 'agwx_job_queue_depth',
      help: 'Batch jobs waiting (queued) and being run (running)',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const { queued, running } = await depth();
        this.set({ state: 'queued' }, queued);
        this.set({ state: 'running' }, running);
      },
    });
  }
  if (options.answerCache) {
    const stats = options.answerCache;
    new Gauge({
      name: 'agwx_answer_cache',
      help: 'Answers kept ready: hits and misses since start (counts), entries and bytes held',
      labelNames: ['measure'] as const,
      registers: [registry],
      collect() {
        const now = stats();
        this.set({ measure: 'hits' }, now.hits);
        this.set({ measure: 'misses' }, now.misses);
        this.set({ measure: 'entries' }, now.entries);
        this.set({ measure: 'bytes' }, now.bytes);
      },
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL: bounded label values.
    const route = request.routeOptions.url ?? 'unmatched';
    requestCounts.add(route, request.method, String(reply.statusCode));
    latency.observe(reply.elapsedTime / 1000, route, request.method);
    const source = reply.getHeader(DATA_SOURCE_HEADER);
    if (typeof source === 'string') for (const name of source.split(',')) answerCounts.add(name.trim());
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
