/** Tables of stored weather (see migrations/0004-weather.ts and 0008-weather-sites.ts). */
export interface WeatherDailyYearTable {
  dataset: string;
  cell_id: number;
  year: number;
  /** Packed days of the year; the format belongs to src/weather/daily-year-codec.ts. */
  days: Uint8Array;
  updated_at: number;
}

export interface WeatherHourTable {
  dataset: string;
  cell_id: number;
  /** Start of the hour, UTC epoch ms. */
  time: number;
  hour: Uint8Array;
  fetched_at: number;
}

/** The elevation a dataset's values at a cell stand for (an imported station's, a provider's). */
export interface WeatherDatasetSiteTable {
  dataset: string;
  cell_id: number;
  /** Metres above sea level. */
  elevation: number;
  updated_at: number;
}

export interface WeatherTables {
  weather_daily_years: WeatherDailyYearTable;
  weather_hours: WeatherHourTable;
  weather_dataset_sites: WeatherDatasetSiteTable;
}
