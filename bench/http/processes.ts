/** Starting and stopping the processes a benchmark run needs. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { RECORDING_MARK } from './recording-mark.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const run = promisify(execFile);

export interface Started {
  child: ChildProcess;
  port: number;
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
      const { port } = JSON.parse(chunk.toString()) as { port: number };
      resolve({ child, port, stop: () => stop(child) });
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
      if (response.ok) return { child, port, stop: () => stop(child) };
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

/** Starts a bare node:http server sending the answers kept in `file` (JSON, see replay-server.ts) in turn. */
export const startReplay = (file: string): Promise<Started> => startBareServer('bench/http/replay-server.ts', file);

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
  /** The load generator's own CPU over the recorded requests, in cores (CPU seconds per second). */
  generatorCores: number;
  /** Latencies of the probe URL asked while the load ran (see load.ts), ms. */
  probe?: { count: number; p50: number; p99: number; max: number };
}

/** Which client the load generator uses (load.ts), for the reports. */
export function loadClientName(): string {
  return process.env.BENCH_CLIENT === 'node-http' ? "Node's http.request (BENCH_CLIENT=node-http: generator-bound for fast answers)" : 'raw-client.ts';
}

/** Runs the load generator in its own process. */
export async function load(options: {
  url: string;
  urls?: string[];
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /** Warm up with exactly this many first URLs instead of for `warmupSeconds` (load.ts). */
  warmupRequests?: number;
  distinct?: boolean;
  probe?: { url: string; intervalMs: number };
  /** Called when the warm-up is over and the recorded phase starts. */
  onRecording?: () => void;
}): Promise<LoadResult> {
  const { onRecording, ...settings } = options;
  // Options go through a file: a long URL list is beyond a command line's length limit.
  const file = path.join(os.tmpdir(), `agwx-load-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(settings));
  try {
    const child = spawn(TSX, [path.join(ROOT, 'bench/http/load.ts'), `@${file}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes(RECORDING_MARK)) onRecording?.();
      const rest = text.replace(`${RECORDING_MARK}\n`, '');
      if (rest) process.stderr.write(rest);
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`load generator exited with ${code}`);
    return JSON.parse(stdout) as LoadResult;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    // Past the service's shutdown grace (AGWX_SHUTDOWN_GRACE_MS, 5 s): a profiled process writes its profiles as it exits.
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/**
 * Waits until the service has finished its start-up work (the compute threads read the
 * climatology, time zones and map geodata as they start): until its CPU over a quarter second is
 * under a tenth of a core, for at most `timeoutMs`. Linux (/proc); elsewhere it waits 3 s.
 */
export async function waitUntilIdle(service: Started, timeoutMs = 30_000): Promise<void> {
  const statFile = `/proc/${service.child.pid}/stat`;
  const cpuTicks = () => {
    const stat = fs.readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
  };
  if (!fs.existsSync(statFile)) {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return;
  }
  const deadline = Date.now() + timeoutMs;
  let before = cpuTicks();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicks();
    if (now - before < 2.5) return; // under 0.1 core over 250 ms
    before = now;
  }
}
