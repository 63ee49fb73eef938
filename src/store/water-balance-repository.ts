/** A planting's water-balance parameters (its own values, as JSON) and irrigation events. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface StoredIrrigation {
  id: number;
  plantingId: number;
  date: string;
  amountMm: number;
  wettedFraction: number | null;
}

export interface WaterBalanceRepository {
  /** The planting's own parameter values (JSON text), or undefined when none are set. */
  parameters(accountId: number, plantingId: number): Promise<string | undefined>;
  /** Stores the planting's own values (JSON text), replacing any; `null` removes them. */
  setParameters(accountId: number, plantingId: number, valuesJson: string | null, now: number): Promise<void>;
  irrigations(accountId: number, plantingId: number): Promise<StoredIrrigation[]>;
  countIrrigations(accountId: number, plantingId: number): Promise<number>;
  addIrrigation(accountId: number, irrigation: Omit<StoredIrrigation, 'id'>, now: number): Promise<StoredIrrigation>;
  /** Whether the irrigation existed (and is now gone). */
  deleteIrrigation(accountId: number, plantingId: number, id: number): Promise<boolean>;
}

export function waterBalanceRepository(db: Kysely<Database>): WaterBalanceRepository {
  const toIrrigation = (row: { id: number; planting_id: number; date: string; amount_mm: number; wetted_fraction: number | null }): StoredIrrigation => ({
    id: Number(row.id),
    plantingId: Number(row.planting_id),
    date: row.date,
    amountMm: Number(row.amount_mm),
    wettedFraction: row.wetted_fraction === null ? null : Number(row.wetted_fraction),
  });
  return {
    async parameters(accountId, plantingId) {
      const row = await db.selectFrom('water_balance_parameters').select('values_json').where('planting_id', '=', plantingId).where('account_id', '=', accountId).executeTakeFirst();
      return row?.values_json;
    },
    async setParameters(accountId, plantingId, valuesJson, now) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('water_balance_parameters').where('planting_id', '=', plantingId).where('account_id', '=', accountId).execute();
        if (valuesJson !== null) await tx.insertInto('water_balance_parameters').values({ planting_id: plantingId, account_id: accountId, values_json: valuesJson, updated_at: now }).execute();
      });
    },
    async irrigations(accountId, plantingId) {
      const rows = await db
        .selectFrom('irrigations')
        .select(['id', 'planting_id', 'date', 'amount_mm', 'wetted_fraction'])
        .where('planting_id', '=', plantingId)
        .where('account_id', '=', accountId)
        .orderBy('date')
        .orderBy('id')
        .execute();
      return rows.map(toIrrigation);
    },
    async countIrrigations(accountId, plantingId) {
      const row = await db
        .selectFrom('irrigations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('planting_id', '=', plantingId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async addIrrigation(accountId, irrigation, now) {
      const row = await db
        .insertInto('irrigations')
        .values({ planting_id: irrigation.plantingId, account_id: accountId, date: irrigation.date, amount_mm: irrigation.amountMm, wetted_fraction: irrigation.wettedFraction, created_at: now })
        .returning(['id', 'planting_id', 'date', 'amount_mm', 'wetted_fraction'])
        .executeTakeFirstOrThrow();
      return toIrrigation(row);
    },
    async deleteIrrigation(accountId, plantingId, id) {
      const result = await db.deleteFrom('irrigations').where('id', '=', id).where('planting_id', '=', plantingId).where('account_id', '=', accountId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
