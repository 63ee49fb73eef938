/** Tables of stored weather (see migrations/0004-weather.ts). */
export interface WeatherDailyYearTable {
  dataset: string;
  cell_id: number;
  year: number;
  /** Packed days of the year; the format belongs to src/weather/store/. */
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

export interface WeatherTables {
  weather_daily_years: WeatherDailyYearTable;
  weather_hours: WeatherHourTable;
}
