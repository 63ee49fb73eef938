/**
 * Batch job benchmark: in one run, against the built service (dist/) on a fresh SQLite file,
 * the same 1,000 field observation requests are made
 *   1. one after another over one HTTP keep-alive connection, and
 *   2. as one batch job (submitted, then polled until `done`),
 * and the time of each is printed with their ratio. When the observations endpoint does not
 * answer 200 in this build, `GET /v2/fields/{id}` is used instead and the output says so.
 *
 *   npm run build && npx tsx bench/jobs.ts
 *   BENCH_REQUESTS=2000 BENCH_ROUNDS=5 npx tsx bench/jobs.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearerHeaders, cli, ROOT, startService } from './http/processes.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIELDS = 20;

if (!fs.existsSync(path.join(ROOT, 'dist/cli/main.js'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

const port = 19_000 + Math.floor(Math.random() * 1000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-bench-jobs-'));
const env = {
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.sqlite')}`,
  AGWX_NOW: process.env.BENCH_NOW ?? '2024-06-15T12:00:00Z',
  LOG_LEVEL: 'warn',
  AGWX_JOB_POLL_MS: '50',
  // Bundled requests count against the key's rate limit: lift it to measure the job machinery.
  AGWX_ENTERPRISE_RATE_PER_MINUTE: '10000000',
};
const base = `http://127.0.0.1:${port}`;

const { key, secret } = JSON.parse(await cli(['keys', 'create', '--account', 'bench', '--enterprise', '--json'], env)) as { key: string; secret: string };
const service = await startService(port, env);
try {
  const headers = await bearerHeaders(base, key, secret);
  const json = { ...headers, 'content-type': 'application/json' };

  for (let i = 0; i < FIELDS; i++) {
    const body = { id: `bench-${i}`, name: `Bench_${i}`, farmId: 'bench', acres: 10 + i, centerPoint: { latitude: 40 + i / 10, longitude: -93 - i / 10 } };
    const response = await fetch(`${base}/v2/fields`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    if (response.status !== 201 && response.status !== 409) throw new Error(`creating a field: ${response.status} ${await response.text()}`);
  }

  const observations = (i: number) => `/v2/weather/fields/bench-${i % FIELDS}/observations`;
  const probe = await fetch(`${base}${observations(0)}`, { headers });
  await probe.arrayBuffer();
  const useObservations = probe.status === 200;
  const uri = useObservations ? observations : (i: number) => `/v2/fields/bench-${i % FIELDS}`;
  const uris = Array.from({ length: REQUESTS }, (_, i) => uri(i));

  async function oneAfterAnother(): Promise<number> {
    const started = performance.now();
    for (const u of uris) {
      const response = await fetch(`${base}${u}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${u}: ${response.status}`);
    }
    return performance.now() - started;
  }

  async function asJob(): Promise<number> {
    const started = performance.now();
    const created = await fetch(`${base}/v2/jobs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'bench', type: 'batch', requests: uris.map((u, i) => ({ title: `r${i}`, api: `GET ${u}` })) }),
    });
    if (created.status !== 201) throw new Error(`creating the job: ${created.status} ${await created.text()}`);
    const { jobId } = (await created.json()) as { jobId: number };
    for (;;) {
      const response = await fetch(`${base}/v2/jobs/${jobId}`, { headers });
      const job = (await response.json()) as { jobStatus: string; results?: { httpStatus: string }[] };
      if (job.jobStatus === 'done') {
        const elapsed = performance.now() - started;
        const failed = job.results!.filter((r) => r.httpStatus !== '200').length;
        if (job.results!.length !== REQUESTS || failed > 0) throw new Error(`job results: ${job.results!.length}, ${failed} not 200`);
        return elapsed;
      }
      if (job.jobStatus !== 'queued') throw new Error(`job ended ${job.jobStatus}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  // Warm-up of both paths (JIT, caches), not measured.
  await fetch(`${base}${uris[0]}`, { headers }).then((r) => r.arrayBuffer());
  for (let i = 0; i < 200; i++) await fetch(`${base}${uris[i % uris.length]}`, { headers }).then((r) => r.arrayBuffer());
  await asJob();

  console.log(`agwx batch job benchmark: ${REQUESTS} requests, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), SQLite, job concurrency default`);
  console.log(
    useObservations
      ? `requests: GET /v2/weather/fields/{id}/observations over ${FIELDS} fields`
      : `requests: GET /v2/fields/{id} over ${FIELDS} fields (the observations endpoint answered ${probe.status} in this build, so the field read is used instead)`,
  );
  console.log(`${'round'.padEnd(6)} ${'one after another (ms)'.padStart(24)} ${'as one job (ms)'.padStart(18)} ${'job / sequential'.padStart(18)}`);
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const sequential = await oneAfterAnother();
    const job = await asJob();
    ratios.push(job / sequential);
    console.log(`${String(round).padEnd(6)} ${sequential.toFixed(0).padStart(24)} ${job.toFixed(0).padStart(18)} ${(job / sequential).toFixed(2).padStart(18)}`);
  }
  const median = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  console.log(`ratio (job time / sequential HTTP time), median of ${ROUNDS}: ${median.toFixed(2)} — the job is ${(1 / median).toFixed(1)}x as fast`);
} finally {
  await service.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
