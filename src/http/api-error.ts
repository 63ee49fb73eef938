/**
 * The one error type routes and services throw; the error handler turns it into the error body
 * `{ statusCode, statusName, errorId, simpleMessage, detailedMessage }`.
 */
import { STATUS_CODES } from 'node:http';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly simpleMessage: string,
    readonly detailedMessage: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${simpleMessage} ${detailedMessage}`);
    this.name = 'ApiError';
  }
}

export function statusName(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export interface ErrorBody {
  statusCode: number;
  statusName: string;
  errorId: string;
  simpleMessage: string;
  detailedMessage: string;
}

export function errorBody(statusCode: number, errorId: string, simpleMessage: string, detailedMessage: string): ErrorBody {
  return { statusCode, statusName: statusName(statusCode), errorId, simpleMessage, detailedMessage };
}

/** 400 for a query or path parameter: names the parameter and what is allowed. */
export function invalidParameter(name: string, detail: string): ApiError {
  return new ApiError(400, `Invalid value for parameter '${name}'.`, detail);
}

export function notFound(what: string, detail: string): ApiError {
  return new ApiError(404, `${what} not found.`, detail);
}

export function unauthorized(simpleMessage: string, detailedMessage: string, scheme: 'Bearer' | 'Basic' = 'Bearer'): ApiError {
  const challenge = scheme === 'Basic' ? 'Basic realm="agwx"' : 'Bearer realm="agwx"';
  return new ApiError(401, simpleMessage, detailedMessage, { 'WWW-Authenticate': challenge });
}
