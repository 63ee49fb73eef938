import { ColourRamp } from '../colour-ramp.js';
import { contiguousUsCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

export const relativeHumidityRamp = new ColourRamp('%', [
  { value: 0, colour: '#8c510a', alpha: 0.65 },
  { value: 20, colour: '#d8b365', alpha: 0.65 },
  { value: 40, colour: '#f6e8c3', alpha: 0.65 },
  { value: 60, colour: '#c7eae5', alpha: 0.65 },
  { value: 80, colour: '#5ab4ac', alpha: 0.65 },
  { value: 100, colour: '#01665e', alpha: 0.65 },
]);

export const relativehumidityLayer = griddedWeatherLayer({
  code: 'relativehumidity',
  dataName: 'humidity',
  title: 'Relative humidity',
  variable: 'relativeHumidity',
  ramp: relativeHumidityRamp,
  coverage: contiguousUsCoverage,
  updatePeriodMinutes: 60,
});
