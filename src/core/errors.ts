/**
 * Errors of the domain, thrown by services and pure code; the HTTP layer maps each kind to its
 * status (invalid → 400, notFound → 404, conflict → 409, forbidden → 403).
 */
export type DomainErrorKind = 'invalid' | 'notFound' | 'conflict' | 'forbidden';

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
export const notFoundError = (what: string, detail: string) => new DomainError('notFound', `${what} not found.`, detail);
export const conflict = (simple: string, detail: string) => new DomainError('conflict', simple, detail);
export const forbidden = (simple: string, detail: string) => new DomainError('forbidden', simple, detail);
