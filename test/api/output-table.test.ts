/**
 * An output table (api/output-table.ts) compiles into an entry's object (single answers, CSV) and
 * its JSON text written from rows. A client must receive, byte for byte, what the response schema
 * derived from the same table serializes the object to: both unit systems, every choice of
 * properties, field and latitude/longitude places, one date and ranges, values missing, text that
 * needs escaping. The observation table is the example (it has every kind of field).
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { choosableProperties, compileEntry, entryAnswer, entrySchema, listAnswer } from '../../src/api/output-table.js';
import { ObservationDatedSchema, ObservationListSchema, observationTable } from '../../src/api/weather/observations.js';
import type { WeatherPlace } from '../../src/api/weather/weather-place.js';
import { eitherSerializer } from '../../src/http/either-serializer.js';
import { WrittenBody } from '../../src/http/written-body.js';
import { DAILY_VARIABLE_NAMES, DAILY_VARIABLES } from '../../src/weather/daily-variables.js';
import type { DailyWeather } from '../../src/weather/weather-source.js';

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

const OBSERVATION = observationTable(DAILY_VARIABLES);
const OBSERVATION_PROPERTIES = choosableProperties(OBSERVATION);
const choices: (Set<string> | null)[] = [null, new Set(), ...OBSERVATION_PROPERTIES.map((p) => new Set([p])), new Set(['wind', 'location', 'solar']), new Set(OBSERVATION_PROPERTIES)];
const dated = eitherSerializer(ObservationDatedSchema as never);
const list = fastJson(ObservationListSchema as object);

describe('an output table written as text and as objects', () => {
  for (const place of places) {
    for (const units of ['metric', 'usa'] as const) {
      it(`${place.fieldHref ? 'field' : 'location'}, ${units}`, () => {
        for (const chosen of choices) {
          const entry = compileEntry(OBSERVATION, { place, units, baseUrl: 'http://localhost:3000' }, (name) => chosen === null || chosen.has(name));
          const links = { self: { href: `${place.basePath}/observations/2024-03-01,2024-03-07?x="1"` }, next: { href: '/n' } };
          const week = days(7);
          for (const [answer, serializers] of [
            [entryAnswer(entry, days(1), 0), [dated]],
            [listAnswer(entry, week, 7, 'observations', links), [dated, list]],
            [listAnswer(entry, week, 7, 'observations', links, { at: (k) => 6 - k }), [dated, list]],
            [listAnswer(entry, [], 0, 'observations', links), [dated, list]],
          ] as const) {
            expect(answer).toBeInstanceOf(WrittenBody);
            for (const serialize of serializers) expect(answer.json(serialize)).toBe(serialize(answer.object()));
          }
        }
      });
    }
  }
});

describe('the observation table', () => {
  it('is the spec\'s Daily observation: its properties, members and units in both unit systems', () => {
    expect(OBSERVATION_PROPERTIES).toEqual(['location', 'temperatures', 'precipitation', 'solar', 'relativeHumidity', 'wind']);
    const day = { date: '2024-03-01', tmax: 20, tmin: -5, precipitation: 25.4, solar: 5000, rhMax: 90, rhMin: 40, windMorningMax: 5, windDayMax: 8, windAverage: 3 } as unknown as DailyWeather;
    const place = places[1]!;
    const usa = compileEntry(OBSERVATION, { place, units: 'usa', baseUrl: 'http://x' }).object([day], 0);
    expect(usa).toMatchObject({
      date: '2024-03-01',
      temperatures: { max: 68, min: 23, units: 'F' },
      precipitation: { amount: 1, units: 'in' },
      solar: { amount: 5000, units: 'Wh/m^2' },
      relativeHumidity: { max: 90, min: 40 },
      wind: { units: 'mph' },
      _links: { self: { href: '/v2/weather/locations/-12.125,30/observations/2024-03-01' } },
    });
    expect(Object.keys(usa.wind as object)).toEqual(['morningMax', 'dayMax', 'average', 'units']);
    expect((usa.wind as { dayMax: number }).dayMax).toBeCloseTo(8 * 2.2369363, 1.99);
    expect(Object.keys(entrySchema(OBSERVATION).properties)).toEqual(['date', 'location', 'temperatures', 'precipitation', 'solar', 'relativeHumidity', 'wind', '_links']);
  });
});
