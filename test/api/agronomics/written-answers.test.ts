/**
 * Agronomic values and norms write the JSON of their daily entries straight into text
 * (http/written-body.ts). What a client receives must be, byte for byte, what the route's response
 * serializer writes from the same answer built as objects: for every choice of properties, both
 * unit systems, both orders, field and latitude/longitude places, with and without a planting,
 * ids that need escaping, and values that are missing or not finite.
 */
import { describe, expect, it } from 'vitest';
import { AgronomicAveragesDatedSchema, AgronomicNormsDatedSchema } from '../../../src/api/agronomics/agronomic-norm-schemas.js';
import { agronomicNormsPresenter } from '../../../src/api/agronomics/agronomic-norm-presenter.js';
import { agronomicLinks, type AgronomicPlace } from '../../../src/api/agronomics/agronomic-place.js';
import { AGRONOMIC_NORM_PROPERTIES, AGRONOMIC_PROPERTIES, parseAgronomicSelection } from '../../../src/api/agronomics/agronomic-properties.js';
import { agronomicValuesPresenter } from '../../../src/api/agronomics/agronomic-value-presenter.js';
import { AgronomicValuesDatedSchema } from '../../../src/api/agronomics/agronomic-value-schemas.js';
import { eitherSerializer } from '../../../src/http/either-serializer.js';
import { WrittenBody, withArray } from '../../../src/http/written-body.js';
import type { AgronomicNorms } from '../../../src/services/agronomic-norms-service.js';
import type { AgronomicValues } from '../../../src/services/agronomic-values-service.js';

const odd = 'f"1\\ü\u2028/é';
const fieldPlace: AgronomicPlace = {
  location: { latitude: 41.5, longitude: -93.25, fieldId: odd } as AgronomicPlace['location'],
  basePath: `/v2/agronomics/fields/${odd}`,
  fieldHref: `/v2/fields/${odd}`,
};
const locationPlace: AgronomicPlace = {
  location: { latitude: -12.125, longitude: 30, fieldId: null } as AgronomicPlace['location'],
  basePath: '/v2/agronomics/locations/-12.125,30',
  fieldHref: null,
};
const baseUrl = 'http://localhost:3000';

/** Numbers of every kind a day can carry: fractions with 17 digits, 0, -0, tiny, huge, missing, infinite. */
const samples = [0.1 + 0.2, 0, -0, 1e-7, 123456789.125, Number.NaN, Number.POSITIVE_INFINITY, 61.19999999999999, 2 / 3, -4.5];
const at = (i: number, shift: number) => samples[(i * 7 + shift) % samples.length]!;

