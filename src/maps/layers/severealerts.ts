import { usAndPuertoRicoCoverage } from '../coverage.js';
import { type AlertRule, alertAreasLayer } from './shared/alert-areas-layer.js';

/** The most severe alerts only, most urgent first. */
export const severeAlertRules: readonly AlertRule[] = [
  { name: 'damaging wind', variable: 'windGust', comparison: 'atLeast', threshold: 26, unit: 'm/s gust', colour: '#b8860b' },
  { name: 'extreme rain', variable: 'precipitationRate', comparison: 'atLeast', threshold: 30, unit: 'mm/h', colour: '#006400' },
  { name: 'extreme heat', variable: 'temperature', comparison: 'atLeast', threshold: 40, unit: '°C', colour: '#b00000' },
  { name: 'hard freeze', variable: 'temperature', comparison: 'atMost', threshold: -2.2, unit: '°C', colour: '#00008b' },
];

export const severealertsLayer = alertAreasLayer({
  code: 'severealerts',
  title: 'Most severe weather alerts',
  coverage: usAndPuertoRicoCoverage,
  updatePeriodMinutes: 5,
  rules: severeAlertRules,
});
