/** Table shapes as Kysely sees them. One interface per table; the migrations create them. */
import type { ColumnType, Generated } from 'kysely';
import type { WeatherTables } from './weather-schema.js';

export interface AccountTable {
  id: Generated<number>;
  name: string;
  enterprise: number; // 0 | 1 (portable boolean)
  created_at: number; // epoch ms
  /** Web sign-in (account area); null for accounts made by the operator. Stored lower-case. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Changes with every change to the account's fields (set by triggers: never written by the code). */
  fields_revision: ColumnType<number, never, never>;
}

export interface ApiKeyTable {
  key: string;
  account_id: number;
  secret_hash: string;
  enabled: number; // 0 | 1
  created_at: number;
  last_used_at: number | null;
  /** The application's name given in the account area. */
  label: ColumnType<string | null, string | null | undefined, string | null>;
  /** `explorer` for the key the field explorer uses; null for ordinary keys. */
  purpose: ColumnType<string | null, string | null | undefined, string | null>;
  /** Map layer codes the key may request, JSON array; null: every layer. */
  map_layers: ColumnType<string | null, string | null | undefined, string | null>;
  /** Regions the key's map images must lie in, JSON `[[west,south,east,north], …]`; null: the world. */
  map_regions: ColumnType<string | null, string | null | undefined, string | null>;
  /** Sustained requests per minute and burst allowance; null: the configured default. */
  rate_per_minute: ColumnType<number | null, number | null | undefined, number | null>;
  rate_burst: ColumnType<number | null, number | null | undefined, number | null>;
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

/** A planting's own water-balance parameters: JSON of the values set, over its crop's defaults. */
export interface WaterBalanceParametersTable {
  planting_id: number;
  account_id: number;
  values_json: string;
  updated_at: number;
}

/** An irrigation event of a planting: net depth reaching the soil, mm. */
export interface IrrigationTable {
  id: Generated<number>;
  planting_id: number;
  account_id: number;
  date: string;
  amount_mm: number;
  wetted_fraction: number | null;
  created_at: number;
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

export interface JobTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  type: string;
  /** queued | running | done | cancelled | purged */
  state: string;
  /** The bundled requests, compact JSON `[[title|null, api], …]` (emptied once the job is cancelled or purged). */
  requests: string;
  request_count: number;
  created_at: number;
  /** The claim of the worker running the job, and until when it holds (wall-clock epoch ms). */
  claim_token: string | null;
  lease_until: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  completed_at: number | null;
  /** The API key that queued the job: its requests run as that key (null: queued before keys were kept). */
  api_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the job last took or left a worker (wall-clock epoch ms): accounts take turns by it. */
  served_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Bytes of its stored results (the sum of their `bytes`; 0 once cancelled or purged). */
  result_bytes: ColumnType<number | string, number | undefined, number>;
  /** When the job was cancelled or purged. */
  ended_at: number | null;
}

export interface JobResultTable {
  job_id: number;
  /** Index of the bundled request (from 0). */
  position: number;
  http_status: number;
  /** Compact JSON of the payload. */
  payload: string;
  /** The payload's UTF-8 bytes. */
  bytes: ColumnType<number, number | undefined, number>;
  /** The `X-Data-Source` its request answered with; null: none (and results stored before 0015). */
  data_source: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A signed-in browser session of the account area; `id` is the SHA-256 of the cookie's value. */
export interface WebSessionTable {
  id: string;
  account_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
}

/** Failed sign-ins per email (known or not), to slow down password guessing. */
export interface WebSignInFailureTable {
  email: string;
  failures: number;
  last_failed_at: number;
}

/** Requests answered per key per UTC day. */
export interface KeyUsageDailyTable {
  key: string;
  day: string; // YYYY-MM-DD (UTC)
  requests: number;
}

export interface Database extends WeatherTables {
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  fields: FieldTable;
  plantings: PlantingTable;
  water_balance_parameters: WaterBalanceParametersTable;
  irrigations: IrrigationTable;
  settings: SettingTable;
  jobs: JobTable;
  job_results: JobResultTable;
  web_sessions: WebSessionTable;
  web_sign_in_failures: WebSignInFailureTable;
  key_usage_daily: KeyUsageDailyTable;
}
