/**
 * CPU time (all the process's threads) of weeks of synthetic days at new places, 16 asked at a
 * time as a busy service asks them: every block on the compute pool, against the few blocks of a
 * turn generated where they are asked for (`INLINE_BLOCKS_PER_TURN`), alternated, three rounds.
 *
 *   npx tsx bench/block-generation.ts
 */
import { createComputePool } from '../src/compute/compute-pool.js';
import { addDays } from '../src/core/dates.js';
import { cellAt } from '../src/weather/grid.js';
import { createSyntheticSource, INLINE_BLOCKS_PER_TURN } from '../src/weather/synthetic/synthetic-source.js';

const pool = createComputePool({ threads: 2, loadAtStart: {} });
const cells = Array.from({ length: 400 }, (_, i) => cellAt(-40 + (i % 20) * 4.1 + 0.3, -100 + Math.floor(i / 20) * 9.3));
let state = 1;
const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function round(inlineBlocksPerTurn: number, requests = 6000, parallel = 16): Promise<number> {
  const source = createSyntheticSource({ cacheSize: 65536, compute: pool, inlineBlocksPerTurn });
  for (const cell of cells) source.cellClimate(cell); // cell climates are kept apart: the blocks alone are measured
  let asked = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (asked++ < requests) {
        const start = addDays('2023-01-01', Math.floor(next() * 900));
        await source.daily(cells[Math.floor(next() * cells.length)]!, { start, end: addDays(start, 6) });
        await nextTurn();
      }
    }),
  );
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / requests;
}

await new Promise((resolve) => setTimeout(resolve, 1500)); // the threads' start-up load
await round(INLINE_BLOCKS_PER_TURN, 2000); // warm-up of both paths' code
await round(0, 2000);
for (let r = 1; r <= 3; r++) {
  const pooled = await round(0);
  const inline = await round(INLINE_BLOCKS_PER_TURN);
  console.log(`round ${r}: every block on the pool ${pooled.toFixed(0)} µs of CPU a week; ${INLINE_BLOCKS_PER_TURN} blocks a turn generated at once ${inline.toFixed(0)} µs`);
}
await pool.close();
