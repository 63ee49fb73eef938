/** Every layer the renderer knows, by code. Adding a layer: one file beside this one and one line here. */
import type { MapLayer } from '../map-layer.js';
import { alertsLayer } from './alerts.js';
import { baseLayer } from './base.js';
import { citiesLayer } from './cities.js';
import { countiesLayer } from './counties.js';
import { dewpointsLayer } from './dewpoints.js';
import { earthLayer } from './earth.js';
import { ftemperaturesLayer } from './ftemperatures.js';
import { globalsatelliteLayer } from './globalsatellite.js';
import { highressatelliteLayer } from './highressatellite.js';
import { precipitationLayer } from './precipitation.js';
import { radarLayer } from './radar.js';
import { relativehumidityLayer } from './relativehumidity.js';
import { riversLayer } from './rivers.js';
import { roadsLayer } from './roads.js';
import { satelliteLayer } from './satellite.js';
import { severealertsLayer } from './severealerts.js';
import { statesLayer } from './states.js';
import { temperaturesLayer } from './temperatures.js';
import { windLayer } from './wind.js';

export const allMapLayers: readonly MapLayer[] = [
  baseLayer,
  earthLayer,
  statesLayer,
  countiesLayer,
  citiesLayer,
  roadsLayer,
  riversLayer,
  radarLayer,
  satelliteLayer,
  globalsatelliteLayer,
  highressatelliteLayer,
  alertsLayer,
  severealertsLayer,
  ftemperaturesLayer,
  temperaturesLayer,
  dewpointsLayer,
  relativehumidityLayer,
  precipitationLayer,
  windLayer,
];

export const MAP_LAYER_CODES: readonly string[] = allMapLayers.map((layer) => layer.code);
