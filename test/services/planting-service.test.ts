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

  describe('create', () => {
    it('stores a crop given by id, or by name as the default record of that name', async () => {
      const account = await accountWith('f');
      const byId = await plantings.create(account, 'f', { crop: 'corn-2700-gdd', plantingDate: '2024-04-20' });
      expect(byId).toEqual({ id: byId.id, fieldId: 'f', crop: 'corn-2700-gdd', plantingDate: '2024-04-20', ...bare });
      expect((await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-04-20' })).crop).toBe('corn-2500-gdd');
      expect((await plantings.create(account, 'f', { crop: ' Wheat ', plantingDate: '2024-04-20' })).crop).toBe('wheat-generic');
    });

    it('stores every property, yields as amount and units', async () => {
      const account = await accountWith('f');
      const input: PlantingInput = {
        crop: 'soya',
        plantingDate: '2024-05-01',
        projections: { yield: { amount: 60.5, units: 'bushels' }, harvestDate: '2024-10-01' },
        yield: { amount: 0, units: 't/ha' },
        harvestDate: '2024-05-01',
      };
      const created = await plantings.create(account, 'f', input);
      const expected: PlantingRecord = {
        id: created.id,
        fieldId: 'f',
        crop: 'soya-generic',
        plantingDate: '2024-05-01',
        projectedYield: { amount: 60.5, units: 'bushels' },
        projectedHarvestDate: '2024-10-01',
        actualYield: { amount: 0, units: 't/ha' },
        harvestDate: '2024-05-01',
      };
      expect(created).toEqual(expected);
      expect(await plantings.get(account, created.id)).toEqual(expected);
      // Both halves of a yield null: no yield.
      const none = await plantings.create(account, 'f', { crop: 'soya', plantingDate: '2024-05-01', yield: { amount: null, units: null }, projections: null });
      expect(none.actualYield).toBeNull();
      expect(none.projectedYield).toBeNull();
    });

    it('refuses a planting that breaks a rule, naming the property, and saves nothing', async () => {
      const account = await accountWith('f');
      const base = { crop: 'corn', plantingDate: '2024-05-01' };
      const cases: [PlantingInput, string, string?][] = [
        [{ plantingDate: '2024-05-01' }, "Missing property 'crop'."],
        [{ ...base, crop: '  ' }, "Invalid value for property 'crop'."],
        [{ ...base, crop: 42 }, "Invalid value for property 'crop'."],
        [{ ...base, crop: 'maize' }, "Invalid value for property 'crop'.", "names no known crop ('maize')"],
        [{ crop: 'corn' }, "Missing property 'plantingDate'."],
        [{ ...base, plantingDate: '2023-02-29' }, "Invalid value for property 'plantingDate'."],
        [{ ...base, plantingDate: '2024-5-1' }, "Invalid value for property 'plantingDate'."],
        [{ ...base, harvestDate: '2024-04-30' }, "Invalid value for property 'harvestDate'.", '(2024-04-30) must not be before the plantingDate (2024-05-01)'],
        [{ ...base, projections: { harvestDate: '2024-04-30' } }, "Invalid value for property 'projections.harvestDate'."],
        [{ ...base, projections: [] as never }, "Invalid value for property 'projections'."],
        [{ ...base, yield: { amount: 10 } }, "Incomplete property 'yield'.", 'units is missing'],
        [{ ...base, yield: { units: 'bushels' } }, "Incomplete property 'yield'.", 'amount is missing'],
        [{ ...base, yield: { amount: -1, units: 'bushels' } }, "Invalid value for property 'yield.amount'."],
        [{ ...base, yield: { amount: 1, units: '' } }, "Invalid value for property 'yield.units'."],
        [{ ...base, yield: { amount: 1, units: 'x'.repeat(101) } }, "Invalid value for property 'yield.units'."],
        [{ ...base, projections: { yield: { amount: 5 } } }, "Incomplete property 'projections.yield'."],
        [{ ...base, projections: { yield: { amount: Number.NaN, units: 'bu' } } }, "Invalid value for property 'projections.yield.amount'."],
      ];
      for (const [input, simpleMessage, detail] of cases) {
        const error = await rejection(plantings.create(account, 'f', input), { kind: 'invalid', simpleMessage });
        if (detail) expect(error.detailedMessage).toContain(detail);
      }
      expect(await allOf(account)).toEqual([]);
    });

    it("is 404 for a field the account does not have", async () => {
      const account = await accountWith('f');
      const other = await accountWith('theirs');
      await rejection(plantings.create(account, 'nowhere', { crop: 'corn', plantingDate: '2024-05-01' }), { kind: 'notFound', simpleMessage: 'Field not found.' });
      await rejection(plantings.create(account, 'theirs', { crop: 'corn', plantingDate: '2024-05-01' }), { kind: 'notFound', simpleMessage: 'Field not found.' });
      expect(await allOf(other)).toEqual([]);
    });
  });

  describe('read', () => {
    it("reads a planting of the account by id, and 404 for another account's", async () => {
      const account = await accountWith('f');
      const stranger = await accountWith('g');
      const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
      expect(await plantings.get(account, created.id)).toEqual(created);
      await rejection(plantings.get(stranger, created.id), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      await rejection(plantings.get(account, created.id + 1000), { kind: 'notFound', simpleMessage: 'Planting not found.' });
    });

    it("reads a planting of a field, or the field's current (most recently created) one", async () => {
      const account = await accountWith('f', 'g', 'empty');
      const first = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
      const second = await plantings.create(account, 'f', { crop: 'soya', plantingDate: '2024-04-01' });
      const elsewhere = await plantings.create(account, 'g', { crop: 'oat', plantingDate: '2024-06-01' });
      expect(await plantings.getInField(account, 'f', first.id)).toEqual(first);
      expect(await plantings.getInField(account, 'f', 'current')).toEqual(second);
      expect(await plantings.getInField(account, 'g', 'current')).toEqual(elsewhere);
      // A planting of another field is not found through this one.
      const wrongField = await rejection(plantings.getInField(account, 'g', first.id), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      expect(wrongField.detailedMessage).toContain(`for the field 'g'`);
      const none = await rejection(plantings.getInField(account, 'empty', 'current'), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      expect(none.detailedMessage).toBe("The field 'empty' has no planting.");
      await rejection(plantings.getInField(account, 'nowhere', 'current'), { kind: 'notFound', simpleMessage: 'Field not found.' });
    });
  });

  describe('list', () => {
    it('filters by crop id, by field and to current plantings', async () => {
      const account = await accountWith('f', 'g');
      const old = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2023-05-01' });
      const current = await plantings.create(account, 'f', { crop: 'soya', plantingDate: '2024-05-01' });
      const other = await plantings.create(account, 'g', { crop: 'corn', plantingDate: '2024-05-02' });
      const ids = (page: { items: PlantingRecord[]; total: number }) => ({ ids: page.items.map((p) => p.id), total: page.total });
      const query = { sort: [], limit: 10, offset: 0 };
      expect(ids(await plantings.list(account, query))).toEqual({ ids: [old.id, current.id, other.id], total: 3 });
      expect(ids(await plantings.list(account, { ...query, crop: 'corn-2500-gdd' }))).toEqual({ ids: [old.id, other.id], total: 2 });
      expect(ids(await plantings.list(account, { ...query, currentOnly: true }))).toEqual({ ids: [current.id, other.id], total: 2 });
      expect(ids(await plantings.listInField(account, 'f', query))).toEqual({ ids: [old.id, current.id], total: 2 });
      expect(ids(await plantings.listInField(account, 'f', { ...query, crop: 'soya-generic' }))).toEqual({ ids: [current.id], total: 1 });
      expect(ids(await plantings.list(account, { ...query, sort: [{ column: 'plantingDate', descending: true }], limit: 1, offset: 1 }))).toEqual({ ids: [current.id], total: 3 });
    });

    it("is 400 naming 'crop' for a crop filter that is not a crop id (a crop name too)", async () => {
      const account = await accountWith('f');
      const query = { sort: [], limit: 10, offset: 0 };
      for (const crop of ['maize', 'corn']) {
        const error = await rejection(plantings.list(account, { ...query, crop }), { kind: 'invalid', simpleMessage: parameterMessage('crop') });
        expect(error.detailedMessage).toContain(`(got '${crop}')`);
        await rejection(plantings.listInField(account, 'f', { ...query, crop }), { kind: 'invalid', simpleMessage: parameterMessage('crop') });
      }
      await rejection(plantings.listInField(account, 'nowhere', query), { kind: 'notFound', simpleMessage: 'Field not found.' });
    });
  });

  describe('replace', () => {
    it('replaces every property; those not given become null', async () => {
      const account = await accountWith('f');
      const created = await plantings.create(account, 'f', {
        crop: 'corn',
        plantingDate: '2024-05-01',
        yield: { amount: 1, units: 'bu' },
        harvestDate: '2024-10-01',
        projections: { yield: { amount: 2, units: 'bu' }, harvestDate: '2024-10-02' },
      });
      const replaced = await plantings.replace(account, 'f', 'current', { crop: 'oat-generic', plantingDate: '2024-05-03' });
      expect(replaced).toEqual({ id: created.id, fieldId: 'f', crop: 'oat-generic', plantingDate: '2024-05-03', ...bare });
      expect(await plantings.get(account, created.id)).toEqual(replaced);
    });

    it('saves nothing when the new planting breaks a rule, and is 404 for a planting the field does not have', async () => {
      const account = await accountWith('f', 'g');
      const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
      await rejection(plantings.replace(account, 'f', created.id, { crop: 'corn', plantingDate: '2024-05-01', harvestDate: '2024-04-01' }), {
        kind: 'invalid',
        simpleMessage: "Invalid value for property 'harvestDate'.",
      });
      await rejection(plantings.replace(account, 'g', created.id, { crop: 'oat', plantingDate: '2024-05-01' }), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      await rejection(plantings.replace(account, 'g', 'current', { crop: 'oat', plantingDate: '2024-05-01' }), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      expect(await plantings.get(account, created.id)).toEqual(created);
    });

    it('answers a replacement that breaks a rule with a rejected promise, as every other use case', async () => {
      const account = await accountWith('f');
      const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
      let pending: Promise<PlantingRecord> | undefined;
      expect(() => {
        pending = plantings.replace(account, 'f', created.id, { crop: 'corn', plantingDate: '2024-05-01', harvestDate: '2024-04-01' });
      }).not.toThrow();
      await rejection(pending!, { kind: 'invalid', simpleMessage: "Invalid value for property 'harvestDate'." });
    });
  });

  describe('patch', () => {
    it('edits the paths of the planting, resolving a crop name, and checks the rules on the result', async () => {
      const account = await accountWith('f');
      const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
      const patched = await plantings.patch(account, 'f', created.id, [
        { op: 'test', path: '/crop', value: 'corn-2500-gdd' },
        { op: 'replace', path: '/crop', value: 'soya' },
        { op: 'replace', path: '/projections/yield/amount', value: 55 },
        { op: 'replace', path: '/projections/yield/units', value: 'bushels' },
        { op: 'replace', path: '/projections/harvestDate', value: '2024-09-30' },
        { op: 'replace', path: '/yield/amount', value: 50 },
        { op: 'replace', path: '/yield/units', value: 'bushels' },
        { op: 'replace', path: '/harvestDate', value: '2024-10-02' },
        { op: 'replace', path: '/plantingDate', value: '2024-05-02' },
      ]);
      expect(patched).toEqual({
        id: created.id,
        fieldId: 'f',
        crop: 'soya-generic',
        plantingDate: '2024-05-02',
        projectedYield: { amount: 55, units: 'bushels' },
        projectedHarvestDate: '2024-09-30',
        actualYield: { amount: 50, units: 'bushels' },
        harvestDate: '2024-10-02',
      });
      expect(await plantings.getInField(account, 'f', 'current')).toEqual(patched);
      // Emptying both halves of a yield removes it.
      const cleared = await plantings.patch(account, 'f', 'current', [
        { op: 'replace', path: '/yield/amount', value: null },
        { op: 'replace', path: '/yield/units', value: null },
      ]);
      expect(cleared.actualYield).toBeNull();
      expect(cleared.projectedYield).toEqual({ amount: 55, units: 'bushels' });
    });

    it('refuses paths outside the planting, failing tests and broken rules, saving nothing', async () => {
      const account = await accountWith('f');
      const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01', harvestDate: '2024-09-01' });
      const uneditable = await rejection(
        plantings.patch(account, 'f', created.id, [
          { op: 'replace', path: '/crop', value: 'oat' },
          { op: 'replace', path: '/fieldId', value: 'g' },
        ]),
        { kind: 'invalid', simpleMessage: 'Uneditable path.' },
      );
      expect(uneditable.detailedMessage).toContain("Command 1 addresses '/fieldId'");
      await rejection(plantings.patch(account, 'f', created.id, [{ op: 'replace', path: '/projections', value: null }]), { kind: 'invalid', simpleMessage: 'Uneditable path.' });
      await rejection(
        plantings.patch(account, 'f', created.id, [
          { op: 'replace', path: '/crop', value: 'oat' },
          { op: 'test', path: '/plantingDate', value: '2024-05-02' },
        ]),
        { kind: 'invalid', simpleMessage: 'JSON-Patch test failed.' },
      );
      await rejection(plantings.patch(account, 'f', created.id, [{ op: 'replace', path: '/plantingDate', value: '2024-09-02' }]), {
        kind: 'invalid',
        simpleMessage: "Invalid value for property 'harvestDate'.",
      });
      await rejection(plantings.patch(account, 'f', created.id, [{ op: 'replace', path: '/yield/amount', value: 3 }]), {
        kind: 'invalid',
        simpleMessage: "Incomplete property 'yield'.",
      });
      await rejection(plantings.patch(account, 'f', created.id, [{ op: 'replace', path: '/crop', value: 'maize' }]), {
        kind: 'invalid',
        simpleMessage: "Invalid value for property 'crop'.",
      });
      expect(await plantings.get(account, created.id)).toEqual(created);
    });
  });

  describe('delete', () => {
    it('deletes by id or as current; the field then has its earlier planting as current', async () => {
      const account = await accountWith('f');
      const first = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2023-05-01' });
      const second = await plantings.create(account, 'f', { crop: 'soya', plantingDate: '2024-05-01' });
      await plantings.delete(account, 'f', 'current');
      await rejection(plantings.get(account, second.id), { kind: 'notFound' });
      expect(await plantings.getInField(account, 'f', 'current')).toEqual(first);
      await plantings.delete(account, 'f', first.id);
      await rejection(plantings.delete(account, 'f', first.id), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      await rejection(plantings.delete(account, 'f', 'current'), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      expect(await allOf(account)).toEqual([]);
    });

    it("is 404 for a planting of another field or another account, which stays", async () => {
      const account = await accountWith('f', 'g');
      const stranger = await accountWith('f');
      const created = await plantings.create(account, 'f', { crop: 'corn', plantingDate: '2024-05-01' });
      await rejection(plantings.delete(account, 'g', created.id), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      await rejection(plantings.delete(stranger, 'f', created.id), { kind: 'notFound', simpleMessage: 'Planting not found.' });
      expect(await plantings.get(account, created.id)).toEqual(created);
    });
  });
});