function values(count: number): AgronomicValues {
  const series = (shift: number) => Float64Array.from({ length: count }, (_, i) => at(i, shift));
  return {
    sources: ['test'],
    dates: Array.from({ length: count }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`) as AgronomicValues['dates'],
    gdd: series(0),
    pet: series(1),
    ppet: series(2),
    accumulatedGdd: series(3),
    accumulatedPrecipitation: series(4),
    accumulatedPet: series(5),
    accumulatedPpet: series(6),
  };
}

function norms(count: number): AgronomicNorms {
  const stat = (i: number, shift: number) => {
    // Norms hold null, never NaN, for what is missing.
    const average = at(i, shift);
    const stdDev = at(i, shift + 1);
    return { average: average === average ? average : null, stdDev: i % 3 === 0 || stdDev !== stdDev ? null : stdDev, count: 10 };
  };
  const day = (i: number) => ({
    day: `04-${String(i + 1).padStart(2, '0')}`,
    gdd: stat(i, 0),
    pet: stat(i, 1),
    ppet: stat(i, 2),
    accumulatedGdd: stat(i, 3),
    accumulatedPrecipitation: stat(i, 4),
    accumulatedPet: stat(i, 5),
    accumulatedPpet: stat(i, 6),
  });
  return {
    sources: ['test'],
    period: { start: 2014, end: 2023 },
    years: [2014],
    totals: { gdd: stat(1, 0), precipitation: stat(2, 1), pet: stat(3, 2), ppet: stat(4, 3) },
    dayCount: count,
    dayAt: day,
  } as unknown as AgronomicNorms;
}

/** Property choices: none given, each alone, and a few mixtures. */
function choices(all: readonly string[]): (string | undefined)[] {
  return [undefined, ...all, 'gdd,accumulatedPet,location', 'pet,ppet,accumulatedPpet', 'accumulations,gdd', all.join(',')];
}

const expectSameBytes = (body: unknown, serialize: (value: unknown) => string) => {
  expect(body).toBeInstanceOf(WrittenBody);
  const written = body as WrittenBody;
  const text = written.json(serialize);
  expect(text).toBe(serialize(written.object()));
  return text;
};

describe('agronomic answers written as text', () => {
  const valuesSerialize = eitherSerializer(AgronomicValuesDatedSchema as never);
  for (const place of [fieldPlace, locationPlace]) {
    for (const units of ['metric', 'usa'] as const) {
      for (const plantingHref of [null, `/v2/fields/${odd}/plantings/7`]) {
        it(`values: ${place.fieldHref ? 'field' : 'location'}, ${units}, ${plantingHref ? 'with' : 'without'} a planting`, () => {
          for (const properties of choices(AGRONOMIC_PROPERTIES)) {
            const selection = parseAgronomicSelection(properties);
            const present = agronomicValuesPresenter({ place, units, selection, baseUrl, plantingHref });
            for (const descending of [false, true]) {
              for (const count of [0, 1, 23]) {
                const links = agronomicLinks(place, `${place.basePath}/agronomicvalues/2024-03-01,2024-03-23?x="1"`, baseUrl);
                expectSameBytes(present.ranged(values(count), descending, links), valuesSerialize);
              }
            }
          }
        });
      }
    }
  }

  for (const place of [fieldPlace, locationPlace]) {
    const serialize = eitherSerializer((place.fieldHref ? AgronomicNormsDatedSchema : AgronomicAveragesDatedSchema) as never);
    for (const units of ['metric', 'usa'] as const) {
      for (const yearsSuffix of ['', '/years/2014,2023']) {
        it(`norms: ${place.fieldHref ? 'field statistics' : 'location averages'}, ${units}, years ${yearsSuffix || 'default'}`, () => {
          for (const properties of choices(AGRONOMIC_NORM_PROPERTIES)) {
            const selection = parseAgronomicSelection(properties, AGRONOMIC_NORM_PROPERTIES);
            const present = agronomicNormsPresenter({ place, units, selection, baseUrl, yearsSuffix, plantingHref: place.fieldHref ? '/v2/fields/x/plantings/1' : null });
            for (const indices of [[], [0], [4, 3, 2, 1, 0], Array.from({ length: 30 }, (_, i) => i)]) {
              const links = agronomicLinks(place, `${place.basePath}/agronomicnorms/04-01,04-30`, baseUrl);
              expectSameBytes(present.ranged(norms(30), indices, links), serialize);
            }
          }
        });
      }
    }
  }

  it('values in the usa unit system are written in inches, and non-finite amounts as null', () => {
    const present = agronomicValuesPresenter({ place: locationPlace, units: 'usa', selection: parseAgronomicSelection('pet'), baseUrl, plantingHref: null });
    const body = JSON.parse((present.ranged(values(7), false, { self: { href: '/v' } }) as WrittenBody).json(valuesSerialize)) as {
      dailyValues: { pet: { amount: number | null; units: string } }[];
    };
    expect(body.dailyValues.map((d) => d.pet.units)).toEqual(Array(7).fill('in'));
    // pet follows samples[(i*7+1) % 10]: i = 1 → 2/3 mm, i = 2 → NaN (null), i = 5 → Infinity (null).
    expect(body.dailyValues[1]!.pet.amount).toBeCloseTo(2 / 3 / 25.4, 14);
    expect(body.dailyValues[2]!.pet.amount).toBeNull();
    expect(body.dailyValues[5]!.pet.amount).toBeNull();
  });

  it('splices the entries into the array of their key, not into text that only looks like it', () => {
    const serialize = (value: unknown) => JSON.stringify(value);
    expect(withArray(serialize, { note: '"rows":[]', _links: {} }, 'rows', '1,2')).toBe('{"note":"\\"rows\\":[]","_links":{},"rows":[1,2]}');
    expect(() => withArray(() => '{}', {}, 'rows', '1')).toThrow(/rows/);
  });
});
