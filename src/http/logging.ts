import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { CallLog } from '../calls/call-log.js';
import { writeFailedCallLine } from '../calls/log-line.js';

/**
 * One line per answered request, with the request in it, in place of Fastify's two ('incoming
 * request', 'request completed'): half the logging work per call. The line is the call core's
 * (calls/log-line.ts), written through the call log as the fast path's is.
 */
export class OneLineRequestLog extends LogController {
  constructor(private readonly callLog: CallLog) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const call = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    // reply.log names the request id already (the framework's per-request child logger).
    if (error) writeFailedCallLine(reply.log, call, error);
    else if ((reply.log as Logger).isLevelEnabled('info')) this.callLog.write(call, request.id);
  }
}
