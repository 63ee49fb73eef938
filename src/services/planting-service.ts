/**
 * Planting use cases: create, read, list (all, per field, current only), whole replacement,
 * JSON-Patch update and delete, with the rules of the Planting resource: a crop given by id or
 * by name (stored as the id), real calendar dates, harvests not before planting, and yields
 * given as amount and units together or not at all.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { Clock } from '../core/clock.js';
import { conflict } from '../core/errors.js';
import { isIsoDate } from '../core/dates.js';
import { invalid, invalidParameterValue, notFoundError } from '../core/errors.js';
import type { Page } from '../store/field-repository.js';
import type { SortTerm } from '../store/ordering.js';
import type { PlantingRecord, PlantingSortColumn, PlantingValues, Yield } from '../store/planting-repository.js';
import type { Store } from '../store/store.js';
import { fieldNotFound } from './field-service.js';
import { applyJsonPatch, type PatchOperation } from './json-patch.js';

export type { Page } from '../store/field-repository.js';
export type { PlantingRecord, PlantingSortColumn, Yield } from '../store/planting-repository.js';

/** A planting id, or `current` for the field's most recently created planting. */
export type PlantingRef = number | 'current';

export interface YieldInput {
  amount?: unknown;
  units?: unknown;
}

/** A planting as a client writes it (POST and PUT bodies, or the result of a JSON-Patch). */
export interface PlantingInput {
  crop?: unknown;
  plantingDate?: unknown;
  projections?: { yield?: YieldInput | null; harvestDate?: unknown } | null;
  yield?: YieldInput | null;
  harvestDate?: unknown;
}

export interface PlantingListQuery {
  crop?: string;
  sort: SortTerm<PlantingSortColumn>[];
  limit: number;
  offset: number;
}

export interface PlantingService {
  create(accountId: number, fieldId: string, input: PlantingInput): Promise<PlantingRecord>;
  /** A planting of the account, whatever its field. */
  get(accountId: number, id: number): Promise<PlantingRecord>;
  /** A planting of the field (or its current one). */
  getInField(accountId: number, fieldId: string, ref: PlantingRef): Promise<PlantingRecord>;
  list(accountId: number, query: PlantingListQuery & { currentOnly?: boolean }): Promise<Page<PlantingRecord>>;
  listInField(accountId: number, fieldId: string, query: PlantingListQuery): Promise<Page<PlantingRecord>>;
  /** PUT: the input replaces every property; absent ones become null. */
  replace(accountId: number, fieldId: string, ref: PlantingRef, input: PlantingInput): Promise<PlantingRecord>;
  /** JSON-Patch `test`/`replace`, atomic; the rules are checked on the result. */
  patch(accountId: number, fieldId: string, ref: PlantingRef, operations: PatchOperation[]): Promise<PlantingRecord>;
  delete(accountId: number, fieldId: string, ref: PlantingRef): Promise<void>;
}

/** The paths JSON-Patch may address on a planting. */
export const PLANTING_PATCH_PATHS = [
  '/crop',
  '/plantingDate',
  '/harvestDate',
  '/projections/yield/amount',
  '/projections/yield/units',
  '/projections/harvestDate',
  '/yield/amount',
  '/yield/units',
] as const;

const plantingNotFound = (ref: PlantingRef, fieldId?: string) =>
  ref === 'current'
    ? notFoundError('Planting', `The field '${fieldId}' has no planting.`)
    : notFoundError('Planting', `No planting with id '${ref}' exists${fieldId === undefined ? ' for this account' : ` for the field '${fieldId}'`}.`);

const propertyError = (name: string, rule: string) => invalid(`Invalid value for property '${name}'.`, `'${name}' ${rule}`);

function date(value: unknown, name: string, required: boolean): string | null {
  if (value === undefined || value === null) {
    if (required) throw invalid(`Missing property '${name}'.`, `The property '${name}' is required: a date written YYYY-MM-DD.`);
    return null;
  }
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw propertyError(name, `must be a real calendar date written YYYY-MM-DD${required ? '' : ', or null'} (got ${JSON.stringify(value)}).`);
  }
  return value;
}

function yieldPair(value: YieldInput | null | undefined, name: string): Yield | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw propertyError(name, 'must be an object with amount and units, or null.');
  const amount = value.amount ?? null;
  const units = value.units ?? null;
  if (amount !== null && (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0)) {
    throw propertyError(`${name}.amount`, 'must be a number of at least 0, or null.');
  }
  if (units !== null && (typeof units !== 'string' || units.length < 1 || units.length > 100)) {
    throw propertyError(`${name}.units`, 'must be a unit label of 1 to 100 characters (such as bushels), or null.');
  }
  if ((amount === null) !== (units === null)) {
    throw invalid(
      `Incomplete property '${name}'.`,
      `'${name}' needs both amount and units, or neither: ${amount === null ? 'amount' : 'units'} is missing.`,
    );
  }
  return amount === null ? null : { amount: amount as number, units: units as string };
}

/** What one account may hold. */
export interface PlantingLimits {
  /** Plantings per account, over all its fields (`AGWX_MAX_PLANTINGS_PER_ACCOUNT`). */
  maxPlantingsPerAccount: number;
}

