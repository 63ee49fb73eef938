/**
 * The requester of a request (core/requester.ts): the account of its bearer token (none on open
 * routes) and a signal that aborts when the connection closes before the answer was sent — the
 * client hung up or timed out, or the connection was cut at the end of the shutdown grace. Work
 * the request started on the compute pool is then dropped or stopped, and a heavy answer waiting
 * for its turn is skipped. Made on first use and kept with the request, so that requests that never
 * compute anything pay nothing for it.
 */
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../core/auth-context.js';
import { abandonController, type Requester, WorkAbandonedError } from '../core/requester.js';

const REQUESTER = Symbol('requester');

type WithRequester = FastifyReply & { [REQUESTER]?: Requester };

export function requesterOf(reply: FastifyReply): Requester {
  const holder = reply as WithRequester;
  const made = holder[REQUESTER];
  if (made) return made;
  const controller = abandonController();
  const response = reply.raw;
  const gone = () => {
    if (!reply.sent) controller.abort(new WorkAbandonedError('The client closed the connection before the answer was sent.'));
  };
  if (response.destroyed) gone();
  else response.once('close', gone);
  const auth = (reply.request as { auth?: AuthContext | null }).auth;
  const requester: Requester = { account: auth?.accountId ?? null, signal: controller.signal };
  holder[REQUESTER] = requester;
  return requester;
}
