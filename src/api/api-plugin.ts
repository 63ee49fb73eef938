/**
 * The Fastify instance routes are declared on: its TypeBox type provider types each route's
 * params, query and body from the route's own schemas. A resource family is one encapsulated
 * plugin given only the services it uses (see app.ts).
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginOptions, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** A resource family: registered with `app.register(plugin, options)`. */
export type ApiPlugin<Options extends FastifyPluginOptions> = FastifyPluginAsyncTypebox<Options>;