export function createPlantingService(store: Store, catalog: Catalog, clock: Clock, limits: PlantingLimits = { maxPlantingsPerAccount: Number.POSITIVE_INFINITY }): PlantingService {
  /** Input → the values to store, or a 400 naming the property that breaks a rule. */
  function toValues(input: PlantingInput): PlantingValues {
    if (typeof input.crop !== 'string' || input.crop.trim() === '') {
      throw input.crop === undefined || input.crop === null
        ? invalid("Missing property 'crop'.", "The property 'crop' is required: a crop id or a crop name such as corn.")
        : propertyError('crop', 'must be a crop id or a crop name such as corn.');
    }
    const crop = catalog.resolveCrop(input.crop);
    if (!crop) {
      throw propertyError('crop', `names no known crop ('${input.crop}'): give a crop id or a crop name from /v2/agronomics/crops.`);
    }
    const plantingDate = date(input.plantingDate, 'plantingDate', true)!;
    const projections = input.projections ?? null;
    if (projections !== null && (typeof projections !== 'object' || Array.isArray(projections))) {
      throw propertyError('projections', 'must be an object with yield and harvestDate, or null.');
    }
    const projectedHarvestDate = date(projections?.harvestDate, 'projections.harvestDate', false);
    const harvestDate = date(input.harvestDate, 'harvestDate', false);
    for (const [name, value] of [['harvestDate', harvestDate], ['projections.harvestDate', projectedHarvestDate]] as const) {
      if (value !== null && value < plantingDate) {
        throw propertyError(name, `(${value}) must not be before the plantingDate (${plantingDate}).`);
      }
    }
    return {
      crop: crop.id,
      plantingDate,
      projectedYield: yieldPair(projections?.yield, 'projections.yield'),
      projectedHarvestDate,
      actualYield: yieldPair(input.yield, 'yield'),
      harvestDate,
    };
  }

  /** The `crop` filter of a list: a crop id of the catalogue. */
  function checkCropFilter(crop: string | undefined): void {
    if (crop !== undefined && !catalog.crop(crop)) {
      throw invalidParameterValue('crop', `crop must be a crop id from /v2/agronomics/crops, such as ${catalog.crops[0]?.id ?? 'corn-2500-gdd'} (got '${crop}').`);
    }
  }

  async function requireField(accountId: number, fieldId: string): Promise<void> {
    if (!(await store.fields.get(accountId, fieldId))) throw fieldNotFound(fieldId);
  }

  async function getInField(accountId: number, fieldId: string, ref: PlantingRef): Promise<PlantingRecord> {
    await requireField(accountId, fieldId);
    const planting = ref === 'current' ? await store.plantings.current(accountId, fieldId) : await store.plantings.get(accountId, ref);
    if (!planting || planting.fieldId !== fieldId) throw plantingNotFound(ref, fieldId);
    return planting;
  }

  async function update(
    accountId: number,
    fieldId: string,
    ref: PlantingRef,
    change: (current: PlantingRecord) => PlantingValues,
  ): Promise<PlantingRecord> {
    const target = await getInField(accountId, fieldId, ref);
    const updated = await store.plantings.update(accountId, target.id, change);
    if (!updated) throw plantingNotFound(ref, fieldId);
    return updated;
  }

  return {
    async create(accountId, fieldId, input) {
      await requireField(accountId, fieldId);
      const held = await store.plantings.count(accountId);
      if (held >= limits.maxPlantingsPerAccount) {
        throw conflict(
          'Too many plantings.',
          `This account has ${held} plantings, the most one account may have (${limits.maxPlantingsPerAccount}, set by AGWX_MAX_PLANTINGS_PER_ACCOUNT); delete plantings it no longer needs, or ask the operator for a higher limit. Nothing was created.`,
        );
      }
      const created = await store.plantings.insert(accountId, fieldId, toValues(input), clock.now());
      if (!created) throw fieldNotFound(fieldId);
      return created;
    },
    async get(accountId, id) {
      const planting = await store.plantings.get(accountId, id);
      if (!planting) throw plantingNotFound(id);
      return planting;
    },
    getInField,
    async list(accountId, query) {
      checkCropFilter(query.crop);
      return store.plantings.list(accountId, query);
    },
    async listInField(accountId, fieldId, query) {
      checkCropFilter(query.crop);
      await requireField(accountId, fieldId);
      return store.plantings.list(accountId, { ...query, fieldId });
    },
    async replace(accountId, fieldId, ref, input) {
      const values = toValues(input);
      return update(accountId, fieldId, ref, () => values);
    },
    patch: (accountId, fieldId, ref, operations) =>
      update(accountId, fieldId, ref, (current) => {
        const document = {
          crop: current.crop,
          plantingDate: current.plantingDate,
          harvestDate: current.harvestDate,
          projections: {
            yield: { amount: current.projectedYield?.amount ?? null, units: current.projectedYield?.units ?? null },
            harvestDate: current.projectedHarvestDate,
          },
          yield: { amount: current.actualYield?.amount ?? null, units: current.actualYield?.units ?? null },
        };
        for (const [index, operation] of operations.entries()) {
          if (!(PLANTING_PATCH_PATHS as readonly string[]).includes(operation.path)) {
            throw invalid('Uneditable path.', `Command ${index} addresses '${operation.path}'; editable paths: ${PLANTING_PATCH_PATHS.join(', ')}. Nothing was changed.`);
          }
        }
        const result: typeof document = applyJsonPatch(document, operations);
        return toValues(result);
      }),
    async delete(accountId, fieldId, ref) {
      const target = await getInField(accountId, fieldId, ref);
      if (!(await store.plantings.delete(accountId, target.id))) throw plantingNotFound(ref, fieldId);
    },
  };
}
