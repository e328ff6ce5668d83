import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** An incoming X-Request-Id is kept when it is this: a UUID, a ULID, a proxy's hex or token id. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The request id (`reqId` in every log line of the request, `X-Request-Id` in the answer): the
 * caller's own X-Request-Id when it is short and plain (a load balancer's, so its log and ours
 * meet), else a new UUID — unique across instances, unlike Fastify's per-process counter.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One log line per request, when its answer has gone: Fastify's default writes two (`incoming
 * request`, then `request completed`), and each costs a serialisation and a write on every
 * request. The line keeps what both said that is worth keeping: the request id (the child
 * logger's `reqId`), method, path, client address, status and time taken. The path is logged
 * without its query string, so no query parameter ever reaches a log line. Errors, stream
 * failures and the other lines Fastify writes are left as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const query = request.url.indexOf('?');
    const line = {
      req: {
        method: request.method,
        url: query === -1 ? request.url : request.url.slice(0, query),
        remoteAddress: request.ip,
      },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
