/** Starting and stopping the processes a benchmark run needs. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const run = promisify(execFile);

export interface Started {
  child: ChildProcess;
  port: number;
  /** The server's own process (a bare server runs under tsx, which starts it as a child process). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a bare server script of bench/http (it prints `{"port": …}` as its first line) with
 * `args`, and waits for its port.
 */
export function startBareServer(script: string, ...args: string[]): Promise<Started> {
  const child = spawn(TSX, [path.join(ROOT, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => {
      const { port, pid } = JSON.parse(chunk.toString()) as { port: number; pid: number };
      resolve({ child, port, pid, stop: () => stop(child) });
    });
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}`)));
  });
}

/** Starts the baseline server and waits for its port. */
export const startBaseline = (): Promise<Started> => startBareServer('bench/http/baseline-server.ts');

/** The module preloaded into a service started with `{ ipc: true }`: its event-loop report over IPC. */
export const EVENT_LOOP_REPORT = pathToFileURL(path.join(ROOT, 'bench/http/event-loop-report.mjs')).href;

/**
 * Starts the built service (dist/) on `port` with `env`, and waits until it answers.
 * `BENCH_SERVICE_NODE_ARGS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to the service's
 * Node.js only, to profile it under the benchmark's load. With `{ ipc: true }` the service has an
 * IPC channel and the event-loop report preloaded (`eventLoopDelay`).
 */
export async function startService(port: number, env: Record<string, string>, options: { ipc?: boolean } = {}): Promise<Started> {
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (options.ipc) nodeArgs.push('--import', EVENT_LOOP_REPORT);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist/cli/main.js'), 'serve', '--no-dev-key'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: options.ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      if (response.ok) return { child, port, pid: child.pid!, stop: () => stop(child) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('service did not start');
}

export interface EventLoopDelay {
  max: number;
  p99: number;
  mean: number;
  /** CPU time of all the service's threads over the same time, and that time (ms). */
  cpuMs: number;
  /** Time the service's event loop spent running code over the same time (ms). */
  loopBusyMs: number;
  elapsedMs: number;
}

/**
 * The service's event-loop delay (ms) since the previous call: asks a service started with
 * `{ ipc: true }` (the report preloaded from event-loop-report.mjs) over the IPC channel.
 */
export function eventLoopDelay(service: Started): Promise<EventLoopDelay> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event-loop report from the service')), 5000);
    service.child.once('message', (message: { eventLoopDelay: EventLoopDelay }) => {
      clearTimeout(timer);
      resolve(message.eventLoopDelay);
    });
    service.child.send('event-loop-delay');
  });
}

/** Runs the CLI of the built service once (e.g. to create a key). */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), ...args], { env: { ...process.env, ...env } });
  return stdout;
}

/** Asks the service for a token with the key's credentials: the headers of a signed-in request. */
export async function bearerHeaders(baseUrl: string, key: string, secret: string): Promise<{ authorization: string }> {
  const answer = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** A distinct run used up its URLs before the time was over. */
  exhausted?: boolean;
  /** The load generator's own CPU over the run, in cores (CPU seconds per second). */
  generatorCores: number;
  /** CPU time of the server process (`serverPid`, all its threads) over the recorded requests, ms. */
  serverCpuMs?: number;
  /** Latencies of the probe URL asked while the load ran, ms. */
  probe?: { count: number; p50: number; p99: number; max: number };
}

/** The load generator, for the reports. */
export const loadClientName = (): string => 'wrk (one thread; bench/http/wrk-load.lua)';

/** One wrk run's own report (wrk-load.lua's `done`). */
interface WrkReport {
  responses: number;
  durationUs: number;
  errors: number;
  p50Us: number;
  p99Us: number;
  asked: number;
  exhausted: boolean;
  /** wrk's CPU time, seconds. */
  cpuSeconds: number;
}

const WRK_SCRIPT = path.join(ROOT, 'bench/http/wrk-load.lua');

/** Runs wrk once over lines `first`…`last` of `pathsFile` (1-based), each once unless `cycle`. */
async function wrk(origin: string, pathsFile: string, settings: { connections: number; seconds: number; first: number; last: number; cycle: boolean; method?: string; headers?: Record<string, string>; body?: string }): Promise<WrkReport> {
  const args = [
    '-t1', `-c${settings.connections}`, `-d${Math.max(1, Math.round(settings.seconds))}s`, // wrk takes whole seconds
    '--timeout', '60s', '-s', WRK_SCRIPT, origin, '--',
    pathsFile, `connections=${settings.connections}`, `first=${settings.first}`, `last=${settings.last}`, `cycle=${settings.cycle ? 1 : 0}`,
    ...(settings.method ? [`method=${settings.method}`] : []),
    ...(settings.body !== undefined ? [`body=${settings.body}`] : []),
    ...Object.entries(settings.headers ?? {}).map(([name, value]) => `header=${name}: ${value}`),
  ];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  let ending: NodeJS.Timeout | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    // All paths asked: wrk's thread has stopped, but wrk sleeps out its duration unless interrupted
    // (again until it ends: a signal taken by the stopping thread is lost).
    if (!ending && stdout.includes('\nexhausted\n')) ending = setInterval(() => child.kill('SIGINT'), 20);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new Error('the benchmarks drive load with wrk: install it (apt-get install wrk)') : error));
    child.once('close', resolve);
  }).finally(() => clearInterval(ending));
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${stdout.slice(0, 2000)}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as WrkReport;
}

