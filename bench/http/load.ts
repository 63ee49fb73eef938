/**
 * Load generator, run as its own process: keeps `connections` keep-alive connections busy for
 * `seconds` against one URL and prints requests/s, p50, p99 and error count as JSON; the first
 * few failed requests are named on stderr.
 * With `distinct`, every URL of `urls` is requested at most once (warm-up included): the run ends
 * early when they are used up, and `exhausted` says so.
 * Usage: tsx bench/http/load.ts @options.json, or tsx bench/http/load.ts '{"url":"http://127.0.0.1:1234/x","headers":{},"connections":16,"seconds":5}'
 */
import fs from 'node:fs';
import http from 'node:http';
import { RECORDING_MARK } from './recording-mark.js';

interface LoadOptions {
  url: string;
  /** Several URLs, requested in turn (a mixed workload); `url` is ignored when given. */
  urls?: string[];
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /** Never request a URL twice; stop when `urls` are used up. */
  distinct?: boolean;
  /**
   * A URL asked every `intervalMs` on a connection of its own while the load is recorded (e.g.
   * `/health`): how long a cheap request waits behind the load. Reported as `probe`.
   */
  probe?: { url: string; intervalMs: number };
}

const argument = process.argv[2]!;
const options = JSON.parse(argument.startsWith('@') ? fs.readFileSync(argument.slice(1), 'utf8') : argument) as LoadOptions;
const targets = (options.urls ?? [options.url]).map((u) => new URL(u));
let turn = 0;
let exhausted = false;
const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });

/** The first few failed requests are named on stderr (status and path), so an error count can be explained. */
const NAMED_FAILURES = 3;
let failuresNamed = 0;
function nameFailure(status: number, url: URL): void {
  if (failuresNamed++ < NAMED_FAILURES) process.stderr.write(`  load: ${status === 0 ? 'connection error' : `HTTP ${status}`} for ${url.pathname}${url.search}\n`);
}

function once(): Promise<{ status: number; ms: number } | undefined> {
  const started = process.hrtime.bigint();
  if (options.distinct && turn >= targets.length) {
    exhausted = true;
    return Promise.resolve(undefined);
  }
  const url = targets[turn++ % targets.length]!;
  return new Promise((resolve) => {
    const request = http.request(
      { agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) nameFailure(status, url);
          resolve({ status, ms: Number(process.hrtime.bigint() - started) / 1e6 });
        });
      },
    );
    request.on('error', () => {
      nameFailure(0, url);
      resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    if (options.body) request.write(options.body);
    request.end();
  });
}

async function phase(seconds: number, record: boolean) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const startedAt = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const answer = await once();
        if (!answer) break;
        const { status, ms } = answer;
        if (!record) continue;
        latencies.push(ms);
        if (status < 200 || status >= 300) errors++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - startedAt) / 1e9;
  return { latencies, errors, elapsed };
}

/** Asks the probe URL every interval until `done` resolves; its latencies, ms. */
async function probe(target: { url: string; intervalMs: number }, done: Promise<unknown>): Promise<number[]> {
  const url = new URL(target.url);
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    const started = process.hrtime.bigint();
    await new Promise<void>((resolve) => {
      const request = http.request({ agent: probeAgent, hostname: url.hostname, port: url.port, path: url.pathname + url.search }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve());
      });
      request.on('error', () => resolve());
      request.end();
    });
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    await new Promise((resolve) => setTimeout(resolve, target.intervalMs));
  }
  probeAgent.destroy();
  return latencies;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

await phase(options.warmupSeconds ?? 1, false);
process.stderr.write(`${RECORDING_MARK}\n`);
// The generator's own CPU over the recorded requests (it shares the machine's cores with the service).
const cpuAtStart = process.cpuUsage();
const recorded = phase(options.seconds, true);
const probed = options.probe ? probe(options.probe, recorded) : undefined;
const { latencies, errors, elapsed } = await recorded;
const cpu = process.cpuUsage(cpuAtStart);
latencies.sort((a, b) => a - b);
const probeLatencies = probed ? (await probed).sort((a, b) => a - b) : undefined;
process.stdout.write(
  `${JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    exhausted,
    generatorCores: (cpu.user + cpu.system) / 1e6 / elapsed,
    ...(probeLatencies ? { probe: { count: probeLatencies.length, p50: percentile(probeLatencies, 50), p99: percentile(probeLatencies, 99), max: probeLatencies.at(-1) ?? 0 } } : {}),
  })}\n`,
);
agent.destroy();
