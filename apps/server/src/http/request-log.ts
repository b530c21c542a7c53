import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request instead of Fastify's two ("incoming request" when it arrives,
 * "request completed" when it is answered): the completed line carries what the incoming one
 * said (`req`: method, url, host, remote address and port) next to the status and the response
 * time, under the same reqId: building the lines, not writing them, is what logging costs a
 * request at the default level `info`. A request that never finishes is logged when its
 * connection closes, no longer when it arrives. The error lines Fastify writes (error handler,
 * stream errors, 404) are unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
