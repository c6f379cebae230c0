// The one set of error kinds the API answers with. Messages are the API gateway's, word for word,
// because clients of the original service match on them.

export const MESSAGES = {
  missingKey:
    'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  invalidKey:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  notFound: 'Resource not found',
  tooLarge: 'Request body is too large.',
  uriTooLong: 'Request URI is too long.',
  headersTooLarge: 'Request header fields are too large.',
  requestTimeout: 'The request was not received in time.',
  badRequest: 'The request is not valid HTTP.',
  missingHost: 'The request has no Host header.',
  twoHosts: 'The request has more than one Host header.',
  httpVersion: 'HTTP version not supported: use HTTP/1.1.',
  overloaded: 'The service is overloaded. Try again in a few seconds.',
  busy: 'The database is busy with another writer (an import or a backup). Try again in a few seconds.',
  unavailable: 'The database is unavailable. Try again in a few seconds.',
  limitsUnavailable: 'The service cannot check rate limits right now. Try again in a few seconds.',
  internal: 'Internal server error. The request id identifies it in the service logs.',
} as const;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Longest part of a rejected value echoed back, so a huge value does not make a huge error. */
const ECHO_LIMIT = 40;

export function echo(value: unknown): string {
  const text = String(value);
  return text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT)}...` : text;
}

/** 400 naming the parameter, what it must be and what it got. */
export class ParamError extends ApiError {
  constructor(
    readonly param: string,
    expected: string,
    got: unknown,
  ) {
    super(400, `Invalid ${param}: expected ${expected}, got '${echo(got)}'`);
  }
}

/** A refused management action (admin API, CLI): no such thing, a state that forbids it, a bad value. */
export class ActionError extends Error {
  constructor(
    readonly kind: 'not-found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}
