/**
 * Every protected resource family, registered inside the bearer-token scope. Adding a family is
 * one line here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { loadCatalog } from '../catalog/load-catalog.js';
import { agronomicRoutes } from './agronomics/agronomic-routes.js';
import { cropRoutes } from './crops/crop-routes.js';
import { fieldRoutes } from './fields/field-routes.js';
import { imageryRoutes } from './imagery/imagery-routes.js';
import { jobRoutes } from './jobs/job-routes.js';
import { modelRoutes } from './models/model-routes.js';
import { plantingRoutes } from './plantings/planting-routes.js';
import { weatherRoutes } from './weather/weather-routes.js';

export async function protectedRoutes(api: FastifyInstance, context: AppContext): Promise<void> {
  const catalog = context.catalog ?? loadCatalog();
  await fieldRoutes(api, context);
  await plantingRoutes(api, context, catalog);
  await cropRoutes(api, context, catalog);
  await modelRoutes(api, context, catalog);
  await jobRoutes(api, context);
  await weatherRoutes(api, context);
  await agronomicRoutes(api, context);
  await imageryRoutes(api, context);
}
