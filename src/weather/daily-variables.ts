/**
 * The daily weather variables: one entry each, with what every part of the application needs to
 * know of it. `DailyWeather` (weather-source.ts) is built from this table, and so are the empty
 * day, the stored-year layout (store/daily-year-codec.ts), the providers' requests, parsing and
 * the fields a provider's day needs to be complete (Open-Meteo's names and daily aggregation,
 * NASA POWER's parameters), the station files' columns and units (weather/import/), the weather
 * generator's outputs and the packing of its years (weather/synthetic/), the API's unit
 * conversions and the weather map grid that falls back on a daily value. What is not a name, a
 * unit or an aggregation — a variable's science — stays with whoever computes it.
 *
 * The order of the entries is the order the providers are asked for their parameters in; where a
 * variable is stored is its `slot`, not its place here.
 */
import type { QuantityName } from '../agronomy/quantities.js';

/** Internal units (see weather-source.ts). */
export type InternalUnit = '°C' | 'mm' | 'Wh/m²' | '%' | 'kPa' | 'm/s';

/**
 * Where the Daily observation answer serves a variable: `member` of the object `property`
 * (`temperatures.max`); properties and members are written in the order of `order`.
 */
export interface ObservationPlace {
  readonly property: string;
  readonly member: string;
  readonly order: number;
}

/** How Open-Meteo's hourly values of a local day make the day's value. */
export type HourlyAggregate = 'max' | 'min' | 'mean' | 'morningMax';

/**
 * Open-Meteo's name for the variable and how the day's value is made. Values are converted from
 * the unit the answer states (`daily_units`, `hourly_units`) to the variable's internal unit.
 */
export interface OpenMeteoVariable {
  /** The daily aggregate: asked for when there is no `hourly`, and read from answers without hourly values. */
  readonly daily?: string;
  /**
   * The hourly variable the day's value is built from (asked for with every daily request) and
   * how: the highest, lowest or mean of the local day's hours, or the highest of its morning hours
   * (06:00–12:00 local, both ends). A day with a missing hour (or fewer than 23) gets null.
   */
  readonly hourly?: { readonly name: string; readonly aggregate: HourlyAggregate };
  /** A past day without this value is not complete, so it is fetched again later. */
  readonly complete: boolean;
}

/** NASA POWER's parameters for the variable (see providers/nasa-power/nasa-power-variables.ts). */
export interface NasaPowerVariable {
  /**
   * The parameters that give it, in order of preference: the first is asked for, the first an
   * answer carries is read. A wind speed's names its height above ground (m), brought to 10 m.
   * None: derived from other parameters.
   */
  readonly parameters?: readonly { readonly name: string; readonly height?: number }[];
  /** The parameter is a dew point (°C); the value is its vapour pressure e°(Tdew) (FAO-56 eq. 14). */
  readonly dewPoint?: boolean;
  /** A day needs the value to be complete. */
  readonly complete: boolean;
}

/** A station file format's column of the variable and the unit the format gives it in (weather/import/weather-units.ts). */
export interface StationFileColumn {
  readonly column: string;
  readonly unit: string;
}

/** Where station files hold the variable (weather/import/). */
export interface StationFileColumns {
  /** Header names (lower case) a CSV column of it is guessed by when no mapping is given; its own name is always one. */
  readonly csv: readonly string[];
  /** DSSAT `.WTH` daily column. */
  readonly dssat?: StationFileColumn;
  /** KNMI daily station data column. */
  readonly knmi?: StationFileColumn;
}

