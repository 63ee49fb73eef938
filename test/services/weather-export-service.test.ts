import { describe, expect, it } from 'vitest';
import { createObservationService } from '../../src/services/observation-service.js';
import { chunks, createWeatherExportService } from '../../src/services/weather-export-service.js';
import { locationAt } from '../../src/services/weather-location.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';

const IOWA = { location: locationAt(41.5, -93.5), today: '2024-06-15' };
const GRID = { elevationAt: () => 250 };

describe('weather export service', () => {
  it('cuts a range into pieces of at most n days', () => {
    expect(chunks({ start: '2024-01-30', end: '2024-03-05' }, 31)).toEqual([
      { start: '2024-01-30', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-05' },
    ]);
    expect(chunks({ start: '2024-01-01', end: '2024-01-01' }, 31)).toEqual([{ start: '2024-01-01', end: '2024-01-01' }]);
  });

  it('reports progress piece by piece up to 1, the climate year included', async () => {
    const weather = createFakeWeatherSource();
    const service = createWeatherExportService({ observations: createObservationService(weather), elevation: GRID });
    const seen: number[] = [];
    const file = await service.export(IOWA, { start: '2024-03-01', end: '2024-05-31', single: false }, { format: 'dssat' }, { onProgress: (f) => seen.push(f) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f > seen[i - 1]!)).toBe(true);
    // 92 days in 31-day pieces (3), then 2023 in 12 pieces.
    expect(weather.dailyCalls).toHaveLength(3 + 12);
    expect(file.input.days).toHaveLength(92);
    expect(file.input.climateDays).toHaveLength(365);
    expect(file.input.elevation).toBe(250);
  });

  it('asks once for the range without a progress listener, and takes the climate days from it when it holds whole years', async () => {
    const weather = createFakeWeatherSource();
    weather.elevation = 300;
    const service = createWeatherExportService({ observations: createObservationService(weather), elevation: GRID });
    const file = await service.export(IOWA, { start: '2022-06-01', end: '2024-06-14', single: false }, { format: 'apsim' });
    expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2022-06-01', end: '2024-06-14' }]);
    expect(file.input.climateDays[0]!.date).toBe('2023-01-01');
    expect(file.input.climateDays.at(-1)!.date).toBe('2023-12-31');
    expect(file.input.elevation).toBe(300);
    expect(file.fileName).toBe('agwx-41.5_-93.5-2022-06-01-2024-06-14.met');
  });
});
