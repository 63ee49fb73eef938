import { describe, expect, it } from 'vitest';
import { cellAt } from '../../src/weather/grid.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';

describe('synthetic forecast answers kept in memory', () => {
  const issuedAt = Date.parse('2024-06-15T12:00:00Z');
  const request = { start: Date.parse('2024-06-16T00:00:00Z'), hours: 24, issuedAt };

  it('answers a repeated request with the same numbers as a source that computes it afresh', async () => {
    const cell = cellAt(41.6, -93.7);
    const warm = createSyntheticSource({ cacheSize: 32 });
    const first = await warm.hourly(cell, request);
    const again = await warm.hourly(cell, request);
    const fresh = await createSyntheticSource({ cacheSize: 32 }).hourly(cell, request);
    expect(again).toEqual(first);
    expect(again).toEqual(fresh);
  });

  it('is not changed by what a caller does with an answer', async () => {
    const cell = cellAt(-1.3, 36.8);
    const source = createSyntheticSource({ cacheSize: 32 });
    const first = await source.hourly(cell, request);
    const expected = structuredClone(first);
    first!.hours[0]!.temperature = 999;
    first!.hours[0]!.soilMoisture[0] = -1;
    expect(await source.hourly(cell, request)).toEqual(expected);
  });

  it('keeps an answer for the whole local issue date, and issues a new one the next day', async () => {
    const cell = cellAt(41.6, -93.7); // America/Chicago: 2024-06-15 runs 05:00Z to 05:00Z next day.
    const source = createSyntheticSource({ cacheSize: 32 });
    await source.hourly(cell, request);
    const laterSameDay = { ...request, issuedAt: Date.parse('2024-06-16T04:30:00Z') };
    const nextDay = { ...request, issuedAt: Date.parse('2024-06-16T05:30:00Z') };
    expect(await source.hourly(cell, laterSameDay)).toEqual(await createSyntheticSource({ cacheSize: 32 }).hourly(cell, laterSameDay));
    const reissued = await source.hourly(cell, nextDay);
    expect(reissued).toEqual(await createSyntheticSource({ cacheSize: 32 }).hourly(cell, nextDay));
    expect(reissued).not.toEqual(await source.hourly(cell, request));
  });
});
