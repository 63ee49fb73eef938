/**
 * Every protected resource family, registered inside the bearer-token scope. Adding a family is
 * one line here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { fieldRoutes } from './fields/field-routes.js';

export async function protectedRoutes(api: FastifyInstance, context: AppContext): Promise<void> {
  await fieldRoutes(api, context);
}
