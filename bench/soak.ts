/**
 * Soak: the mixed workload against one instance for BENCH_SOAK_SECONDS (default 600), reporting
 * the server's resident memory after warm-up and at the end, and requests/s per minute.
 *
 *   npm run build && tsx bench/soak.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearerHeaders, cli, load, startService } from './http/processes.js';

const total = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-soak-'));
const env = {
  DATABASE_URL: `sqlite:${path.join(dir, 'soak.sqlite')}`,
  AGWX_NOW: '2024-06-15T12:00:00Z',
  LOG_LEVEL: 'warn',
  AGWX_RATE_PER_MINUTE: '10000000',
  AGWX_ENTERPRISE_RATE_PER_MINUTE: '10000000',
};
const PATHS = [
  '/v2/fields/soak',
  '/v2/fields?limit=50',
  '/v2/weather/fields/soak/observations',
  '/v2/weather/fields/soak/forecasts/2024-06-16?blockSize=6',
  '/v2/agronomics/fields/soak/agronomicvalues',
  '/v2/weather/fields/soak/norms/06-01,06-30',
  '/v2/imagery/weathermaps/base,states,temperatures/tiles/7,11,5',
];

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const { key, secret } = JSON.parse(await cli(['keys', 'create', '--account', 'soak', '--json'], env)) as { key: string; secret: string };
const port = 19_600 + Math.floor(Math.random() * 300);
const service = await startService(port, env);
try {
  const base = `http://127.0.0.1:${port}`;
  const headers = await bearerHeaders(base, key, secret);
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/v2/fields', { id: 'soak', farmId: 'farm', centerPoint: { latitude: 41.6, longitude: -93.7 } });
  await post('/v2/agronomics/fields/soak/plantings', { crop: 'corn', plantingDate: '2024-04-20' });
  const urls = PATHS.map((p) => `${base}${p}`);
  await load({ url: urls[0]!, urls, headers, connections, seconds: 20 });
  const pid = service.child.pid!;
  const startRss = rssMb(pid);
  console.log(`soak: ${total} s, ${connections} connections, ${PATHS.length} endpoints in turn; RSS after warm-up ${startRss.toFixed(1)} MB`);
  let requests = 0;
  let errors = 0;
  for (let elapsed = 0; elapsed < total; elapsed += 60) {
    const step = Math.min(60, total - elapsed);
    const r = await load({ url: urls[0]!, urls, headers, connections, seconds: step });
    requests += r.requests;
    errors += r.errors;
    console.log(`  minute ${elapsed / 60 + 1}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}, RSS ${rssMb(pid).toFixed(1)} MB`);
  }
  const endRss = rssMb(pid);
  console.log(`soak done: ${requests} requests, ${errors} errors; RSS ${startRss.toFixed(1)} MB after warm-up, ${endRss.toFixed(1)} MB at the end (${(((endRss - startRss) / startRss) * 100).toFixed(1)}%)`);
} finally {
  await service.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
