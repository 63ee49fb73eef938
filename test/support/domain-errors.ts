/**
 * The DomainError a piece of work ends with, for exact assertions on its kind and messages: fails
 * the test when the work succeeds or throws anything else.
 */
import { expect } from 'vitest';
import { DomainError, type DomainErrorKind } from '../../src/core/errors.js';

/** What a test checks of a DomainError: its kind, and its simple message when given. */
export interface ExpectedDomainError {
  kind: DomainErrorKind;
  simpleMessage?: string;
}

function checked(error: unknown, expected: ExpectedDomainError): DomainError {
  expect(error).toBeInstanceOf(DomainError);
  const domain = error as DomainError;
  expect(domain.kind).toBe(expected.kind);
  if (expected.simpleMessage !== undefined) expect(domain.simpleMessage).toBe(expected.simpleMessage);
  return domain;
}

/** The DomainError `work` rejects with (async work). */
export async function rejection(work: Promise<unknown> | (() => Promise<unknown>), expected: ExpectedDomainError): Promise<DomainError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    return checked(error, expected);
  }
  throw new Error(`expected a DomainError (${expected.kind}), but the work succeeded`);
}

/** The DomainError `work` throws (synchronous work). */
export function refusal(work: () => unknown, expected: ExpectedDomainError): DomainError {
  try {
    work();
  } catch (error) {
    return checked(error, expected);
  }
  throw new Error(`expected a DomainError (${expected.kind}), but the work succeeded`);
}

/** The simple message of a refused parameter, as `invalidParameterValue` words it. */
export const parameterMessage = (name: string) => `Invalid value for parameter '${name}'.`;
