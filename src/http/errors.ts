import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ActionError, ApiError, MESSAGES, ParamError } from '../domain/errors.js';

const ACTION_STATUS = { 'not-found': 404, conflict: 409, invalid: 400 } as const;
import { GatewayError } from '../schemas/common.js';
import { isDatabaseUnavailable } from '../store/unavailable.js';
import { OutageLog } from './outage-log.js';

type SchemaLike = { properties?: Record<string, { description?: string }> };

/** A schema validation failure, told as the parameter it is about, what it must be and what it got. */
function validationError(error: FastifyError, request: FastifyRequest): ParamError {
  const first = error.validation?.[0];
  const missing =
    first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
  const name = missing || (first?.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'parameter';
  const context = error.validationContext === 'querystring' ? 'querystring' : 'params';
  const schema = request.routeOptions.schema?.[context] as SchemaLike | undefined;
  const expected = schema?.properties?.[name]?.description ?? 'a valid value';
  const source = (context === 'querystring' ? request.query : request.params) as
    Record<string, unknown> | undefined;
  const got = source?.[name] ?? '';
  // A parameter repeated in the query string (a=1&a=2) arrives as a list: say that, not just its shape.
  if (Array.isArray(got)) return new ParamError(name, `${expected}, given once`, got.join(','));
  return new ParamError(name, expected, got);
}

/** Maps anything thrown while serving a request to one of the API's error kinds. */
export function toApiError(error: FastifyError | ApiError | ActionError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ActionError) return new ApiError(ACTION_STATUS[error.kind], error.message);
  if (error.validation) return validationError(error, request);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(413, MESSAGES.tooLarge);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiError(414, MESSAGES.uriTooLong);
  // Another process (an import, a backup) holds the write lock: a moment's wait fixes it.
  if (error.code === 'SQLITE_BUSY' || error.code?.startsWith('SQLITE_BUSY_')) {
    return new ApiError(503, MESSAGES.busy, { 'retry-after': '5' });
  }
  // The database is down, unreachable or unusable: nothing this request did wrong; try again later.
  if (isDatabaseUnavailable(error)) return new ApiError(503, MESSAGES.unavailable, { 'retry-after': '5' });
  const status = error.statusCode ?? 500;
  // Fastify's own 4xx messages are safe to show; anything else stays in the log only.
  if (status >= 400 && status < 500) return new ApiError(status, error.message);
  return new ApiError(500, MESSAGES.internal);
}

export function sendApiError(reply: FastifyReply, error: ApiError, body?: unknown): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers({ 'cache-control': 'no-store', ...error.headers })
    .send(body ?? { statusCode: error.statusCode, message: error.message });
}

/** For errors Fastify raises before routing (bad URL encoding, over-long parameters). */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendApiError(reply, toApiError(error, request));
}

/** The outage a 503 of the database stands for, as OutageLog names it; undefined for other errors. */
function outageOf(apiError: ApiError): string | undefined {
  if (apiError.message === MESSAGES.unavailable) return 'database unavailable';
  if (apiError.message === MESSAGES.busy) return 'database busy';
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where failures that refuse every call while they last are logged (see OutageLog). */
    outages: OutageLog;
  }
}

/**
 * Logs what a failed request met, if worth a line: an outage of the database once per interval (not
 * once per refused call), any other failure with its stack. Refusals the service makes on purpose
 * (limits unavailable, overload, 4xx) are answers, logged where they are decided if at all.
 */
export function logFailure(request: FastifyRequest, error: unknown, apiError: ApiError): void {
  if (error instanceof ApiError || apiError.statusCode < 500) return;
  const outage = outageOf(apiError);
  if (outage !== undefined) request.server.outages.failed(request.log, outage, error);
  else request.log.error({ err: error }, 'request failed');
}

export function installErrorHandling(app: FastifyInstance, outages = new OutageLog()): void {
  app.decorate('outages', outages);
  // The error body every route documents by reference (schemas/common.ts).
  app.addSchema(GatewayError);
  app.setNotFoundHandler((_request, reply) => sendApiError(reply, new ApiError(404, MESSAGES.notFound)));
  app.setErrorHandler((error: FastifyError | ApiError | ActionError, request, reply) => {
    const apiError = toApiError(error, request);
    logFailure(request, error, apiError);
    return sendApiError(reply, apiError);
  });
}