export interface DailyVariable {
  readonly unit: InternalUnit;
  readonly description: string;
  /**
   * Only some sources give it: an optional member of `DailyWeather`, absent or null where the
   * source has nothing for it.
   */
  readonly optional: boolean;
  /**
   * Its place among the values of a stored day, after `fetchedAt` and `complete`. Slots are
   * numbered from 0 without gaps; a new variable takes the next one. Never move or reuse a slot:
   * stored rows are read by it.
   */
  readonly slot: number;
  /** What it measures (agronomy/quantities.ts): its unit label and conversion under `units=usa`. */
  readonly quantity: QuantityName;
  /** Where the observation answer serves it; null: not served there. */
  readonly observation: ObservationPlace | null;
  /**
   * Decimals the value means, in the internal unit and in the unit of `units=usa`. The weather
   * generator writes its values to `internal` decimals (and keeps its years packed by them).
   */
  readonly precision: { readonly internal: number; readonly usa: number };
  /** Open-Meteo's name and daily aggregation; null: Open-Meteo does not give it. */
  readonly openMeteo: OpenMeteoVariable | null;
  /** NASA POWER's parameters; null: POWER does not give it. */
  readonly nasaPower: NasaPowerVariable | null;
  /** Its columns in station files. */
  readonly stationFiles: StationFileColumns;
  /**
   * Weather map grids (maps/weather-grid) that take this daily value where the source has no
   * hourly values (see services/map-weather-grid.ts).
   */
  readonly mapGrids: readonly string[];
}

/** A table of daily variables: DAILY_VARIABLES, or (in tests) one extended with more entries. */
export type DailyVariableTable = Readonly<Record<string, DailyVariable>>;

