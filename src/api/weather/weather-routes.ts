/** The weather resource family: observed weather, forecasts, weather norms and crop-model weather files. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { exportRoutes } from './export-routes.js';
import { forecastRoutes } from './forecast-routes.js';
import { observationRoutes } from './observation-routes.js';
import { weatherNormRoutes } from './weather-norm-routes.js';

export async function weatherRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await observationRoutes(app, context);
  await forecastRoutes(app, context);
  await weatherNormRoutes(app, context);
  await exportRoutes(app, context);
}
