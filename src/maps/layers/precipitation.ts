import { ColourRamp } from '../colour-ramp.js';
import { contiguousUsCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

/** Precipitation over the 24 hours ending at the update, mm; nothing is drawn under 0.25 mm. */
export const recentPrecipitationRamp = new ColourRamp(
  'mm',
  [
    { value: 0.25, colour: '#c6e9c0', alpha: 0.55 },
    { value: 2.5, colour: '#74c476', alpha: 0.7 },
    { value: 10, colour: '#2e9d4a', alpha: 0.75 },
    { value: 25, colour: '#f0d43a', alpha: 0.75 },
    { value: 50, colour: '#f08c2a', alpha: 0.75 },
    { value: 100, colour: '#d7301f', alpha: 0.75 },
    { value: 200, colour: '#a0207a', alpha: 0.75 },
  ],
  0.25,
);

export const precipitationLayer = griddedWeatherLayer({
  code: 'precipitation',
  dataName: 'precipitation',
  title: 'Recent precipitation (24 h)',
  variable: 'recentPrecipitation',
  ramp: recentPrecipitationRamp,
  coverage: contiguousUsCoverage,
  updatePeriodMinutes: 60,
});
