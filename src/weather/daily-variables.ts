/**
 * The daily weather variables: one entry each, with what every part of the application needs to
 * know of it. `DailyWeather` (weather-source.ts) is built from this table, and so are the empty
 * day, the stored-year layout (store/daily-year-codec.ts), the provider requests and the fields a
 * provider's day needs to be complete, the API's unit conversions and the weather map grid that
 * falls back on a daily value. What a source computes a variable from (its science or its parsing)
 * stays with the source.
 *
 * The order of the entries is the order the providers are asked for their parameters in; where a
 * variable is stored is its `slot`, not its place here.
 */

/** Internal units (see weather-source.ts). */
export type InternalUnit = '°C' | 'mm' | 'Wh/m²' | '%' | 'kPa' | 'm/s';

/**
 * How the API converts a value under `units=usa`: °C → °F, mm → in, m/s → mph, or not at all
 * (see agronomy/unit-conversions.ts).
 */
export type UnitConversion = 'temperature' | 'depth' | 'speed' | 'none';

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
  readonly conversion: UnitConversion;
  /**
   * Open-Meteo: `hourly` is the hourly variable the day's value is built from (asked for with
   * every daily request); `daily` is the daily aggregate, asked for when there is no `hourly`
   * and read from answers without hourly values. `complete`: a past day without this value is
   * not complete, so it is fetched again later. Null: Open-Meteo does not give it.
   */
  readonly openMeteo: { readonly daily?: string; readonly hourly?: string; readonly complete: boolean } | null;
  /**
   * NASA POWER: the parameter asked for (the value is computed from it, see nasa-power-variables.ts;
   * none where the value is derived from other parameters), and whether a day needs the value to
   * be complete. Null: POWER does not give it.
   */
  readonly nasaPower: { readonly parameter?: string; readonly complete: boolean } | null;
  /**
   * Weather map grids (maps/weather-grid) that take this daily value where the source has no
   * hourly values (see services/map-weather-grid.ts).
   */
  readonly mapGrids: readonly string[];
}

export const DAILY_VARIABLES = {
  tmax: {
    unit: '°C',
    description: 'Highest air temperature of the day',
    optional: false,
    slot: 0,
    conversion: 'temperature',
    openMeteo: { daily: 'temperature_2m_max', complete: true },
    nasaPower: { parameter: 'T2M_MAX', complete: true },
    mapGrids: [],
  },
  tmin: {
    unit: '°C',
    description: 'Lowest air temperature of the day',
    optional: false,
    slot: 1,
    conversion: 'temperature',
    openMeteo: { daily: 'temperature_2m_min', complete: true },
    nasaPower: { parameter: 'T2M_MIN', complete: true },
    mapGrids: [],
  },
  precipitation: {
    unit: 'mm',
    description: 'Precipitation of the day',
    optional: false,
    slot: 2,
    conversion: 'depth',
    openMeteo: { daily: 'precipitation_sum', complete: true },
    nasaPower: { parameter: 'PRECTOTCORR', complete: true },
    mapGrids: ['recentPrecipitation'],
  },
  solar: {
    unit: 'Wh/m²',
    description: 'Daily total shortwave radiation',
    optional: false,
    slot: 3,
    conversion: 'none',
    openMeteo: { daily: 'shortwave_radiation_sum', complete: true },
    nasaPower: { parameter: 'ALLSKY_SFC_SW_DWN', complete: true },
    mapGrids: [],
  },
  rhMax: {
    unit: '%',
    description:
      'Highest relative humidity of the day; derived for display from a dew point, a vapour pressure or a daily mean when the source gives one of those instead (reference ET uses what the source gave)',
    optional: false,
    slot: 4,
    conversion: 'none',
    openMeteo: { hourly: 'relative_humidity_2m', daily: 'relative_humidity_2m_max', complete: true },
    nasaPower: { complete: true },
    mapGrids: [],
  },
  rhMin: {
    unit: '%',
    description: 'Lowest relative humidity of the day; derived for display like rhMax',
    optional: false,
    slot: 5,
    conversion: 'none',
    openMeteo: { hourly: 'relative_humidity_2m', daily: 'relative_humidity_2m_min', complete: true },
    nasaPower: { complete: true },
    mapGrids: [],
  },
  rhMean: {
    unit: '%',
    description: 'Daily mean relative humidity, when the source gives it',
    optional: true,
    slot: 10,
    conversion: 'none',
    openMeteo: null,
    nasaPower: { parameter: 'RH2M', complete: false },
    mapGrids: [],
  },
  vapourPressure: {
    unit: 'kPa',
    description: 'Actual vapour pressure of the day, when the source gives it or a dew point (ea = e°(Tdew), FAO-56 eq. 14)',
    optional: true,
    slot: 9,
    conversion: 'none',
    openMeteo: null,
    nasaPower: { parameter: 'T2MDEW', complete: false },
    mapGrids: [],
  },
  windAverage: {
    unit: 'm/s',
    description: 'Mean wind speed of the day at 10 m',
    optional: false,
    slot: 8,
    conversion: 'speed',
    openMeteo: { hourly: 'wind_speed_10m', daily: 'wind_speed_10m_mean', complete: true },
    nasaPower: { parameter: 'WS10M', complete: true },
    mapGrids: [],
  },
  windDayMax: {
    unit: 'm/s',
    description: 'Highest wind speed of the day at 10 m',
    optional: false,
    slot: 6,
    conversion: 'speed',
    openMeteo: { hourly: 'wind_speed_10m', daily: 'wind_speed_10m_max', complete: true },
    nasaPower: { parameter: 'WS10M_MAX', complete: false },
    mapGrids: [],
  },
  windMorningMax: {
    unit: 'm/s',
    description: 'Highest wind speed of the morning hours (06:00–12:00 local) at 10 m',
    optional: false,
    slot: 7,
    conversion: 'speed',
    openMeteo: { hourly: 'wind_speed_10m', complete: true },
    nasaPower: null,
    mapGrids: [],
  },
} as const satisfies Readonly<Record<string, DailyVariable>>;

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

/** Every variable with its entry, in table order. */
export const DAILY_VARIABLE_ENTRIES: readonly (readonly [DailyVariableName, DailyVariable])[] = Object.freeze(
  DAILY_VARIABLE_NAMES.map((name) => Object.freeze([name, DAILY_VARIABLES[name] as DailyVariable] as const)),
);

/** The names of the variables whose entry satisfies `test`, in table order. */
export function dailyVariablesWhere(test: (variable: DailyVariable, name: DailyVariableName) => boolean): DailyVariableName[] {
  return DAILY_VARIABLE_ENTRIES.filter(([name, variable]) => test(variable, name)).map(([name]) => name);
}

/** The daily variable a weather map grid takes where the source has no hourly values. */
export function dailyVariableOfMapGrid(grid: string): DailyVariableName {
  const names = dailyVariablesWhere((variable) => variable.mapGrids.includes(grid));
  if (names.length !== 1) throw new Error(`weather map grid '${grid}' is named by ${names.length} daily variables, not one`);
  return names[0]!;
}
