/**
 * Operations endpoints, public: `GET /health` (the process is up) and `GET /ready`, for load
 * balancers and orchestrators. `/ready` reports each dependency: the database (it answers, every
 * migration is applied) decides readiness (503 with Retry-After without it); Redis, when
 * configured, only degrades the instance (limits and caches per instance), so an instance whose
 * Redis is unreachable stays ready and says `degraded`.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../http/api-error.js';
import { redisStatus } from '../../redis.js';
import { migrationsApplied } from '../../store/database.js';

const Status = Type.Object({ status: Type.Optional(Type.String()), checks: Type.Optional(Type.Record(Type.String(), Type.String())) });

export async function operationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/health', { schema: { summary: 'Liveness: the process is up', tags: ['operations'], security: [], response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));

  app.get('/ready', { schema: { summary: 'Readiness: database reachable and migrated; Redis reachable when configured', tags: ['operations'], security: [], response: { 200: Status } } }, async (request) => {
    const handle = context.store.handle;
    let database = 'ok';
    let migrations = 'unknown';
    try {
      await sql`select 1`.execute(handle.db);
      migrations = (await migrationsApplied(handle)) ? 'ok' : 'pending';
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database cannot be reached');
      database = 'unavailable';
    }
    const redis = context.redis ? await redisStatus(context.redis) : 'not configured';
    const checks = { database, migrations, redis };
    if (database !== 'ok' || migrations !== 'ok') {
      const advice = database === 'ok' ? ' Run agwx migrate.' : '';
      const detail = `${Object.entries(checks).map(([name, state]) => `${name}: ${state}`).join('; ')}.${advice}`;
      throw new ApiError(503, 'Not ready.', detail, { 'Retry-After': '5' });
    }
    return { status: redis === 'unavailable' ? 'degraded' : 'ready', checks };
  });
}
