import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * Fastify's line per request ("incoming request", "request completed", "Route … not found") at debug instead of
 * info: at the default LOG_LEVEL=info a busy inbox would scroll the start banner (the URL and the first-start
 * passwords) out of sight within seconds. LOG_LEVEL=debug shows them; failed requests keep their error lines.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
