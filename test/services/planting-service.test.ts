/**
 * The planting service on every database kind: the rules of the Planting resource (crop by id or
 * name, real dates, harvests not before planting, yields as amount and units together), plantings
 * of the account's own fields, `current`, list filters, whole replacement, JSON-Patch paths, and
 * nothing saved when a rule fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load-catalog.js';
import { fixedClock } from '../../src/core/clock.js';
import { createPlantingService, type PlantingInput, type PlantingRecord, type PlantingService } from '../../src/services/planting-service.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';
import { parameterMessage, rejection } from '../support/domain-errors.js';

const catalog = loadCatalog();

/** What a planting reads back as when only crop and date were given. */
const bare = { projectedYield: null, projectedHarvestDate: null, actualYield: null, harvestDate: null };

describe.each(databaseKinds())('planting service on %s', (kind) => {
  let store: Store;
  let plantings: PlantingService;
  let next = 0;
  /** A fresh account with the named fields. */
  const accountWith = async (...fieldIds: string[]) => {
    const id = (await store.accounts.create(`plantings-${kind}-${++next}`, false, 1)).id;
    for (const fieldId of fieldIds) await store.fields.insert(id, { id: fieldId, name: null, farmId: 'farm', acres: null, latitude: 41.5, longitude: -93.5 }, 1);
    return id;
  };
  const allOf = async (accountId: number) => (await plantings.list(accountId, { sort: [], limit: 100, offset: 0 })).items;

  beforeAll(async () => {
    store = await openTestStore(kind);
    plantings = createPlantingService(store, catalog, fixedClock(Date.parse('2024-06-15T12:00:00Z')));
  });
  afterAll(async () => store.close());

  it('answers a replacement that breaks a rule with a rejected promise, as every other use case, and saves nothing', async () => {
    const account = await accountWith('f');
    const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
    let pending: Promise<PlantingRecord> | undefined;
    expect(() => {
      pending = plantings.replace(account, 'f', created.id, { crop: 'corn', plantingDate: '2024-05-01', harvestDate: '2024-04-01' });
    }).not.toThrow();
    await rejection(pending!, { kind: 'invalid', simpleMessage: "Invalid value for property 'harvestDate'." });
    expect(await plantings.get(account, created.id)).toEqual(created);
  });
});
