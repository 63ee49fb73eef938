import { usAndPuertoRicoCoverage } from '../coverage.js';
import { type AlertRule, alertAreasLayer } from './shared/alert-areas-layer.js';

/** Alert thresholds, most urgent first. */
export const alertRules: readonly AlertRule[] = [
  { name: 'high wind', variable: 'windGust', comparison: 'atLeast', threshold: 20, unit: 'm/s gust', colour: '#d4a017' },
  { name: 'heavy rain', variable: 'precipitationRate', comparison: 'atLeast', threshold: 10, unit: 'mm/h', colour: '#2e8b57' },
  { name: 'heat', variable: 'temperature', comparison: 'atLeast', threshold: 35, unit: '°C', colour: '#ff4500' },
  { name: 'frost', variable: 'temperature', comparison: 'atMost', threshold: 0, unit: '°C', colour: '#1e90ff' },
];

export const alertsLayer = alertAreasLayer({
  code: 'alerts',
  title: 'Current weather alerts',
  coverage: usAndPuertoRicoCoverage,
  updatePeriodMinutes: 5,
  rules: alertRules,
});
