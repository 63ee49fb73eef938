/** The agronomics resource family: agronomic values, agronomic norms and a planting's water balance. */
import type { ApiPlugin } from '../api-plugin.js';
import { agronomicNormRoutes, type AgronomicNormRouteServices } from './agronomic-norms.js';
import { agronomicValueRoutes, type AgronomicValueRouteServices } from './agronomic-values.js';
import { waterBalanceRoutes, type WaterBalanceRouteServices } from './water-balance.js';

export type AgronomicRouteOptions = AgronomicValueRouteServices & AgronomicNormRouteServices & WaterBalanceRouteServices;

export const agronomicRoutes: ApiPlugin<AgronomicRouteOptions> = async (app, services) => {
  agronomicValueRoutes(app, services);
  agronomicNormRoutes(app, services);
  waterBalanceRoutes(app, services);
};
