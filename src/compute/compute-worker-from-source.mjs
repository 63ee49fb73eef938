// The worker entry when the service runs from its TypeScript source (tests, `tsx`): TypeScript is
// loaded through tsx in this thread too, then the entry's tasks are exported as they are.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./compute-worker.ts');

export const { cellBlocks, hoursWithoutSoil, forecastWindow, drawMapImage, jsonRows, agronomicNormValues } = worker;
