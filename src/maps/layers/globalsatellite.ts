import { globalCoverage } from '../coverage.js';
import { cloudCoverRamp } from './satellite.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

export const globalsatelliteLayer = griddedWeatherLayer({
  code: 'globalsatellite',
  dataName: 'cloud',
  title: 'Global cloud cover',
  variable: 'cloudCover',
  ramp: cloudCoverRamp,
  coverage: globalCoverage,
  updatePeriodMinutes: 120,
  sampleStep: 8,
});
