/**
 * The Redis client shared by rate limits and the tile cache, configured so that an unreachable
 * Redis never holds a request: commands fail at once while the connection is down (no offline
 * queue) or after `COMMAND_TIMEOUT_MS` when it hangs, and their callers fall back to
 * per-instance counters and caches. A Redis that hangs (connected, answering nothing) would cost
 * that timeout on every command of every request: after three commands in a row without an
 * answer a circuit breaker fails commands at once instead, and probes Redis one command at a time
 * after a short back-off (core/circuit-breaker.ts). The client reconnects by itself, at most
 * `RECONNECT_MAX_DELAY_MS` apart, so it is back within about a second of Redis.
 */
import { type Command, Redis, type RedisOptions } from 'ioredis';
import { CIRCUIT_BREAKER_DEFAULTS, type CircuitBreaker, CircuitOpenError, createCircuitBreaker } from './core/circuit-breaker.js';

/** Longest a single command may take before its caller treats Redis as unavailable. */
export const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_MAX_DELAY_MS = 1000;

export interface RedisLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * The client with the breaker in front of its commands. Only commands sent on a ready connection
 * go through the breaker: others fail at once by themselves (no offline queue), and the
 * handshake of a new connection must not be held back. Commands sent together (a MULTI, a
 * pipeline) never probe: they go when the breaker is closed and are refused together otherwise.
 */
export class GuardedRedis extends Redis {
  constructor(
    url: string,
    options: RedisOptions & { replyMapping?: 'legacy' },
    /** Opens while Redis answers nothing; watchRedis logs it. */
    readonly breaker: CircuitBreaker,
  ) {
    super(url, options);
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    if (this.status !== 'ready') return super.sendCommand(command, stream);
    const admission = this.breaker.admit({ probe: stream === undefined });
    if (!admission) {
      command.reject(new CircuitOpenError('redis'));
      return command.promise;
    }
    const sent = super.sendCommand(command, stream);
    command.promise.then(
      () => this.breaker.succeeded(),
      (error: unknown) => (isRedisUnresponsive(error) ? this.breaker.failed(admission) : this.breaker.succeeded()),
    );
    return sent;
  }
}

export function createRedisClient(url: string): GuardedRedis {
  const breaker = createCircuitBreaker({ ...CIRCUIT_BREAKER_DEFAULTS, probeTimeoutMs: COMMAND_TIMEOUT_MS * 2 });
  const redis = new GuardedRedis(
    url,
    {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_DELAY_MS),
    },
    breaker,
  );
  // Without a listener every failed reconnection attempt is printed; watchRedis logs outages.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Logs once when Redis becomes unreachable and once when it is back; and once when it stops
 * answering on an open connection (the breaker opens) and once when it answers again.
 */
export function watchRedis(redis: GuardedRedis, log: RedisLog): void {
  redis.breaker.onChange((state) =>
    state === 'open'
      ? log.warn({ commandTimeoutMs: COMMAND_TIMEOUT_MS }, 'Redis does not answer: commands are not sent to it for a while; rate limits and caches are per instance until it answers')
      : log.info('Redis answers again'),
  );
  let down = false;
  // ioredis reports no error for a connection it closes itself (shutdown), only for lost ones.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis is unreachable: rate limits and caches are per instance until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again');
  });
}

/**
 * True for the errors of a Redis command that failed because Redis is unreachable or slow, or
 * was not sent while the breaker is open.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof CircuitOpenError) return error.dependency === 'redis';
  return isRedisUnresponsive(error);
}

/** True when Redis gave no answer to a command (unreachable, the connection lost, timed out): what the breaker counts. */
function isRedisUnresponsive(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message === 'Command timed out' ||
    error.message.startsWith("Stream isn't writeable")
  );
}

/** 'ok' when Redis answers a PING within the command timeout, else 'unavailable' (also while the breaker holds commands back). */
export async function redisStatus(redis: Redis): Promise<'ok' | 'unavailable'> {
  if (redis.status !== 'ready') return 'unavailable';
  try {
    await redis.ping();
    return 'ok';
  } catch {
    return 'unavailable';
  }
}
