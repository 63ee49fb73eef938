import { ColourRamp } from '../colour-ramp.js';
import { northAndCentralAmericaCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

/** Cloud cover, %, as infrared-like greys: thicker cloud is whiter and more opaque; none under 10 %. */
export const cloudCoverRamp = new ColourRamp(
  '%',
  [
    { value: 10, colour: '#c8c8c8', alpha: 0 },
    { value: 30, colour: '#cfcfcf', alpha: 0.35 },
    { value: 60, colour: '#e2e2e2', alpha: 0.6 },
    { value: 85, colour: '#f2f2f2', alpha: 0.8 },
    { value: 100, colour: '#ffffff', alpha: 0.9 },
  ],
  10,
);

export const satelliteLayer = griddedWeatherLayer({
  code: 'satellite',
  dataName: 'cloud',
  title: 'Infrared cloud cover',
  variable: 'cloudCover',
  ramp: cloudCoverRamp,
  coverage: northAndCentralAmericaCoverage,
  updatePeriodMinutes: 30,
});
