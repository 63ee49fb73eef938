/**
 * The field explorer under `/explorer/`: a page for the signed-in account whose script gets an
 * access token from `POST /account/api-token` and then reads every number from the public API.
 */
import type { FastifyInstance } from 'fastify';
import { messageBody } from './account-pages.js';
import type { WebDependencies } from './account-routes.js';
import { escapeHtml, page } from './html.js';
import { signedIn } from './web-session.js';

export async function explorerRoutes(app: FastifyInstance, web: WebDependencies): Promise<void> {
  const { accounts, sessions, assets, clock } = web;

  app.get('/explorer', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/explorer/', 303));

  app.get('/explorer/', { schema: { hide: true } }, async (request, reply) => {
    const who = await signedIn(request, sessions, accounts);
    if (!who) return reply.redirect('/account/sign-in', 303);
    const template = assets.explorerHtml();
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-cache');
    if (template === null) {
      return reply.code(503).send(
        page({
          title: 'Field explorer',
          stylesheet: null,
          signedIn: { email: who.account.email ?? who.account.name, csrfToken: who.session.csrfToken },
          current: 'explorer',
          body: messageBody('The field explorer is not built', 'Its files are missing on this server; build them with npm run build.', {
            href: '/account/',
            text: 'Back to your applications',
          }),
        }),
      );
    }
    const values: Record<string, string> = {
      __AGWX_CSRF__: who.session.csrfToken,
      __AGWX_EMAIL__: who.account.email ?? who.account.name,
      __AGWX_NOW__: new Date(clock.now()).toISOString(),
    };
    return reply.send(template.replace(/__AGWX_(CSRF|EMAIL|NOW)__/g, (name) => escapeHtml(values[name]!)));
  });
}
