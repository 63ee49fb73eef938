import { CircuitOpenError } from '../core/circuit-breaker.js';

/** A row with the same key exists already. */
export class DuplicateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

/** Recognises a unique/primary-key violation from either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Network failures of the connection to the database server (Node.js socket error codes). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 53300 (too many
 * connections), 57P01 (admin shutdown, also `pg_terminate_backend`), 57P02 (crash shutdown),
 * 57P03 (cannot connect now: starting up, shutting down, in recovery), 25P03 (the transaction
 * was idle longer than the idle-in-transaction timeout and the server ended the session), 57014
 * (the statement ran past the statement timeout the service sets, or was cancelled).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|53300|57P0[123]|25P03|57014)$/;

/** The server cancelled the statement (statement timeout): it answered, the statement was too slow. */
const STATEMENT_CANCELLED = '57014';

/** What node-postgres and its pool say when a connection is lost or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
];

/**
 * True when the database could not serve the query for now (unreachable, restarting, the
 * connection was ended, no connection free in time, no answer within the deadline, the statement
 * cancelled at the statement timeout, calls paused by the circuit breaker; SQLite: the file is
 * locked by another writer for longer than the busy timeout): the request may succeed if retried
 * a little later. Looks through `cause` and the errors of an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (error instanceof CircuitOpenError) return error.dependency === 'database';
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (CONNECTION_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code)) return true;
    if (e.code.startsWith('SQLITE_BUSY')) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * True when the database server gave no answer at all (unreachable, the connection lost or not
 * had in time, silent past the client's deadline): what the circuit breaker counts. A statement
 * the server cancelled at its statement timeout is unavailable (503) but was answered.
 */
export function isDatabaseUnresponsive(error: unknown): boolean {
  return isDatabaseUnavailable(error) && (error as { code?: unknown }).code !== STATEMENT_CANCELLED;
}
