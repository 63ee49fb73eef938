/** The weather resource family: observed weather, forecasts, weather norms and crop-model weather files. */
import type { ApiPlugin } from '../api-plugin.js';
import { exportRoutes, type ExportRouteServices } from './weather-files.js';
import { forecastRoutes, type ForecastRouteServices } from './forecasts.js';
import { observationRoutes, type ObservationRouteServices } from './observations.js';
import { weatherNormRoutes, type WeatherNormRouteServices } from './weather-norms.js';

export type WeatherRouteOptions = ObservationRouteServices & ForecastRouteServices & WeatherNormRouteServices & ExportRouteServices;

export const weatherRoutes: ApiPlugin<WeatherRouteOptions> = async (app, services) => {
  observationRoutes(app, services);
  forecastRoutes(app, services);
  weatherNormRoutes(app, services);
  exportRoutes(app, services);
};
