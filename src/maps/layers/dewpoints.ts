import { ColourRamp } from '../colour-ramp.js';
import { contiguousUsCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

export const dewPointRamp = new ColourRamp('°C', [
  { value: -30, colour: '#6b4a2b', alpha: 0.7 },
  { value: -10, colour: '#a47a48', alpha: 0.7 },
  { value: 0, colour: '#d8c08a', alpha: 0.7 },
  { value: 5, colour: '#e8e3b0', alpha: 0.7 },
  { value: 10, colour: '#a9d88f', alpha: 0.7 },
  { value: 15, colour: '#5cbf63', alpha: 0.7 },
  { value: 20, colour: '#1f9a4a', alpha: 0.7 },
  { value: 25, colour: '#0a6b3a', alpha: 0.7 },
  { value: 30, colour: '#064a40', alpha: 0.7 },
]);

export const dewpointsLayer = griddedWeatherLayer({
  code: 'dewpoints',
  dataName: 'dew point',
  title: 'Dew points',
  variable: 'dewPoint',
  ramp: dewPointRamp,
  coverage: contiguousUsCoverage,
  updatePeriodMinutes: 60,
});
