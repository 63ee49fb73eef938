/**
 * Load generator, run as its own process: keeps `connections` keep-alive connections busy for
 * `seconds` against one URL and prints requests/s, p50, p99 and error count as JSON; the first
 * few failed requests are named on stderr. Requests go through `raw-client.ts`, which costs the
 * generator far less CPU than `http.request` (the generator shares the machine with the server).
 * With `distinct`, every URL of `urls` is requested at most once (warm-up included): the run ends
 * early when they are used up, and `exhausted` says so.
 * Usage: tsx bench/http/load.ts @options.json, or tsx bench/http/load.ts '{"url":"http://127.0.0.1:1234/x","headers":{},"connections":16,"seconds":5}'
 */
import fs from 'node:fs';
import http from 'node:http';
import { RawConnection } from './raw-client.js';
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
  /**
   * Warm up with exactly the first `warmupRequests` URLs instead of for `warmupSeconds`: runs that
   * must start recording from the same state (the mixed workload's two runs) then do, whatever
   * their speed in the warm-up.
   */
  warmupRequests?: number;
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

/** What a benchmark connection does: one request at a time on one keep-alive socket. */
type Connection = Pick<RawConnection, 'request' | 'close'>;

/**
 * The same through Node's `http.request`, as the benchmarks loaded before `raw-client.ts`
 * (`BENCH_CLIENT=node-http`): about 50 µs of generator CPU per request, so a fast server's figures
 * are bound by the generator. Kept to compare figures with those measured that way.
 */
function nodeHttpConnection(host: string, port: number): Connection {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    request: ({ method, path, headers, body }) =>
      new Promise((resolve) => {
        const request = http.request({ agent, hostname: host, port, path, method, headers }, (response) => {
          let bodyBytes = 0;
          response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, bodyBytes }));
        });
        request.on('error', () => resolve({ status: 0, bodyBytes: 0 }));
        if (body !== undefined) request.write(body);
        request.end();
      }),
    close: () => agent.destroy(),
  };
}

const connect = (host: string, port: number): Connection =>
  process.env.BENCH_CLIENT === 'node-http' ? nodeHttpConnection(host, port) : new RawConnection(host, port);

// Every URL names the same server: one keep-alive socket per connection, each with one request in flight.
const connections = Array.from({ length: options.connections }, () => connect(targets[0]!.hostname, Number(targets[0]!.port)));

/** The first few failed requests are named on stderr (status and path), so an error count can be explained. */
const NAMED_FAILURES = 3;
let failuresNamed = 0;
function nameFailure(status: number, url: URL): void {
  if (failuresNamed++ < NAMED_FAILURES) process.stderr.write(`  load: ${status === 0 ? 'connection error' : `HTTP ${status}`} for ${url.pathname}${url.search}\n`);
}

/** One request on `connection`: the next URL in turn (undefined when a distinct run has used them all). */
async function once(connection: Connection): Promise<{ status: number; ms: number } | undefined> {
  const started = process.hrtime.bigint();
  if (options.distinct && turn >= targets.length) {
    exhausted = true;
    return undefined;
  }
  const url = targets[turn++ % targets.length]!;
  const { status } = await connection.request({ method: options.method ?? 'GET', path: url.pathname + url.search, headers: options.headers, body: options.body });
  if (status < 200 || status >= 300) nameFailure(status, url);
  return { status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

/** Requests for `seconds`, or (with `untilTurn`) until the URLs before that turn are all asked. */
async function phase(seconds: number, record: boolean, untilTurn = Infinity) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const startedAt = process.hrtime.bigint();
  await Promise.all(
    connections.map(async (connection) => {
      while (Date.now() < deadline && turn < untilTurn) {
        const answer = await once(connection);
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
  const connection = connect(url.hostname, Number(url.port));
  const latencies: number[] = [];
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    const started = process.hrtime.bigint();
    await connection.request({ method: 'GET', path: url.pathname + url.search });
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    await new Promise((resolve) => setTimeout(resolve, target.intervalMs));
  }
  connection.close();
  return latencies;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Longest a warm-up by request count may take. */
const WARMUP_REQUESTS_TIMEOUT_SECONDS = 300;

if (options.warmupRequests !== undefined) await phase(WARMUP_REQUESTS_TIMEOUT_SECONDS, false, options.warmupRequests);
else await phase(options.warmupSeconds ?? 1, false);
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
for (const connection of connections) connection.close();
