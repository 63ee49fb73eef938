/**
 * The `store` weather source: imported station data (datasets named `import:…`) for the cells
 * they were imported into. It answers a range only when one dataset holds every day of it;
 * otherwise the next source of the chain is asked. It has no forecasts.
 */
import type { WeatherRepository } from '../../store/weather-repository.js';
import type { DailyResult, DailyWeather, WeatherSource } from '../weather-source.js';
import { datesByYear, decodeYear, readSlot } from './daily-year-codec.js';

export const IMPORT_DATASET_PREFIX = 'import:';

export function createStoreSource(repository: WeatherRepository): WeatherSource {
  return {
    name: 'store',
    async daily(cell, range): Promise<DailyResult | null> {
      const byYear = datesByYear(range.start, range.end);
      const years = [...byYear.keys()];
      if (years.length === 0) return null;
      const rows = await repository.readDailyYears(cell.id, years[0]!, years[years.length - 1]!, IMPORT_DATASET_PREFIX);
      const datasets = new Map<string, Map<number, Float64Array>>();
      for (const row of rows) {
        let perYear = datasets.get(row.dataset);
        if (!perYear) datasets.set(row.dataset, (perYear = new Map()));
        perYear.set(row.year, decodeYear(row.days));
      }
      for (const [dataset, perYear] of datasets) {
        const days: DailyWeather[] = [];
        let whole = true;
        for (const [year, dates] of byYear) {
          const values = perYear.get(year);
          for (const date of dates) {
            const stored = values && readSlot(values, date);
            if (!stored) {
              whole = false;
              break;
            }
            days.push(stored.day);
          }
          if (!whole) break;
        }
        if (whole) return { source: dataset, days };
      }
      return null;
    },
    async hourly() {
      return null;
    },
  };
}
