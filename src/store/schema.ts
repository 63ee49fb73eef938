/** Table shapes as Kysely sees them. One interface per table; the migrations create them. */
import type { ColumnType, Generated } from 'kysely';

export interface AccountTable {
  id: Generated<number>;
  name: string;
  enterprise: number; // 0 | 1 (portable boolean)
  created_at: number; // epoch ms
}

export interface ApiKeyTable {
  key: string;
  account_id: number;
  secret_hash: string;
  enabled: number; // 0 | 1
  created_at: number;
  last_used_at: number | null;
}

export interface FieldTable {
  account_id: number;
  id: string;
  name: string | null;
  farm_id: string;
  acres: number | null;
  latitude: number;
  longitude: number;
  created_at: number;
  /** Incremented on every change; guards concurrent updates. */
  version: ColumnType<number, number | undefined, number>;
}

export interface PlantingTable {
  id: Generated<number>;
  account_id: number;
  field_id: string;
  /** Crop id of the catalogue. */
  crop: string;
  planting_date: string; // YYYY-MM-DD
  projected_yield_amount: number | null;
  projected_yield_units: string | null;
  projected_harvest_date: string | null;
  yield_amount: number | null;
  yield_units: string | null;
  harvest_date: string | null;
  created_at: number;
}

export interface SettingTable {
  name: string;
  value: string;
}

export interface Database {
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  fields: FieldTable;
  plantings: PlantingTable;
  settings: SettingTable;
}
