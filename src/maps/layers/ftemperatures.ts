import { globalCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';
import { temperatureRamp } from './temperatures.js';

export const ftemperaturesLayer = griddedWeatherLayer({
  code: 'ftemperatures',
  dataName: 'temperature',
  title: 'Current-hour forecast temperatures',
  variable: 'temperature',
  ramp: temperatureRamp,
  coverage: globalCoverage,
  updatePeriodMinutes: 60,
  notes: 'The forecast for the current hour; archives step back one hour each (the forecast then valid).',
});
