/**
 * The place service: a field of the caller's account or a latitude/longitude, its local today,
 * the current planting when the range starts at it, the answer key, and the season so far.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import { createFieldService } from '../../src/services/field-service.js';
import { createPlaceService, type Place, type PlaceRequest, type PlaceServiceDependencies } from '../../src/services/place-service.js';
import type { PlantingValues } from '../../src/store/planting-repository.js';
import type { Store } from '../../src/store/store.js';
import type { GridCell } from '../../src/weather/weather-source.js';
import { openTestStore } from '../support/databases.js';
import { rejection } from '../support/domain-errors.js';

/** 2024-06-15 12:00 UTC: 07:00 in Iowa, 02:00 on 16 June at Kiritimati (UTC+14). */
const NOON = Date.parse('2024-06-15T12:00:00Z');

const planting = (plantingDate: string): PlantingValues => ({
  crop: 'corn-2500-gdd',
  plantingDate,
  projectedYield: null,
  projectedHarvestDate: null,
  actualYield: null,
  harvestDate: null,
});

describe('place service', () => {
  let store: Store;
  let accountId: number;
  let otherAccountId: number;
  const clock = manualClock(NOON);
  let currentCalls = 0;
  let revisionCalls: GridCell[] = [];
  let revisionOf: (cell: GridCell) => string | null = () => 'r1';

  const service = (overrides: Partial<PlaceServiceDependencies> = {}) =>
    createPlaceService({
      fields: createFieldService(store, clock),
      plantings: {
        current: (account, fieldId) => {
          currentCalls++;
          return store.plantings.current(account, fieldId);
        },
      },
      clock,
      revision: async (cell) => {
        revisionCalls.push(cell);
        return revisionOf(cell);
      },
      keepAnswers: true,
      ...overrides,
    });

  const caller = (id = accountId, enterprise = false) => ({ accountId: id, enterprise });
  const request = (more: Partial<PlaceRequest> = {}): PlaceRequest => ({
    caller: caller(),
    ref: { fieldId: 'north' },
    url: '/v2/weather/fields/north/observations',
    ...more,
  });

  beforeAll(async () => {
    store = await openTestStore('sqlite');
    accountId = (await store.accounts.create('places', false, 1)).id;
    otherAccountId = (await store.accounts.create('others', false, 1)).id;
    const field = { name: null, farmId: 'farm', acres: null };
    await store.fields.insert(accountId, { id: 'north', ...field, latitude: 41.5, longitude: -93.5 }, 1);
    await store.fields.insert(accountId, { id: 'bare', ...field, latitude: 41.5, longitude: -93.5 }, 1);
    await store.fields.insert(accountId, { id: 'atoll', ...field, latitude: 1.87, longitude: -157.43 }, 1);
    await store.fields.insert(otherAccountId, { id: 'theirs', ...field, latitude: 10, longitude: 10 }, 1);
    await store.plantings.insert(accountId, 'north', planting('2024-05-01'), 1);
    await store.plantings.insert(accountId, 'atoll', planting('2024-06-15'), 1);
  });
  afterAll(async () => store.close());

  const fresh = () => {
    clock.set(NOON);
    currentCalls = 0;
    revisionCalls = [];
    revisionOf = () => 'r1';
  };

  describe('resolve', () => {
    it("resolves a field of the account to its coordinates, grid cell, time zone and local dates", async () => {
      fresh();
      const place = await service().resolve(request());
      expect(place.location).toMatchObject({ latitude: 41.5, longitude: -93.5, fieldId: 'north', timeZone: 'America/Chicago' });
      expect(place.location.cell).toMatchObject({ row: 582, col: 1038 });
      expect(place.today).toBe('2024-06-15');
      expect(place.yesterday).toBe('2024-06-14');
      expect(place.planting).toBeNull();
    });

    it('resolves a latitude/longitude without reading fields', async () => {
      fresh();
      const place = await service({ fields: { get: () => Promise.reject(new Error('not to be read')) } }).resolve(request({ ref: { latitude: 52.1, longitude: 5.2 } }));
      expect(place.location).toMatchObject({ latitude: 52.1, longitude: 5.2, fieldId: null, timeZone: 'Europe/Amsterdam' });
      expect(place.today).toBe('2024-06-15');
    });

    it("takes today in the place's time zone: east of +12 h it is already tomorrow, west of UTC still yesterday", async () => {
      fresh();
      const atoll = await service().resolve(request({ ref: { fieldId: 'atoll' } }));
      expect(atoll.location.timeZone).toBe('Pacific/Kiritimati');
      expect(atoll.today).toBe('2024-06-16');
      expect(atoll.yesterday).toBe('2024-06-15');
      clock.set(Date.parse('2024-06-15T03:00:00Z'));
      expect((await service().resolve(request())).today).toBe('2024-06-14');
      expect((await service().resolve(request({ ref: { latitude: 21.3, longitude: -157.8 } }))).today).toBe('2024-06-14');
      expect((await service().resolve(request({ ref: { fieldId: 'atoll' } }))).today).toBe('2024-06-15');
    });

    it("is 404 for an unknown field and for another account's field", async () => {
      fresh();
      await rejection(service().resolve(request({ ref: { fieldId: 'nowhere' } })), { kind: 'notFound', simpleMessage: 'Field not found.' });
      await rejection(service().resolve(request({ ref: { fieldId: 'theirs' } })), { kind: 'notFound', simpleMessage: 'Field not found.' });
      const theirs = await service().resolve(request({ caller: caller(otherAccountId), ref: { fieldId: 'theirs' } }));
      expect(theirs.location.fieldId).toBe('theirs');
    });

    it('reads the current planting only when the range starts at it', async () => {
      fresh();
      await service().resolve(request());
      expect(currentCalls).toBe(0);
      const place = await service().resolve(request({ season: 'observations' }));
      expect(currentCalls).toBe(1);
      const current = await store.plantings.current(accountId, 'north');
      expect(place.planting).toEqual({ id: current!.id, fieldId: 'north', plantingDate: '2024-05-01' });
    });

    it('is 400 for a field without a planting, naming the resource, but 404 for an unknown field even then', async () => {
      fresh();
      const error = await rejection(service().resolve(request({ ref: { fieldId: 'bare' }, season: 'agronomic values' })), {
        kind: 'invalid',
        simpleMessage: 'The field has no planting.',
      });
      expect(error.detailedMessage).toContain("The field 'bare' has no planting, so agronomic values without dates have no start date.");
      await rejection(service().resolve(request({ ref: { fieldId: 'nowhere' }, season: 'observations' })), { kind: 'notFound', simpleMessage: 'Field not found.' });
    });
  });

  describe('answer key', () => {
    it('is null when answers are not kept, when the source names no revision and when it has no revision for the cell', async () => {
      fresh();
      expect((await service({ keepAnswers: false }).resolve(request())).answerKey).toBeNull();
      expect(revisionCalls).toHaveLength(0);
      expect((await service({ revision: undefined }).resolve(request())).answerKey).toBeNull();
      revisionOf = () => null;
      expect((await service().resolve(request())).answerKey).toBeNull();
      expect(revisionCalls).toHaveLength(1);
    });

    it("asks the revision of the place's grid cell", async () => {
      fresh();
      const place = await service().resolve(request());
      expect(revisionCalls).toEqual([place.location.cell]);
    });

    it('changes with each thing it names: account, plan, coordinates, today, revision, planting and URL', async () => {
      fresh();
      const keyOf = async (more: Partial<PlaceRequest> = {}) => (await service().resolve(request(more))).answerKey;
      const base = await keyOf();
      expect(base).not.toBeNull();
      // The same request again: the same key.
      expect(await keyOf()).toBe(base);

      const others: (string | null)[] = [];
      others.push(await keyOf({ caller: caller(otherAccountId), ref: { latitude: 41.5, longitude: -93.5 } }));
      others.push(await keyOf({ caller: caller(accountId, true) }));
      others.push(await keyOf({ ref: { latitude: 41.51, longitude: -93.5 } })); // the same grid cell, other coordinates
      others.push(await keyOf({ url: '/v2/weather/fields/north/observations?units=usa' }));
      clock.advance(24 * 3600_000);
      others.push(await keyOf());
      clock.set(NOON);
      revisionOf = () => 'r2';
      others.push(await keyOf());
      revisionOf = () => 'r1';
      const withPlanting = await keyOf({ season: 'observations' });
      others.push(withPlanting);
      const keys = [base, ...others];
      expect(keys.every((key) => key !== null)).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);

      // A new current planting (another id), then the same planting with another date.
      await store.plantings.insert(accountId, 'north', planting('2024-05-01'), 2);
      const newPlanting = await keyOf({ season: 'observations' });
      expect(newPlanting).not.toBe(withPlanting);
      const current = await store.plantings.current(accountId, 'north');
      await store.plantings.update(accountId, current!.id, (record) => ({ ...record, plantingDate: '2024-05-02' }));
      const movedPlanting = await keyOf({ season: 'observations' });
      expect(movedPlanting).not.toBe(newPlanting);
      expect(movedPlanting).not.toBe(withPlanting);
    });
  });

  describe('season so far', () => {
    const place = (plantingDate: string | null, yesterday = '2024-06-14'): Place => ({
      location: { latitude: 41.5, longitude: -93.5, fieldId: 'north', cell: { id: 0, row: 0, col: 0, latitude: 0, longitude: 0 }, timeZone: 'America/Chicago' },
      today: '2024-06-15',
      yesterday,
      planting: plantingDate === null ? null : { id: 7, fieldId: 'north', plantingDate },
      answerKey: null,
    });

    it("runs from the planting date through yesterday at the field", () => {
      const seasons = service();
      expect(seasons.seasonSoFar(place('2024-05-01'), 'dates')).toEqual({ start: '2024-05-01', end: '2024-06-14' });
      expect(seasons.seasonSoFar(place('2024-06-14'), 'dates')).toEqual({ start: '2024-06-14', end: '2024-06-14' });
      expect(seasons.seasonSoFar(place('2022-01-01'), 'days', '2022-01-01')).toEqual({ start: '2022-01-01', end: '2024-06-14' });
    });

    it('is 400 for a planting after yesterday, telling which path part to give', async () => {
      const seasons = service();
      const error = await rejection(async () => seasons.seasonSoFar(place('2024-06-15'), 'days'), { kind: 'invalid', simpleMessage: 'The planting has no past days yet.' });
      expect(error.detailedMessage).toContain('dated 2024-06-15, after yesterday (2024-06-14)');
      expect(error.detailedMessage).toContain('give the days in the path');
    });

    it('is 400 for a planting older than the earliest date kept', async () => {
      const seasons = service();
      const error = await rejection(async () => seasons.seasonSoFar(place('2021-12-14'), 'dates', '2021-12-15'), {
        kind: 'invalid',
        simpleMessage: 'The planting is older than the history kept.',
      });
      expect(error.detailedMessage).toContain('the earliest date is 2021-12-15');
      expect(error.detailedMessage).toContain('give the dates in the path');
    });

    it('needs a place resolved with its season', () => {
      expect(() => service().seasonSoFar(place(null), 'dates')).toThrow('seasonSoFar needs a place resolved with its season');
    });
  });
});
