/**
 * Errors of the domain, thrown by services and pure code; the HTTP layer maps each kind to its
 * status (invalid → 400, unauthorized → 401, forbidden → 403, notFound → 404, conflict → 409).
 */
export type DomainErrorKind = 'invalid' | 'unauthorized' | 'notFound' | 'conflict' | 'forbidden';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly simpleMessage: string,
    readonly detailedMessage: string,
  ) {
    super(`${simpleMessage} ${detailedMessage}`);
    this.name = 'DomainError';
  }
}

export const invalid = (simple: string, detail: string) => new DomainError('invalid', simple, detail);
/** A query or path parameter the rules refuse: names it and says what is allowed. */
export const invalidParameterValue = (name: string, detail: string) => invalid(`Invalid value for parameter '${name}'.`, detail);
/** The caller's credentials are not (or no longer) valid. */
export const unauthorizedCaller = (simple: string, detail: string) => new DomainError('unauthorized', simple, detail);
export const notFoundError = (what: string, detail: string) => new DomainError('notFound', `${what} not found.`, detail);
export const conflict = (simple: string, detail: string) => new DomainError('conflict', simple, detail);
export const forbidden = (simple: string, detail: string) => new DomainError('forbidden', simple, detail);
