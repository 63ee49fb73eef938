/** The agronomics resource family: agronomic values and agronomic norms. */
import type { ApiPlugin } from '../api-plugin.js';
import { agronomicNormRoutes, type AgronomicNormRouteServices } from './agronomic-norm-routes.js';
import { agronomicValueRoutes, type AgronomicValueRouteServices } from './agronomic-value-routes.js';

export type AgronomicRouteOptions = AgronomicValueRouteServices & AgronomicNormRouteServices;

export const agronomicRoutes: ApiPlugin<AgronomicRouteOptions> = async (app, services) => {
  agronomicValueRoutes(app, services);
  agronomicNormRoutes(app, services);
};
