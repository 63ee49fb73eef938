/**
 * The weather core's types, its table of daily variables and the science's unit conversions, as
 * the API layer reads them: it depends on services only, so what it needs of the layers below is
 * named here, once.
 */
export type { DailyWeather, WeatherSource } from '../weather/weather-source.js';
export { SOIL_DEPTHS } from '../weather/weather-source.js';
export { DAILY_VARIABLES } from '../weather/daily-variables.js';
export type { DailyVariable, DailyVariableName, DailyVariableTable } from '../weather/daily-variables.js';
export { converter, presenter, QUANTITIES, type QuantityName, unitsLabel } from '../agronomy/quantities.js';
export {
  inchesToMillimeters,
  millimetersToInches,
  depthInUnitSystem,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from '../agronomy/unit-conversions.js';
