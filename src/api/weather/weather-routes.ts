/** The weather resource family: observed weather, forecasts and weather norms. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { forecastRoutes } from './forecast-routes.js';
import { observationRoutes } from './observation-routes.js';
import { weatherNormRoutes } from './weather-norm-routes.js';

export async function weatherRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await observationRoutes(app, context);
  await forecastRoutes(app, context);
  await weatherNormRoutes(app, context);
}
