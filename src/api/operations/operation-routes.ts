/**
 * Operations endpoints, public: `GET /health` (the process is up) and `GET /ready`, for load
 * balancers and orchestrators. `/ready` reports each dependency (services/readiness-service.ts):
 * 503 with Retry-After while the database cannot be reached or is not migrated (and while the
 * instance is starting, saying why); `degraded` while only Redis is unreachable.
 */
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error.js';
import type { ReadinessService } from '../../services/readiness-service.js';
import type { ApiPlugin } from '../api-plugin.js';

const Status = Type.Object({ status: Type.Optional(Type.String()), checks: Type.Optional(Type.Record(Type.String(), Type.String())) });

export interface OperationRouteOptions {
  readiness: ReadinessService;
}

export const operationRoutes: ApiPlugin<OperationRouteOptions> = async (app, { readiness }) => {
  app.get('/health', { schema: { summary: 'Liveness: the process is up', tags: ['operations'], security: [], response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));

  app.get('/ready', { schema: { summary: 'Readiness: database reachable and migrated; Redis reachable when configured', tags: ['operations'], security: [], response: { 200: Status } } }, async (request) => {
    const { status, checks, databaseError, starting } = await readiness.check();
    if (databaseError !== undefined) request.log.warn({ err: databaseError }, 'readiness: the database cannot be reached');
    if (status === 'not ready') {
      const advice = starting !== undefined ? ` ${starting}` : checks.database === 'ok' ? ' Run agwx migrate.' : '';
      const detail = `${Object.entries(checks).map(([name, state]) => `${name}: ${state}`).join('; ')}.${advice}`;
      throw new ApiError(503, 'Not ready.', detail, { 'Retry-After': '5' });
    }
    return { status, checks };
  });
};
