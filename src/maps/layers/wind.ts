import { ColourRamp } from '../colour-ramp.js';
import { contiguousUsCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

/** Mean wind speed at 10 m, m/s. */
export const windSpeedRamp = new ColourRamp('m/s', [
  { value: 0, colour: '#e0f3f8', alpha: 0.35 },
  { value: 5, colour: '#abd9e9', alpha: 0.55 },
  { value: 10, colour: '#74add1', alpha: 0.65 },
  { value: 15, colour: '#fdae61', alpha: 0.7 },
  { value: 20, colour: '#f46d43', alpha: 0.75 },
  { value: 25, colour: '#d73027', alpha: 0.8 },
  { value: 35, colour: '#a50026', alpha: 0.85 },
]);

export const windLayer = griddedWeatherLayer({
  code: 'wind',
  dataName: 'wind',
  title: 'Recent wind speeds',
  variable: 'windSpeed',
  ramp: windSpeedRamp,
  coverage: contiguousUsCoverage,
  updatePeriodMinutes: 60,
});
