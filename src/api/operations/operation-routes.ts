/**
 * Operations endpoints, public: `GET /health` (the process is up) and `GET /ready` (the database
 * answers and every migration is applied), for load balancers and orchestrators.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../http/api-error.js';
import { migrationsApplied } from '../../store/database.js';

const Status = Type.Object({ status: Type.Optional(Type.String()), checks: Type.Optional(Type.Record(Type.String(), Type.String())) });

export async function operationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/health', { schema: { summary: 'Liveness: the process is up', tags: ['operations'], security: [], response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));

  app.get('/ready', { schema: { summary: 'Readiness: database reachable, migrations applied', tags: ['operations'], security: [], response: { 200: Status } } }, async () => {
    const handle = context.store.handle;
    try {
      await sql`select 1`.execute(handle.db);
    } catch (error) {
      throw new ApiError(503, 'Not ready.', `The database cannot be reached: ${(error as Error).message}`, { 'Retry-After': '5' });
    }
    if (!(await migrationsApplied(handle))) {
      throw new ApiError(503, 'Not ready.', 'The database schema is not up to date: run agwx migrate.', { 'Retry-After': '5' });
    }
    return { status: 'ready', checks: { database: 'ok', migrations: 'ok' } };
  });
}
