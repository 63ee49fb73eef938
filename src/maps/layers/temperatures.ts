import { ColourRamp } from '../colour-ramp.js';
import { globalCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

/** Air temperature at 2 m, °C. Shared by `temperatures` and `ftemperatures`. */
export const temperatureRamp = new ColourRamp('°C', [
  { value: -40, colour: '#3b0f70', alpha: 0.7 },
  { value: -30, colour: '#413ca0', alpha: 0.7 },
  { value: -20, colour: '#2f6fd0', alpha: 0.7 },
  { value: -10, colour: '#3fa5e6', alpha: 0.7 },
  { value: 0, colour: '#9ddcf0', alpha: 0.7 },
  { value: 5, colour: '#bfe8b0', alpha: 0.7 },
  { value: 10, colour: '#9fd35f', alpha: 0.7 },
  { value: 15, colour: '#e8e650', alpha: 0.7 },
  { value: 20, colour: '#f8c23c', alpha: 0.7 },
  { value: 25, colour: '#f5902a', alpha: 0.7 },
  { value: 30, colour: '#e8502a', alpha: 0.7 },
  { value: 35, colour: '#c0182a', alpha: 0.7 },
  { value: 45, colour: '#7a0030', alpha: 0.7 },
]);

export const temperaturesLayer = griddedWeatherLayer({
  code: 'temperatures',
  dataName: 'temperature',
  title: 'Temperature image',
  variable: 'temperature',
  ramp: temperatureRamp,
  coverage: globalCoverage,
  updatePeriodMinutes: 60,
  notes: "Global, as the synthetic climatology, Open-Meteo and NASA POWER are; where the weather source has no value (imported station data covers only its stations' cells) the image says so.",
});
