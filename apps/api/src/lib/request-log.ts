import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

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
