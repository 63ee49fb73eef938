/**
 * Weather norm lists write their JSON straight into text (http/written-body.ts). A client must
 * receive, byte for byte, what the route's response serializer writes from the answer built as
 * objects: both unit systems, every choice of properties, field and latitude/longitude places,
 * with and without named years, and statistics that are missing.
 */
import { describe, expect, it } from 'vitest';
import { weatherNormListAnswer, type WeatherNormView } from '../../../src/api/weather/weather-norm-presenter.js';
import { WEATHER_NORM_PROPERTIES, WeatherNormResponseSchema } from '../../../src/api/weather/weather-norm-schemas.js';
import type { WeatherPlace } from '../../../src/api/weather/weather-place.js';
import { eitherSerializer } from '../../../src/http/either-serializer.js';
import { WrittenBody } from '../../../src/http/written-body.js';
import { type DayNorms, NORM_QUANTITIES } from '../../../src/services/weather-norm-service.js';

const odd = 'f"1\\ü\u2028';
const places: WeatherPlace[] = [
  { location: { latitude: 41.5, longitude: -93.25, fieldId: odd } as WeatherPlace['location'], basePath: `/v2/weather/fields/${odd}`, fieldHref: `/v2/fields/${odd}` },
  { location: { latitude: -12.125, longitude: 30, fieldId: null } as WeatherPlace['location'], basePath: '/v2/weather/locations/-12.125,30', fieldHref: null },
];
const samples = [0.1 + 0.2, 0, -0, 1e-7, 123456789.125, null, 21.799999999999997, 2 / 3, -40, 5174.3310546875, null, 3];

function days(count: number): DayNorms[] {
  let k = 0;
  return Array.from({ length: count }, (_, i) => {
    const day: Record<string, unknown> = { day: `02-${String(i + 1).padStart(2, '0')}` };
    for (const name of NORM_QUANTITIES) day[name] = { average: samples[k++ % samples.length], stdDev: samples[k++ % samples.length], count: 10 };
    return day as unknown as DayNorms;
  });
}

const choices: (Set<string> | null)[] = [null, new Set(), ...WEATHER_NORM_PROPERTIES.map((p) => new Set([p])), new Set(['dailyMaxWind', 'location', 'minHumidity']), new Set(WEATHER_NORM_PROPERTIES)];
const serialize = eitherSerializer(WeatherNormResponseSchema as never);

describe('weather norm lists written as text', () => {
  for (const place of places) {
    for (const units of ['metric', 'usa'] as const) {
      for (const yearsSuffix of ['', '/years/2011,2020']) {
        it(`${place.fieldHref ? 'field' : 'location'}, ${units}, years ${yearsSuffix || 'default'}`, () => {
          for (const chosen of choices) {
            const view: WeatherNormView = { place, units, chosen, baseUrl: 'http://localhost:3000', yearsSuffix };
            const links = { self: { href: `${place.basePath}/norms/02-01,02-28?x="1"` }, next: { href: '/n' }, curies: [{ name: 'svc', href: 'x', templated: true }] };
            for (const count of [0, 1, 28]) {
              const answer = weatherNormListAnswer(days(count), view, links);
              expect(answer).toBeInstanceOf(WrittenBody);
              expect(answer.json(serialize)).toBe(serialize(answer.object()));
            }
          }
        });
      }
    }
  }
});
