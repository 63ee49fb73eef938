/**
 * What the API layer needs of the daily weather variables table (weather/daily-variables.ts), so
 * that it depends on services only, as with the re-exports of weather-service.ts.
 */
export { DAILY_VARIABLES } from '../weather/daily-variables.js';
export type { DailyVariableName, UnitConversion } from '../weather/daily-variables.js';