/** CPU time of process `pid`, all its threads (utime + stime of /proc/<pid>/stat), ms. */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** Linux's clock ticks per second (`getconf CLK_TCK`): 100 on every supported kernel. */
const CLOCK_TICKS = 100;

/**
 * Drives load with wrk (one thread, `connections` keep-alive connections): `urls` in turn (or
 * `url` alone), each at most once with `distinct` (the run ends early when they are used up, and
 * `exhausted` says so). A warm-up first, unrecorded: `warmupRequests` URLs exactly, or
 * `warmupSeconds` of load (default 1). With `serverPid`, the server's CPU over the recorded
 * requests; with `probe`, a URL asked every `intervalMs` on a connection of its own meanwhile (how
 * long a cheap request waits behind the load).
 */
export async function load(options: {
  url: string;
  urls?: string[];
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /** Warm up with exactly this many first URLs instead of for `warmupSeconds`. */
  warmupRequests?: number;
  distinct?: boolean;
  serverPid?: number;
  probe?: { url: string; intervalMs: number };
  /** Called when the warm-up is over and the recorded phase starts. */
  onRecording?: () => void;
}): Promise<LoadResult> {
  const urls = options.urls ?? [options.url];
  const origin = new URL(urls[0]!).origin;
  const file = path.join(os.tmpdir(), `agwx-load-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  fs.writeFileSync(file, `${urls.map((u) => u.slice(origin.length)).join('\n')}\n`);
  const common = { connections: options.connections, cycle: !options.distinct, method: options.method, headers: options.headers, body: options.body };
  try {
    let asked = 0;
    if (options.warmupRequests !== undefined) {
      asked = (await wrk(origin, file, { ...common, seconds: 300, first: 1, last: options.warmupRequests, cycle: false })).asked;
    } else if ((options.warmupSeconds ?? 1) > 0) {
      const warm = await wrk(origin, file, { ...common, seconds: options.warmupSeconds ?? 1, first: 1, last: urls.length });
      if (options.distinct) asked = warm.asked;
    }
    options.onRecording?.();
    const cpuBefore = options.serverPid ? processCpuMs(options.serverPid) : 0;
    let recorded: WrkReport;
    const probing = options.probe ? probe(options.probe) : undefined;
    try {
      recorded =
        options.distinct && asked >= urls.length
          ? { responses: 0, durationUs: 1, errors: 0, p50Us: 0, p99Us: 0, asked: 0, exhausted: true, cpuSeconds: 0 }
          : await wrk(origin, file, { ...common, seconds: options.seconds, first: options.distinct ? asked + 1 : 1, last: urls.length });
    } finally {
      probing?.stop();
    }
    const serverCpuMs = options.serverPid ? processCpuMs(options.serverPid) - cpuBefore : undefined;
    const seconds = recorded.durationUs / 1e6;
    const probeLatencies = probing ? (await probing.latencies).sort((a, b) => a - b) : undefined;
    return {
      requests: recorded.responses,
      rps: recorded.responses / seconds,
      p50: recorded.p50Us / 1000,
      p99: recorded.p99Us / 1000,
      errors: recorded.errors,
      exhausted: recorded.exhausted,
      generatorCores: recorded.cpuSeconds / seconds,
      ...(serverCpuMs === undefined ? {} : { serverCpuMs }),
      ...(probeLatencies ? { probe: { count: probeLatencies.length, p50: percentile(probeLatencies, 50), p99: percentile(probeLatencies, 99), max: probeLatencies.at(-1) ?? 0 } } : {}),
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Asks `url` every `intervalMs` on one keep-alive connection until stopped: the latencies, ms. */
function probe(target: { url: string; intervalMs: number }): { stop(): void; latencies: Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let stopped = false;
  const ask = () =>
    new Promise<void>((resolve) => {
      http.get(target.url, { agent }, (response) => response.resume().once('end', resolve)).once('error', () => resolve());
    });
  const latencies = (async () => {
    const out: number[] = [];
    while (!stopped) {
      const started = performance.now();
      await ask();
      out.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, target.intervalMs));
    }
    agent.destroy();
    return out;
  })();
  return { stop: () => (stopped = true), latencies };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    // Past the service's shutdown grace (AGWX_SHUTDOWN_GRACE_MS, 5 s); a profiled process writes its profiles as it exits, which can take a minute.
    setTimeout(() => child.kill('SIGKILL'), process.env.BENCH_SERVICE_NODE_ARGS ? 120_000 : 15_000).unref();
  });
}

/**
 * Waits until the service has finished its start-up work (the compute threads read the
 * climatology, time zones and map geodata as they start): until its CPU over a quarter second is
 * under a tenth of a core, for at most `timeoutMs`. Linux (/proc); elsewhere it waits 3 s.
 */
export async function waitUntilIdle(service: Started, timeoutMs = 30_000): Promise<void> {
  const pid = service.child.pid!;
  if (!fs.existsSync(`/proc/${pid}/stat`)) {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return;
  }
  const deadline = Date.now() + timeoutMs;
  let before = processCpuMs(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = processCpuMs(pid);
    if (now - before < 25) return; // under 0.1 core over 250 ms
    before = now;
  }
}
