/**
 * The list-or-single answers are written by two serializers, one per branch, chosen in code: the
 * bytes must be those fast-json-stringify writes from the whole `if`/`then`/`else` schema.
 */
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { AgronomicNormsDatedSchema } from '../../src/api/agronomics/agronomic-norms.js';
import { AgronomicValuesDatedSchema } from '../../src/api/agronomics/agronomic-values.js';
import { ObservationDatedSchema } from '../../src/api/weather/observations.js';
import { eitherSerializer, isEitherSchema } from '../../src/http/either-serializer.js';

const statistic = { average: 1.25, stdDev: 0.5 };
const normDay = { day: '03-01', gdd: statistic, pet: { average: 2, stdDev: 1, units: 'mm' }, ppet: statistic, _links: { self: { href: '/x' } } };

describe('list-or-single serializers', () => {
  it.each([
    ['an observation list', ObservationDatedSchema, { observations: [{ date: '2024-03-01', location: { latitude: 1, longitude: 2 } }], _links: { self: { href: '/o' } } }],
    ['a single observation', ObservationDatedSchema, { date: '2024-03-01', location: { latitude: 1, longitude: 2 }, extra: 'dropped' }],
    ['ranged agronomic values (daily values only)', AgronomicValuesDatedSchema, { dailyValues: [{ date: '2024-03-01', gdd: 3 }], _links: { self: { href: '/v' } } }],
    ['ranged agronomic values (accumulations only)', AgronomicValuesDatedSchema, { accumulations: { gdd: 3 }, _links: { self: { href: '/v' } } }],
    ['a single agronomic day', AgronomicValuesDatedSchema, { date: '2024-03-01', gdd: 3, pet: { amount: 1.5, units: 'mm' } }],
    ['ranged agronomic norms', AgronomicNormsDatedSchema, { averageAccumulations: { gdd: statistic }, dailyNorms: [normDay] }],
    ['a single agronomic norm day', AgronomicNormsDatedSchema, normDay],
    ['a body whose list key is undefined', ObservationDatedSchema, { observations: undefined, date: '2024-03-01' }],
  ])('writes %s as the whole schema would', (_name, schema, body) => {
    expect(isEitherSchema(schema)).toBe(true);
    expect(eitherSerializer(schema as never)(body)).toBe(fastJson(schema as object)(body));
  });

  it('takes only conditions on keys: any other `if` is left to fast-json-stringify', () => {
    expect(isEitherSchema({ if: { required: ['a'] }, then: {}, else: {} })).toBe(true);
    expect(isEitherSchema({ if: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b', 'c'] }] }, then: {}, else: {} })).toBe(true);
    expect(isEitherSchema({ if: { properties: { a: { const: 1 } } }, then: {}, else: {} })).toBe(false);
    expect(isEitherSchema({ if: { required: ['a'], minProperties: 2 }, then: {}, else: {} })).toBe(false);
    expect(isEitherSchema({ if: { required: ['a'] }, then: {} })).toBe(false);
    expect(isEitherSchema({ type: 'object' })).toBe(false);
  });
});
