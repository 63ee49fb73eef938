/**
 * Mixed workload (fields, observations, forecasts, agronomic values, norms, tiles) against one
 * instance, and against two instances behind a simple Node proxy, both on one PostgreSQL (and
 * Redis when reachable); each figure with the bare node:http baseline of the same run.
 *
 *   npm run build && tsx bench/mixed-load.ts            (BENCH_SECONDS, BENCH_CONNECTIONS)
 *   BENCH_DATABASE_URL=postgres://… REDIS_URL=redis://…  to choose the services
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { bearerHeaders, cli, load, type LoadResult, ROOT, startBaseline, startService, type Started } from './http/processes.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const postgres = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(4).toString('hex')}`;
const env: Record<string, string> = {
  DATABASE_URL: `${postgres}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  AGWX_NOW: '2024-06-15T12:00:00Z',
  LOG_LEVEL: 'warn',
  AGWX_RATE_PER_MINUTE: '10000000',
  AGWX_ENTERPRISE_RATE_PER_MINUTE: '10000000',
};

export const MIXED_PATHS = [
  '/v2/fields/mixed',
  '/v2/fields?limit=50',
  '/v2/weather/fields/mixed/observations',
  '/v2/weather/fields/mixed/forecasts/2024-06-16?blockSize=6',
  '/v2/agronomics/fields/mixed/agronomicvalues',
  '/v2/weather/fields/mixed/norms/06-01,06-30',
  '/v2/agronomics/fields/mixed/agronomicnorms/06-01,06-30',
  '/v2/imagery/weathermaps/base,states,temperatures/tiles/7,11,5',
];

function startProxy(port: number, upstreams: number[]): Promise<Started> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'bench/http/proxy.ts'), String(port), ...upstreams.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout!.once('data', () =>
      resolve({ child, port, pid: child.pid!, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) }),
    );
  });
}

const row = (name: string, r: LoadResult, base: LoadResult) =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.errors).padStart(7)} ${(r.rps / base.rps).toFixed(2).padStart(7)}`;

const admin = new pg.Client({ connectionString: postgres });
await admin.connect();
await admin.query(`create schema ${schema}`);
const started: Started[] = [];
try {
  const baseline = await startBaseline();
  started.push(baseline);
  const { key, secret } = JSON.parse(await cli(['keys', 'create', '--account', 'mixed', '--enterprise', '--json'], env)) as { key: string; secret: string };
  const port = 19_000 + Math.floor(Math.random() * 500);
  const a = await startService(port, env);
  started.push(a);
  const b = await startService(port + 1, env);
  started.push(b);
  const proxy = await startProxy(port + 2, [port, port + 1]);
  started.push(proxy);
  const base = `http://127.0.0.1:${port}`;
  const headers = await bearerHeaders(base, key, secret);
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/v2/fields', { id: 'mixed', farmId: 'farm', acres: 40, centerPoint: { latitude: 41.6, longitude: -93.7 } });
  await post('/v2/agronomics/fields/mixed/plantings', { crop: 'corn', plantingDate: '2024-04-20' });
  for (const p of MIXED_PATHS) {
    const answer = await fetch(`${base}${p}`, { headers });
    if (!answer.ok) throw new Error(`warm-up ${p}: ${answer.status}`);
  }
  const urls = (p: number) => MIXED_PATHS.map((m) => `http://127.0.0.1:${p}${m}`);
  console.log(`agwx mixed workload (${MIXED_PATHS.length} endpoints in turn): ${connections} connections, ${seconds} s each, PostgreSQL + Redis`);
  console.log(`${'setup'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'ratio'.padStart(7)}`);
  for (const [name, target] of [
    ['one instance', urls(port)],
    ['two instances behind the proxy', urls(proxy.port)],
  ] as const) {
    const baselineResult = await load({ url: `http://127.0.0.1:${baseline.port}/`, connections, seconds });
    const result = await load({ url: target[0]!, urls: [...target], headers, connections, seconds });
    console.log(row('baseline: bare node:http small JSON', baselineResult, baselineResult));
    console.log(row(name, result, baselineResult));
  }
} finally {
  for (const s of started.reverse()) await s.stop().catch(() => undefined);
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
