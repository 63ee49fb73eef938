/**
 * A planting's water-balance parameters and irrigation events (water-balance-setup.ts): the
 * planting's own parameter values over the defaults of its crop and the default soil
 * (agronomy/water-balance-defaults.ts), replaced (PUT) or changed by JSON-Patch (PATCH), checked
 * as a whole before anything is stored; irrigations added, listed and deleted.
 */
import { waterBalanceParameterProblems, type WaterBalanceCrop, type WaterBalanceParameters, type WaterBalanceSoil } from '../agronomy/water-balance.js';
import { DEFAULT_WATER_BALANCE_SOIL, defaultWaterBalanceCrop } from '../agronomy/water-balance-defaults.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Clock } from '../core/clock.js';
import { addDays, type IsoDate } from '../core/dates.js';
import { conflict, invalid, notFoundError } from '../core/errors.js';
import type { Store } from '../store/store.js';
import type { PlantingRecord } from '../store/planting-repository.js';
import { WEATHER_WINDOWS } from './date-windows.js';
import { applyJsonPatch, type PatchOperation } from './json-patch.js';
import type { BalancedPlanting, EffectiveWaterBalanceParameters, IrrigationRecord, WaterBalanceInputs } from './water-balance-setup.js';

/** Irrigation events one planting may hold. */
export const MAX_IRRIGATIONS_PER_PLANTING = 1000;

/** The crop parameters a planting may set, and the soil's; every one a number but `stageLengths` and `curveNumber`. */
export const CROP_KEYS = ['kcbInitial', 'kcbMid', 'kcbEnd', 'stageLengths', 'heightInitial', 'heightMax', 'rootDepthInitial', 'rootDepthMax', 'depletionFraction'] as const;
export const SOIL_KEYS = ['fieldCapacity', 'wiltingPoint', 'initialWaterContent', 'evaporationLayerDepth', 'readilyEvaporableWater', 'curveNumber'] as const;

/** A planting's own values: any of the crop's and the soil's. */
export interface OwnWaterBalanceValues {
  crop?: Partial<WaterBalanceCrop>;
  soil?: Partial<WaterBalanceSoil>;
}

export interface IrrigationInput {
  date: IsoDate;
  /** mm. */
  amount: number;
  wettedFraction: number | null;
}

export interface WaterBalanceSetupService extends WaterBalanceInputs {
  /** Replaces the planting's own values with `values` (what it leaves out returns to its default). */
  replaceParameters(accountId: number, planting: PlantingRecord, values: OwnWaterBalanceValues): Promise<EffectiveWaterBalanceParameters>;
  /** Applies JSON-Patch operations to the effective parameters; the values they replace become the planting's own. */
  patchParameters(accountId: number, planting: PlantingRecord, operations: readonly PatchOperation[]): Promise<EffectiveWaterBalanceParameters>;
  /** Adds an irrigation: on or after the planting date, at most 7 days after `today` at the field. */
  addIrrigation(accountId: number, planting: PlantingRecord, today: IsoDate, input: IrrigationInput): Promise<IrrigationRecord>;
  deleteIrrigation(accountId: number, planting: PlantingRecord, id: number): Promise<void>;
}

function ownValues(json: string | undefined): OwnWaterBalanceValues {
  return json === undefined ? {} : (JSON.parse(json) as OwnWaterBalanceValues);
}

/** The effective parameters of own values over defaults, and the pointers of the values that are defaults. */
function effective(defaults: WaterBalanceParameters, own: OwnWaterBalanceValues): EffectiveWaterBalanceParameters {
  const crop = { ...defaults.crop, ...own.crop } as WaterBalanceCrop;
  const soil = { ...defaults.soil, ...own.soil } as WaterBalanceSoil;
  const defaulted = [
    ...CROP_KEYS.filter((key) => own.crop?.[key] === undefined).map((key) => `/crop/${key}`),
    ...SOIL_KEYS.filter((key) => own.soil?.[key] === undefined).map((key) => `/soil/${key}`),
  ];
  return { parameters: { crop, soil }, defaults: defaulted };
}

/** 400 naming the first problem of a combination of parameters. */
function checkParameters(parameters: WaterBalanceParameters): void {
  const problems = waterBalanceParameterProblems(parameters);
  if (problems.length > 0) {
    throw invalid('Invalid water-balance parameters.', `${problems.join('; ')}. Nothing was changed.`);
  }
}

