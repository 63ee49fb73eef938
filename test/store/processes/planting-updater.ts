/**
 * A process of test/store/sqlite-write-lock.test.ts: opens the store on the SQLite file named in
 * its arguments, waits for "go" on stdin, then adds 1 to a planting's projected yield `count`
 * times, each a read-then-write transaction as a JSON-Patch is, and prints how many changes
 * succeeded and the codes of those that failed, as one line of JSON.
 */
import { openStore } from '../../../src/store/store.js';

const [file, accountText, plantingText, countText] = process.argv.slice(2);
const store = await openStore(`sqlite:${file}`);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
let succeeded = 0;
const failures: string[] = [];
for (let i = 0; i < Number(countText); i++) {
  try {
    await store.plantings.update(Number(accountText), Number(plantingText), (current) => ({
      ...current,
      projectedYield: { amount: (current.projectedYield?.amount ?? 0) + 1, units: 'bu/ac' },
    }));
    succeeded++;
  } catch (error) {
    failures.push(String((error as { code?: unknown }).code ?? (error as Error).message));
  }
}
await store.close();
process.stdout.write(`${JSON.stringify({ succeeded, failures })}\n`);
