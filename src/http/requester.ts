/**
 * The requester of a request (core/requester.ts): the account of its bearer token (none on open
 * routes) and a signal that aborts when the connection closes before the answer was sent — the
 * client hung up or timed out, or the connection was cut at the end of the shutdown grace. Work
 * the request started on the compute pool is then dropped or stopped, and a heavy answer waiting
 * for its turn is skipped. The requester is made on first use and kept with the request, and its
 * signal on first use of that: an AbortController and its listener cost more than building a
 * week's observations from kept weather, and a request whose weather is all at hand never looks
 * at the signal.
 */
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../core/auth-context.js';
import { abandonController, abandonment, type Requester, WorkAbandonedError } from '../core/requester.js';

const REQUESTER = Symbol('requester');

type WithRequester = FastifyReply & { [REQUESTER]?: Requester };

class RequestRequester implements Requester {
  #controller: AbortController | undefined;

  constructor(
    readonly account: number | null,
    private readonly reply: FastifyReply,
  ) {}

  /** Aborted once the connection has closed before the answer was sent (at once if it already has). */
  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    const controller = (this.#controller = abandonController());
    const { reply } = this;
    const gone = () => {
      if (!reply.sent) controller.abort(new WorkAbandonedError(GONE));
    };
    if (reply.raw.destroyed) gone();
    else reply.raw.once('close', gone);
    return controller.signal;
  }

  /**
   * The abandonment when the connection has closed before the answer was sent; undefined
   * otherwise. Makes no signal: it asks what the signal's listener waits for.
   */
  gone(): WorkAbandonedError | undefined {
    return this.reply.raw.destroyed && !this.reply.sent ? new WorkAbandonedError(GONE) : undefined;
  }
}

const GONE = 'The client closed the connection before the answer was sent.';

/**
 * Whether the requester's client has gone: its abandonment, or undefined. A request's requester
 * looks at its connection without making its signal (see the module comment).
 */
export function requesterGone(requester: Requester): WorkAbandonedError | undefined {
  if (requester instanceof RequestRequester) return requester.gone();
  return requester.signal?.aborted ? abandonment(requester.signal) : undefined;
}

export function requesterOf(reply: FastifyReply): Requester {
  const holder = reply as WithRequester;
  const made = holder[REQUESTER];
  if (made) return made;
  const auth = (reply.request as { auth?: AuthContext | null }).auth;
  const requester = new RequestRequester(auth?.accountId ?? null, reply);
  holder[REQUESTER] = requester;
  return requester;
}