export function createWaterBalanceSetupService(store: Store, catalog: Catalog, clock: Clock): WaterBalanceSetupService {
  /** The defaults of the planting's crop: its catalogue record's common name, or the crop as given. */
  function defaultsOf(crop: string): WaterBalanceParameters {
    const record = catalog.resolveCrop(crop);
    return { crop: defaultWaterBalanceCrop(record?.name ?? crop), soil: DEFAULT_WATER_BALANCE_SOIL };
  }
  async function keepOwn(accountId: number, planting: PlantingRecord, own: OwnWaterBalanceValues): Promise<void> {
    const empty = own.crop === undefined && own.soil === undefined;
    await store.waterBalance.setParameters(accountId, planting.id, empty ? null : JSON.stringify(own), clock.now());
  }
  const toRecord = (planting: BalancedPlanting) => (stored: { id: number; date: string; amountMm: number; wettedFraction: number | null }): IrrigationRecord => ({
    id: stored.id,
    fieldId: planting.fieldId,
    plantingId: planting.id,
    date: stored.date as IsoDate,
    amount: stored.amountMm,
    wettedFraction: stored.wettedFraction,
  });

  return {
    async parameters(accountId, planting) {
      return effective(defaultsOf(planting.crop), ownValues(await store.waterBalance.parameters(accountId, planting.id)));
    },
    async irrigations(accountId, planting) {
      return (await store.waterBalance.irrigations(accountId, planting.id)).map(toRecord(planting));
    },
    async replaceParameters(accountId, planting, values) {
      const defaults = defaultsOf(planting.crop);
      const result = effective(defaults, values);
      checkParameters(result.parameters);
      await keepOwn(accountId, planting, values);
      return result;
    },
    async patchParameters(accountId, planting, operations) {
      const defaults = defaultsOf(planting.crop);
      const previous = ownValues(await store.waterBalance.parameters(accountId, planting.id));
      const current = effective(defaults, previous).parameters;
      const patched = applyJsonPatch(current, operations);
      checkParameters(patched);
      // Only `replace` changes a value: the planting's own values are those it had, and every value a
      // patch replaces (even to its default).
      const own: OwnWaterBalanceValues = { ...(previous.crop ? { crop: { ...previous.crop } } : {}), ...(previous.soil ? { soil: { ...previous.soil } } : {}) };
      for (const operation of operations) {
        if (operation.op !== 'replace') continue;
        const [, group, key] = operation.path.split('/') as [string, 'crop' | 'soil', string];
        const target = (own[group] ??= {}) as Record<string, unknown>;
        target[key] = (patched[group] as unknown as Record<string, unknown>)[key];
      }
      await keepOwn(accountId, planting, own);
      return effective(defaults, own);
    },
    async addIrrigation(accountId, planting, today, input) {
      const latest = addDays(today, WEATHER_WINDOWS.forecastDaysAhead);
      if (input.date < planting.plantingDate || input.date > latest) {
        throw invalid(
          "Invalid value for property 'date'.",
          `An irrigation is dated from the planting date (${planting.plantingDate}) to ${latest} (today + ${WEATHER_WINDOWS.forecastDaysAhead} at the field); got ${input.date}. Nothing was stored.`,
        );
      }
      if ((await store.waterBalance.countIrrigations(accountId, planting.id)) >= MAX_IRRIGATIONS_PER_PLANTING) {
        throw conflict(
          'Too many irrigations.',
          `A planting holds at most ${MAX_IRRIGATIONS_PER_PLANTING} irrigation events; delete some before adding more. Nothing was stored.`,
        );
      }
      const stored = await store.waterBalance.addIrrigation(accountId, { plantingId: planting.id, date: input.date, amountMm: input.amount, wettedFraction: input.wettedFraction }, clock.now());
      return toRecord(planting)(stored);
    },
    async deleteIrrigation(accountId, planting, id) {
      if (!(await store.waterBalance.deleteIrrigation(accountId, planting.id, id))) {
        throw notFoundError('Irrigation', `No irrigation ${id} of the planting ${planting.id} in the field '${planting.fieldId}'.`);
      }
    },
  };
}
