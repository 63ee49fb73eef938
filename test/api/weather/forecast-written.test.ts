/**
 * Forecast answers write their JSON straight into text (http/written-body.ts). A client must
 * receive, byte for byte, what the route's serializer (JSON.stringify) writes from the answer built
 * as objects: every block size, both unit systems, every choice of properties, field and
 * latitude/longitude places, changing UTC offsets, and values that are missing or not finite.
 */
import { describe, expect, it } from 'vitest';
import { forecastDayAnswer, forecastListAnswer, type ForecastView } from '../../../src/api/weather/forecast-presenter.js';
import { FORECAST_PROPERTIES } from '../../../src/api/weather/forecast-schemas.js';
import type { WeatherPlace } from '../../../src/api/weather/weather-place.js';
import { WrittenBody } from '../../../src/http/written-body.js';
import type { ForecastDayBlocks, PresentableBlock } from '../../../src/services/forecast-service.js';

const odd = 'f"1\\ü\u2028';
const places: WeatherPlace[] = [
  { location: { latitude: 41.5, longitude: -93.25, fieldId: odd } as WeatherPlace['location'], basePath: `/v2/weather/fields/${odd}`, fieldHref: `/v2/fields/${odd}` },
  { location: { latitude: -12.125, longitude: 30, fieldId: null } as WeatherPlace['location'], basePath: '/v2/weather/locations/-12.125,30', fieldHref: null },
];
const samples = [0.1 + 0.2, 0, -0, 1e-7, 123456789.125, Number.NaN, Number.POSITIVE_INFINITY, 21.799999999999997, 2 / 3, -40];
let counter = 0;
const value = () => samples[counter++ % samples.length]!;
const spread = () => ({ average: value(), max: value(), min: value() });

function block(start: number, hours: number, offsets: [number, number], text: string): PresentableBlock {
  return {
    start,
    end: start + hours * 3_600_000 - 1000,
    startOffsetMinutes: offsets[0],
    endOffsetMinutes: offsets[1],
    conditions: { code: 'A1B', text } as PresentableBlock['conditions'],
    values: {
      startTime: start,
      endTime: start + hours * 3_600_000 - 1000,
      hours,
      temperature: spread(),
      precipitation: value(),
      precipitationChance: value(),
      cloudCover: value(),
      sunshine: value(),
      solar: value(),
      relativeHumidity: spread(),
      wind: spread(),
      dewPoint: value(),
      soilTemperature: [spread(), spread(), spread(), spread()],
      soilMoisture: [spread(), spread(), spread(), spread()],
    },
  };
}

function days(blockSize: number): ForecastDayBlocks[] {
  const texts = ['Mostly Sunny, No Rain, Light Wind', 'Say "rain"\\', 'Ciel très nuageux'];
  return ['2024-03-09', '2024-03-10', '2024-03-11'].map((date, d) => {
    const start = Date.parse(`${date}T00:00:00Z`);
    const count = Math.ceil(24 / blockSize);
    return {
      date: date as ForecastDayBlocks['date'],
      // The second day changes offset in its middle, as on a daylight-saving day.
      blocks: Array.from({ length: count }, (_, i) => block(start + i * blockSize * 3_600_000, blockSize, d === 1 && i >= count / 2 ? [-300, -240] : [-300, -300], texts[i % 3]!)),
    };
  });
}

const choices: (Set<string> | null)[] = [null, new Set(), ...FORECAST_PROPERTIES.map((p) => new Set([p])), new Set(['wind', 'sky', 'conditionsText']), new Set(FORECAST_PROPERTIES)];

describe('forecast answers written as text', () => {
  for (const place of places) {
    for (const units of ['metric', 'usa'] as const) {
      for (const blockSize of [1, 3, 24]) {
        it(`${place.fieldHref ? 'field' : 'location'}, ${units}, blocks of ${blockSize} h`, () => {
          for (const chosen of choices) {
            const view: ForecastView = { place, units, blockSize, chosen, baseUrl: 'http://localhost:3000' };
            const all = days(blockSize);
            const single = forecastDayAnswer(all[1]!, view);
            const list = forecastListAnswer(all, view, { self: { href: `${place.basePath}/forecasts/2024-03-09,2024-03-11` }, next: { href: '/n' } });
            for (const answer of [single, list]) {
              expect(answer).toBeInstanceOf(WrittenBody);
              expect(answer.json(JSON.stringify)).toBe(JSON.stringify(answer.object()));
            }
          }
        });
      }
    }
  }
});
