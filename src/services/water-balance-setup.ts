/**
 * What a planting's water balance is computed from besides the weather: its parameters (the
 * planting's own values over the defaults of its crop and the default soil,
 * agronomy/water-balance-defaults.ts) and its irrigation events. The service that keeps them
 * (`createWaterBalanceSetupService`) and the one that computes the balance
 * (water-balance-service.ts) meet here.
 */
import type { IsoDate } from '../core/dates.js';
import type { WaterBalanceParameters } from '../agronomy/water-balance.js';

/** One irrigation event of a planting; `amount` in mm of water reaching the soil. */
export interface IrrigationRecord {
  id: number;
  fieldId: string;
  plantingId: number;
  date: IsoDate;
  amount: number;
  /** Fraction of the surface the irrigation wets, fw (FAO-56 Table 20); null: the whole surface. */
  wettedFraction: number | null;
}

/** A planting's parameters as the balance uses them. */
export interface EffectiveWaterBalanceParameters {
  parameters: WaterBalanceParameters;
  /**
   * The values that are defaults (not set for the planting), as JSON Pointers into the answer:
   * `/crop/kcbMid`, `/crop/stageLengths`, `/soil/curveNumber`, …
   */
  defaults: string[];
}

/** The planting whose balance is asked for, as the caller has read it (the account's, known to exist). */
export interface BalancedPlanting {
  id: number;
  fieldId: string;
  /** Its crop id: the crop's defaults are the parameters' defaults. */
  crop: string;
}

/** What the water balance reads of a planting. */
export interface WaterBalanceInputs {
  parameters(accountId: number, planting: BalancedPlanting): Promise<EffectiveWaterBalanceParameters>;
  /** The planting's irrigation events, by date then id. */
  irrigations(accountId: number, planting: BalancedPlanting): Promise<IrrigationRecord[]>;
}
