import type { FastifyBaseLogger, FastifyRequest } from "fastify";

/**
 * Paths whose segments after the prefix are secrets: the spec's password reset sends the e-mail, the code and the new
 * password in the path (administration section 7). Their request log lines keep only the prefix.
 */
const SECRET_PATH_PREFIXES = ["/resetpasswords/"];

export function redactUrl(url: string): string {
  const prefix = SECRET_PATH_PREFIXES.find((p) => url.toLowerCase().startsWith(p));
  return prefix ? `${url.slice(0, prefix.length)}[redacted]` : url;
}

/** Fastify's own request serializer (lib/logger-pino.js) with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.["accept-version"] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * The app's logger with the redacting request serializer: Fastify merges a logger instance's own serializers over
 * its defaults, so every line that logs `req` (incoming request, 5xx errors) goes through it.
 */
export function withRedactedUrls(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: { req: serializeRequest } });
}
