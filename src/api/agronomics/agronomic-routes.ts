/** The agronomics resource family: agronomic values and agronomic norms. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { agronomicNormRoutes } from './agronomic-norm-routes.js';
import { agronomicValueRoutes } from './agronomic-value-routes.js';

export async function agronomicRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await agronomicValueRoutes(app, context);
  await agronomicNormRoutes(app, context);
}
