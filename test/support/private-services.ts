/**
 * Private PostgreSQL and Redis servers for the fault tests: each on its own free port, in a
 * temporary directory, stopped and started by the test at will. Never the shared servers.
 *
 * PostgreSQL is the installed one (`/usr/lib/postgresql/<version>/bin`, or AGWX_TEST_PG_BIN);
 * it refuses to run as root, so as root it runs as the `postgres` user (runuser). Redis is
 * `redis-server` from the PATH, without persistence.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** True when the fault tests must run (CI): then a server that cannot be started fails them. */
export function privateServicesRequired(): boolean {
  return process.env.CI === 'true';
}


function postgresBin(): string | null {
  if (process.env.AGWX_TEST_PG_BIN) return process.env.AGWX_TEST_PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0]!, 'bin') : null;
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, command)));
}

/** Whether the binaries for private servers are installed here. */
export function privateServicesAvailable(): boolean {
  return postgresBin() !== null && onPath('redis-server');
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, the server is gone until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends every other client session with pg_terminate_backend; returns how many. */
  terminateSessions(): Promise<number>;
  /**
   * SIGSTOP to every process of the server (the postmaster first, so that it starts no new
   * ones): connections stay open, new ones are accepted by the kernel, nothing is answered, until
   * resume() (SIGCONT).
   */
  pause(): void;
  resume(): void;
  /** Stops the server (if running) and removes its directory. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (set AGWX_TEST_PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-pg-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    fs.chownSync(dir, uid, gid);
    fs.chownSync(data, uid, gid);
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const port = await freePort();
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      'max_connections = 40',
      '',
    ].join('\n'),
  );
  let running = false;
  const start = async () => {
    await pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
    running = true;
  };
  const stop = async (mode = 'fast') => {
    await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
    running = false;
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let paused: number[] = [];
  const resume = () => {
    for (const pid of paused.reverse()) process.kill(pid, 'SIGCONT');
    paused = [];
  };
  /** The postmaster (first line of postmaster.pid) and its children, read from /proc. */
  const serverProcesses = (): number[] => {
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // The parent's pid is the 4th field of /proc/<pid>/stat, after the command in parentheses.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  return {
    url,
    port,
    start,
    stop: () => stop('fast'),
    async terminateSessions() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const result = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'",
        );
        return result.rowCount ?? 0;
      } finally {
        await admin.end();
      }
    },
    pause() {
      paused = serverProcesses();
      for (const pid of paused) process.kill(pid, 'SIGSTOP');
    },
    resume,
    async destroy() {
      resume();
      if (running) await stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Ends the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open but nothing is answered, until resume() (SIGCONT). */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
      stdio: 'ignore',
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.once('spawn', () => resolve());
      started.once('error', reject);
    });
    await waitForPort(port, started, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  const signal = (name: NodeJS.Signals) => {
    if (!child || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    destroy: async () => {
      if (child && child.exitCode === null) child.kill('SIGCONT');
      await stop();
    },
  };
}
