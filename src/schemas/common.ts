import { Type, type TSchema } from '@sinclair/typebox';

/** A value that may not exist: served as JSON null, never a made-up 0. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// The spec types these fields date-time, but the original writes them without a zone, which the JSON
// Schema 'date-time' format rejects; a pattern states the real format instead.
export const DateTime = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T00:00:00$',
  description: 'date-time written YYYY-MM-DDT00:00:00 (Bangkok date, no zone)',
  examples: ['2026-11-20T00:00:00'],
});

export const GatewayError = Type.Object(
  {
    statusCode: Type.Integer({ description: 'The HTTP status again' }),
    message: Type.String({ description: 'What went wrong, in the words of the gateway' }),
  },
  { $id: 'GatewayError', description: 'Error body in the API gateway shape' },
);

// Referenced, not inlined: the app adds GatewayError as a shared schema (see http/errors.ts), so the
// OpenAPI document holds it once, as a component.
const gatewayError = (description: string, headers?: Record<string, TSchema>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: Type.Ref('GatewayError') } },
});

// The error answers the gateway gives, each described once. Routes spread the ones that can happen to
// them into their `response` schemas, so the serializer, the OpenAPI document and the tests that check
// responses against that document all see the same list.
const ERRORS = {
  400: gatewayError('A malformed parameter: the message names it, says what it must be and what it got'),
  401: gatewayError('Missing or invalid subscription key'),
  403: gatewayError('Out of call volume quota; the message says when the quota is replenished'),
  413: gatewayError('Request body over the limit'),
  404: gatewayError(
    'Asked as of an instant (Accept-Datetime or asOf) before the first publication: the message names the first instant there is',
  ),
  414: gatewayError(
    'The URL over the length limit (MAX_URL_LENGTH), or a path parameter over 400 characters',
  ),
  429: gatewayError('Over the rate limit of the key', {
    'Retry-After': Type.Integer({ description: 'Seconds to wait before trying again' }),
  }),
  500: gatewayError('Internal error; the X-Request-Id answer header identifies it in the service logs'),
  503: gatewayError(
    'The service is overloaded, the database busy with a writer or unavailable, or the shared limit store unreachable; try again later',
    {
      'Retry-After': Type.Integer({ description: 'Seconds to wait before trying again' }),
    },
  ),
};

/** A repeated GET with the ETag of the answer it has: nothing changed (answers are cached until a batch commits). */
const NOT_MODIFIED = {
  304: {
    description:
      'Not modified: the ETag sent in If-None-Match still matches, or (without If-None-Match) nothing changed since If-Modified-Since; no body',
    type: 'null',
  },
};

/** Errors of every operation: a too-long URL, the key check, the limits, overload and the unexpected. */
const COMMON_ERRORS = {
  401: ERRORS[401],
  403: ERRORS[403],
  414: ERRORS[414],
  429: ERRORS[429],
  500: ERRORS[500],
  503: ERRORS[503],
};

/**
 * Answers of every GET operation besides 200: the common errors, 304 (answers are cached), and an
 * instant asked (docs/time-travel.md) that is malformed (400) or before the first publication (404).
 */
export const KEY_ERRORS = { ...NOT_MODIFIED, 400: ERRORS[400], 404: ERRORS[404], ...COMMON_ERRORS };

/** Errors of a GET operation with path parameters: the same. */
export const PARAM_ERRORS = KEY_ERRORS;

/** Errors of the POST operation, whose 400 is its own envelope (declared by the route). */
export const BODY_ERRORS = { 404: ERRORS[404], 413: ERRORS[413], ...COMMON_ERRORS };

/** Errors of the admin routes shown in the document (the developer portal's). */
export const ADMIN_ERRORS = {
  400: gatewayError('A value that is not valid: the message says which'),
  401: gatewayError('Missing or invalid admin token (a portal session opens nothing here)'),
  404: gatewayError('No such product, developer or subscription'),
  409: gatewayError('A state that forbids the action (e.g. approving what is not submitted)'),
  413: ERRORS[413],
  500: ERRORS[500],
  503: ERRORS[503],
};
