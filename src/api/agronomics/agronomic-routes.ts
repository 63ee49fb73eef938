/** The agronomics resource family: agronomic values and agronomic norms. */
import type { ApiPlugin } from '../api-plugin.js';
import { agronomicNormRoutes, type AgronomicNormRouteServices } from './agronomic-norms.js';
import { agronomicValueRoutes, type AgronomicValueRouteServices } from './agronomic-values.js';

export type AgronomicRouteOptions = AgronomicValueRouteServices & AgronomicNormRouteServices;

export const agronomicRoutes: ApiPlugin<AgronomicRouteOptions> = async (app, services) => {
  agronomicValueRoutes(app, services);
  agronomicNormRoutes(app, services);
};
