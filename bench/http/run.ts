/**
 * HTTP benchmark: in one run, a bare node:http server answering a small JSON (the baseline) and
 * the service are each loaded over keep-alive by wrk (apt-get install wrk); every scenario's
 * requests/s, p50 and p99 are printed with its ratio to the baseline's requests/s.
 *
 *   npm run bench                     all scenarios
 *   npm run bench -- --only fields    scenarios whose name contains "fields" (a comma-separated list: any of them)
 *   npm run bench -- --only oauth     token requests (a new token per request, as some clients do)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=32 npm run bench
 *   BENCH_ANSWER_CACHE_MB=0 npm run bench   every answer built afresh (no answers kept ready)
 *   npm run bench -- --distinct       no URL twice, over synthetic and imported weather (distinct.ts)
 *   npm run bench -- --distinct --answer-cache   the same with the answer cache on
 *   npm run bench -- --distinct --only observ    the framework floor, then scenarios whose name contains "observ"
 *   npm run bench -- --distinct --only mixed     the mixed workload alone (single-threaded against the compute pool)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearerHeaders, cli, load, loadClientName, type LoadResult, startBaseline, startService } from './processes.js';
import { runDistinct } from './distinct.js';
import { type BenchContext, SCENARIOS } from './scenarios.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]?.split(',') : undefined;
const port = 18_000 + Math.floor(Math.random() * 1000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-bench-'));
const env = {
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.sqlite')}`,
  AGWX_NOW: process.env.BENCH_NOW ?? '2024-06-15T12:00:00Z',
  LOG_LEVEL: 'warn',
  // The limiter still runs on every request; the limit is set out of reach so it never refuses.
  AGWX_RATE_PER_MINUTE: '10000000',
  AGWX_ENTERPRISE_RATE_PER_MINUTE: '10000000',
  ...(process.env.BENCH_ANSWER_CACHE_MB ? { AGWX_ANSWER_CACHE_MB: process.env.BENCH_ANSWER_CACHE_MB } : {}),
};

const row = (name: string, r: LoadResult, baseline: LoadResult) =>
  `${name.padEnd(58)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.errors).padStart(7)} ${(r.rps / baseline.rps).toFixed(2).padStart(7)}`;

if (process.argv.includes('--distinct')) {
  fs.rmSync(dir, { recursive: true, force: true });
  await runDistinct({ seconds, connections, answerCache: process.argv.includes('--answer-cache'), only });
  process.exit(0);
}

const baseline = await startBaseline();
let service: Awaited<ReturnType<typeof startService>> | undefined;
const baseUrl = `http://127.0.0.1:${port}`;
try {
  const { key, secret } = JSON.parse(await cli(['keys', 'create', '--account', 'bench', '--enterprise', '--json'], env)) as { key: string; secret: string };
  service = await startService(port, env);
  const headers = await bearerHeaders(baseUrl, key, secret);
  const basic = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  const context: BenchContext = {
    baseUrl,
    headers,
    async post(p, body) {
      const r = await fetch(`${baseUrl}${p}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok && r.status !== 409) throw new Error(`setup POST ${p}: ${r.status} ${await r.text()}`);
    },
  };
  const scenarios = SCENARIOS.filter((s) => !only || only.some((part) => s.name.includes(part)));
  for (const scenario of scenarios) await scenario.setup?.(context);

  console.log(`agwx HTTP benchmark: ${connections} keep-alive connections, ${seconds} s per scenario, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); load client: ${loadClientName()}`);
  console.log(`answers kept ready: ${env.AGWX_ANSWER_CACHE_MB === '0' ? 'no (every answer built afresh)' : 'yes'}`);
  console.log(`${'scenario'.padEnd(58)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'ratio'.padStart(7)}`);
  for (const scenario of scenarios) {
    // Baseline measured right before each scenario: the machine's load changes over a run.
    const base = await load({ url: `http://127.0.0.1:${baseline.port}/`, connections, seconds });
    const request = scenario.form
      ? { method: 'POST', body: scenario.form, headers: { authorization: scenario.basicAuth ? basic : headers.authorization, 'content-type': 'application/x-www-form-urlencoded' } }
      : { headers: scenario.basicAuth ? { authorization: basic } : headers };
    const result = await load({ url: `${baseUrl}${scenario.path}`, ...request, connections, seconds });
    console.log(row('baseline: bare node:http small JSON', base, base));
    console.log(row(scenario.name, result, base));
  }
} finally {
  await service?.stop();
  await baseline.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
