import { ColourRamp } from '../colour-ramp.js';
import { usAndPuertoRicoCoverage } from '../coverage.js';
import { griddedWeatherLayer } from './shared/gridded-weather-layer.js';

/** Precipitation intensity, mm/h, in the usual reflectivity colours; nothing under 0.1 mm/h. */
export const precipitationRateRamp = new ColourRamp(
  'mm/h',
  [
    { value: 0.1, colour: '#9be1ff', alpha: 0.5 },
    { value: 0.5, colour: '#02fd02', alpha: 0.75 },
    { value: 2, colour: '#01c501', alpha: 0.8 },
    { value: 5, colour: '#008e00', alpha: 0.8 },
    { value: 10, colour: '#fdf802', alpha: 0.8 },
    { value: 20, colour: '#e5bc00', alpha: 0.8 },
    { value: 30, colour: '#fd9500', alpha: 0.85 },
    { value: 50, colour: '#fd0000', alpha: 0.85 },
    { value: 75, colour: '#bc0000', alpha: 0.85 },
    { value: 100, colour: '#f800fd', alpha: 0.85 },
  ],
  0.1,
);

export const radarLayer = griddedWeatherLayer({
  code: 'radar',
  dataName: 'radar',
  title: 'Doppler radar (precipitation intensity)',
  variable: 'precipitationRate',
  ramp: precipitationRateRamp,
  coverage: usAndPuertoRicoCoverage,
  updatePeriodMinutes: 6,
});
