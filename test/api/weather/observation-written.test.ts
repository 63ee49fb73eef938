/**
 * Observation answers write their JSON straight into text (http/written-body.ts). A client must
 * receive, byte for byte, what the route's response serializer writes from the answer built as
 * objects: both unit systems, every choice of properties, field and latitude/longitude places,
 * one date and ranges, and days with values missing.
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { observationAnswer, observationListAnswer, type ObservationView } from '../../../src/api/weather/observation-presenter.js';
import { OBSERVATION_PROPERTIES, ObservationDatedSchema, ObservationListSchema } from '../../../src/api/weather/observation-schemas.js';
import type { WeatherPlace } from '../../../src/api/weather/weather-place.js';
import { eitherSerializer } from '../../../src/http/either-serializer.js';
import { WrittenBody } from '../../../src/http/written-body.js';
import { DAILY_VARIABLE_NAMES } from '../../../src/weather/daily-variables.js';
import type { DailyWeather } from '../../../src/weather/weather-source.js';

const odd = 'f"1\\ü\u2028';
const places: WeatherPlace[] = [
  { location: { latitude: 41.5, longitude: -93.25, fieldId: odd } as WeatherPlace['location'], basePath: `/v2/weather/fields/${odd}`, fieldHref: `/v2/fields/${odd}` },
  { location: { latitude: -12.125, longitude: 30, fieldId: null } as WeatherPlace['location'], basePath: '/v2/weather/locations/-12.125,30', fieldHref: null },
];
const samples = [0.1 + 0.2, 0, -0, 1e-7, 123456789.125, null, 21.799999999999997, 2 / 3, -40, 5174.3310546875, null];

function days(count: number): DailyWeather[] {
  let k = 0;
  return Array.from({ length: count }, (_, i) => {
    const day: Record<string, unknown> = { date: `2024-03-${String(i + 1).padStart(2, '0')}` };
    for (const name of DAILY_VARIABLE_NAMES) day[name] = samples[k++ % samples.length];
    return day as unknown as DailyWeather;
  });
}

const choices: (Set<string> | null)[] = [null, new Set(), ...OBSERVATION_PROPERTIES.map((p) => new Set([p])), new Set(['wind', 'location', 'solar']), new Set(OBSERVATION_PROPERTIES)];
const dated = eitherSerializer(ObservationDatedSchema as never);
const list = fastJson(ObservationListSchema as object);

describe('observation answers written as text', () => {
  for (const place of places) {
    for (const units of ['metric', 'usa'] as const) {
      it(`${place.fieldHref ? 'field' : 'location'}, ${units}`, () => {
        for (const chosen of choices) {
          const view: ObservationView = { place, units, chosen, baseUrl: 'http://localhost:3000' };
          const links = { self: { href: `${place.basePath}/observations/2024-03-01,2024-03-07?x="1"` }, next: { href: '/n' } };
          for (const [answer, serializers] of [
            [observationAnswer(days(1)[0]!, view), [dated]],
            [observationListAnswer(days(7), view, links), [dated, list]],
            [observationListAnswer([], view, links), [dated, list]],
          ] as const) {
            expect(answer).toBeInstanceOf(WrittenBody);
            for (const serialize of serializers) expect(answer.json(serialize)).toBe(serialize(answer.object()));
          }
        }
      });
    }
  }
});
