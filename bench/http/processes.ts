/** Starting and stopping the processes a benchmark run needs. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const run = promisify(execFile);

export interface Started {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** Starts the baseline server and waits for its port. */
export function startBaseline(): Promise<Started> {
  const child = spawn(TSX, [path.join(ROOT, 'bench/http/baseline-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => {
      const { port } = JSON.parse(chunk.toString()) as { port: number };
      resolve({ child, port, stop: () => stop(child) });
    });
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
}

/** Starts the built service (dist/) on `port` with `env`, and waits until it answers. */
export async function startService(port: number, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'serve', '--no-dev-key'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
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

/** Runs the CLI of the built service once (e.g. to create a key). */
export async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), ...args], { env: { ...process.env, ...env } });
  return stdout;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
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
}): Promise<LoadResult> {
  const { stdout } = await run(TSX, [path.join(ROOT, 'bench/http/load.ts'), JSON.stringify(options)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as LoadResult;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
