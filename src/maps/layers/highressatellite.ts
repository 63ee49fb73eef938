import { ColourRamp } from '../colour-ramp.js';
import { northAndCentralAmericaCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

/** As `satellite`, with more contrast between thin and thick cloud. */
export const highResolutionCloudCoverRamp = new ColourRamp(
  '%',
  [
    { value: 10, colour: '#b0b0b0', alpha: 0 },
    { value: 40, colour: '#bdbdbd', alpha: 0.4 },
    { value: 70, colour: '#e0e0e0', alpha: 0.7 },
    { value: 90, colour: '#f7f7f7', alpha: 0.88 },
    { value: 100, colour: '#ffffff', alpha: 0.95 },
  ],
  10,
);

export const highressatelliteLayer = griddedWeatherLayer({
  code: 'highressatellite',
  dataName: 'cloud',
  title: 'High-resolution cloud cover',
  variable: 'cloudCover',
  ramp: highResolutionCloudCoverRamp,
  coverage: northAndCentralAmericaCoverage,
  updatePeriodMinutes: 30,
  sampleStep: 2,
  notes: 'Samples the grid every 2 pixels (other layers: 4, globalsatellite: 8).',
});