export const DAILY_VARIABLES = {
  tmax: {
    unit: '°C',
    description: 'Highest air temperature of the day',
    optional: false,
    slot: 0,
    quantity: 'temperature',
    observation: { property: 'temperatures', member: 'max', order: 1 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { daily: 'temperature_2m_max', complete: true },
    nasaPower: { parameters: [{ name: 'T2M_MAX' }], complete: true },
    stationFiles: {
      csv: ['tx', 'temperature_max', 'max_temperature', 'maxtemp'],
      dssat: { column: 'TMAX', unit: 'C' },
      knmi: { column: 'TX', unit: '0.1C' },
    },
    mapGrids: [],
  },
  tmin: {
    unit: '°C',
    description: 'Lowest air temperature of the day',
    optional: false,
    slot: 1,
    quantity: 'temperature',
    observation: { property: 'temperatures', member: 'min', order: 2 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { daily: 'temperature_2m_min', complete: true },
    nasaPower: { parameters: [{ name: 'T2M_MIN' }], complete: true },
    stationFiles: {
      csv: ['tn', 'temperature_min', 'min_temperature', 'mintemp'],
      dssat: { column: 'TMIN', unit: 'C' },
      knmi: { column: 'TN', unit: '0.1C' },
    },
    mapGrids: [],
  },
  precipitation: {
    unit: 'mm',
    description: 'Precipitation of the day',
    optional: false,
    slot: 2,
    quantity: 'depth',
    observation: { property: 'precipitation', member: 'amount', order: 3 },
    precision: { internal: 1, usa: 2 },
    openMeteo: { daily: 'precipitation_sum', complete: true },
    nasaPower: { parameters: [{ name: 'PRECTOTCORR' }, { name: 'PRECTOT' }], complete: true },
    stationFiles: {
      csv: ['precip', 'prcp', 'rain', 'rainfall'],
      dssat: { column: 'RAIN', unit: 'mm' },
      knmi: { column: 'RH', unit: '0.1mm' },
    },
    mapGrids: ['recentPrecipitation'],
  },
  solar: {
    unit: 'Wh/m²',
    description: 'Daily total shortwave radiation',
    optional: false,
    slot: 3,
    quantity: 'solar',
    observation: { property: 'solar', member: 'amount', order: 4 },
    precision: { internal: 0, usa: 0 },
    openMeteo: { daily: 'shortwave_radiation_sum', complete: true },
    nasaPower: { parameters: [{ name: 'ALLSKY_SFC_SW_DWN' }], complete: true },
    stationFiles: {
      csv: ['radiation', 'srad'],
      dssat: { column: 'SRAD', unit: 'MJ/m2' },
      knmi: { column: 'Q', unit: 'J/cm2' },
    },
    mapGrids: [],
  },
  rhMax: {
    unit: '%',
    description:
      'Highest relative humidity of the day; derived for display from a dew point, a vapour pressure or a daily mean when the source gives one of those instead (reference ET uses what the source gave)',
    optional: false,
    slot: 4,
    quantity: 'percent',
    observation: { property: 'relativeHumidity', member: 'max', order: 5 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { hourly: { name: 'relative_humidity_2m', aggregate: 'max' }, daily: 'relative_humidity_2m_max', complete: true },
    nasaPower: { complete: true },
    stationFiles: { csv: ['rh_max'], knmi: { column: 'UX', unit: '%' } },
    mapGrids: [],
  },
  rhMin: {
    unit: '%',
    description: 'Lowest relative humidity of the day; derived for display like rhMax',
    optional: false,
    slot: 5,
    quantity: 'percent',
    observation: { property: 'relativeHumidity', member: 'min', order: 6 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { hourly: { name: 'relative_humidity_2m', aggregate: 'min' }, daily: 'relative_humidity_2m_min', complete: true },
    nasaPower: { complete: true },
    stationFiles: { csv: ['rh_min'], knmi: { column: 'UN', unit: '%' } },
    mapGrids: [],
  },
  rhMean: {
    unit: '%',
    description: 'Daily mean relative humidity, when the source gives it',
    optional: true,
    slot: 10,
    quantity: 'percent',
    observation: null,
    precision: { internal: 1, usa: 1 },
    openMeteo: null,
    nasaPower: { parameters: [{ name: 'RH2M' }], complete: false },
    stationFiles: {
      csv: ['rh_mean', 'rh', 'rhum', 'humidity'],
      dssat: { column: 'RHUM', unit: '%' },
      knmi: { column: 'UG', unit: '%' },
    },
    mapGrids: [],
  },
  vapourPressure: {
    unit: 'kPa',
    description: 'Actual vapour pressure of the day, when the source gives it or a dew point (ea = e°(Tdew), FAO-56 eq. 14)',
    optional: true,
    slot: 9,
    quantity: 'pressure',
    observation: null,
    precision: { internal: 3, usa: 3 },
    openMeteo: null,
    nasaPower: { parameters: [{ name: 'T2MDEW' }], dewPoint: true, complete: false },
    stationFiles: { csv: ['vapour_pressure', 'vapor_pressure'] },
    mapGrids: [],
  },
  windAverage: {
    unit: 'm/s',
    description: 'Mean wind speed of the day at 10 m',
    optional: false,
    slot: 8,
    quantity: 'speed',
    observation: { property: 'wind', member: 'average', order: 9 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { hourly: { name: 'wind_speed_10m', aggregate: 'mean' }, daily: 'wind_speed_10m_mean', complete: true },
    nasaPower: {
      parameters: [{ name: 'WS10M', height: 10 }, { name: 'WS2M', height: 2 }, { name: 'WS50M', height: 50 }],
      complete: true,
    },
    stationFiles: {
      csv: ['wind_average', 'wind', 'windspeed', 'wind_speed'],
      dssat: { column: 'WIND', unit: 'km/day' },
      knmi: { column: 'FG', unit: '0.1m/s' },
    },
    mapGrids: [],
  },
  windDayMax: {
    unit: 'm/s',
    description: 'Highest wind speed of the day at 10 m',
    optional: false,
    slot: 6,
    quantity: 'speed',
    observation: { property: 'wind', member: 'dayMax', order: 8 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { hourly: { name: 'wind_speed_10m', aggregate: 'max' }, daily: 'wind_speed_10m_max', complete: true },
    nasaPower: {
      parameters: [{ name: 'WS10M_MAX', height: 10 }, { name: 'WS2M_MAX', height: 2 }, { name: 'WS50M_MAX', height: 50 }],
      complete: false,
    },
    stationFiles: { csv: ['wind_day_max', 'windmax', 'wind_max'], knmi: { column: 'FHX', unit: '0.1m/s' } },
    mapGrids: [],
  },
  windMorningMax: {
    unit: 'm/s',
    description: 'Highest wind speed of the morning hours (06:00–12:00 local) at 10 m',
    optional: false,
    slot: 7,
    quantity: 'speed',
    observation: { property: 'wind', member: 'morningMax', order: 7 },
    precision: { internal: 1, usa: 1 },
    openMeteo: { hourly: { name: 'wind_speed_10m', aggregate: 'morningMax' }, complete: true },
    nasaPower: null,
    stationFiles: { csv: ['wind_morning_max'] },
    mapGrids: [],
  },
} as const satisfies DailyVariableTable;

type Table = typeof DAILY_VARIABLES;

export type DailyVariableName = keyof Table;

/** The variables only some sources give (optional members of DailyWeather). */
export type OptionalDailyVariableName = { [Name in DailyVariableName]: Table[Name]['optional'] extends true ? Name : never }[DailyVariableName];

/** The variables every source states, a value or null. */
export type RequiredDailyVariableName = Exclude<DailyVariableName, OptionalDailyVariableName>;

/** One day's values in the internal units; `null` where the source has no value. */
export type DailyValues = { [Name in RequiredDailyVariableName]: number | null } & { [Name in OptionalDailyVariableName]?: number | null };

/** Every variable, in table order. */
export const DAILY_VARIABLE_NAMES: readonly DailyVariableName[] = Object.freeze(Object.keys(DAILY_VARIABLES) as DailyVariableName[]);

/** A variable's entry. */
export function dailyVariable(name: DailyVariableName): DailyVariable {
  return DAILY_VARIABLES[name];
}

/**
 * Every variable of a table with its entry, in table order. The names of a table extended beyond
 * DAILY_VARIABLES (tests) are typed as DAILY_VARIABLES' names: days built from it carry the extra
 * members at run time.
 */
export function dailyVariableEntries(table: DailyVariableTable): readonly (readonly [DailyVariableName, DailyVariable])[] {
  return Object.freeze(Object.entries(table).map(([name, variable]) => Object.freeze([name as DailyVariableName, variable] as const)));
}

/** Every variable with its entry, in table order. */
export const DAILY_VARIABLE_ENTRIES: readonly (readonly [DailyVariableName, DailyVariable])[] = dailyVariableEntries(DAILY_VARIABLES);

/** The names of the variables of `table` whose entry satisfies `test`, in table order. */
export function dailyVariablesWhere(
  test: (variable: DailyVariable, name: DailyVariableName) => boolean,
  table: DailyVariableTable = DAILY_VARIABLES,
): DailyVariableName[] {
  const entries = table === DAILY_VARIABLES ? DAILY_VARIABLE_ENTRIES : dailyVariableEntries(table);
  return entries.filter(([name, variable]) => test(variable, name)).map(([name]) => name);
}

/** The daily variable a weather map grid takes where the source has no hourly values. */
export function dailyVariableOfMapGrid(grid: string): DailyVariableName {
  const names = dailyVariablesWhere((variable) => variable.mapGrids.includes(grid));
  if (names.length !== 1) throw new Error(`weather map grid '${grid}' is named by ${names.length} daily variables, not one`);
  return names[0]!;
}

/**
 * A function building a day as one object literal, `{ date, <name>: <value>, … }`, compiled once
 * from the names of a table: for each of many stored or generated days this is several times
 * faster than a loop over the variables (keyed stores). `valueOf(name, k)` is the JavaScript
 * expression of the k-th name's value over the function's `parameters` (one of them `date`);
 * `bindings` are further names those expressions use. The names must be identifiers (checked).
 */
export function compileDayLiteral<F extends (...args: never[]) => unknown>(
  names: readonly string[],
  parameters: readonly string[],
  valueOf: (name: string, index: number) => string,
  bindings: Readonly<Record<string, unknown>> = {},
): F {
  const properties = names.map((name, k) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`daily variable '${name}' is not an identifier`);
    return `${name}: ${valueOf(name, k)}`;
  });
  const factory = new Function(...Object.keys(bindings), `return (${parameters.join(', ')}) => ({ date, ${properties.join(', ')} });`) as (...values: unknown[]) => F;
  return factory(...Object.values(bindings));
}
