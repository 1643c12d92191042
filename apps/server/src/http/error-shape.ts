import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "@atendo/shared";

/**
 * The 4xx answers Fastify gives before any route or error handler runs, in the one error shape
 * (`{ error: "ERR_…" }`, docs/ERRORS.md): a URL that is not valid percent-encoding (400), a path parameter over the
 * router's limit (414). Passed as Fastify's `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  void reply.status(status).send({ error: "ERR_BAD_REQUEST" } satisfies ErrorBody);
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request: headers (or URL) over the size limit (431), a request
 * that took too long (408), anything unparsable (400). Passed as Fastify's `clientErrorHandler`; same shape.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const status = err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : err.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify({ error: "ERR_BAD_REQUEST" } satisfies ErrorBody);
  this.log.trace({ err }, "client error");
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
