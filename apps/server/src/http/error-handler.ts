import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorBody, FieldError } from "@atendo/shared";
import { isErrorCode } from "@atendo/shared";
import { AppError } from "../errors.js";
import { ProviderError } from "../whatsapp/provider.js";
import { appErrorOfProvider } from "../whatsapp/sessions/provider-error.js";

/** Fastify's own 4xx errors, mapped onto our codes. */
function codeForStatus(status: number): ErrorBody["error"] {
  if (status === 401) return "ERR_SESSION_EXPIRED";
  if (status === 404) return "ERR_NOT_FOUND";
  if (status === 413) return "ERR_PAYLOAD_TOO_LARGE";
  if (status === 415) return "ERR_UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "ERR_TOO_MANY_REQUESTS";
  return "ERR_BAD_REQUEST";
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A provider's failure reaching a route (a session not running, an invalid number) is the client's answer too.
    const err = thrown instanceof ProviderError ? (appErrorOfProvider(thrown) as unknown as FastifyError) : thrown;
    if (err instanceof AppError) {
      const body: ErrorBody = { error: err.code };
      if (err.details) body.details = err.details;
      if (err.fields) body.fields = err.fields;
      if (err.code === "ERR_TOO_MANY_REQUESTS" && typeof err.details?.retryAfterSeconds === "number") {
        void reply.header("retry-after", String(err.details.retryAfterSeconds));
      }
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? "body";
      const fields: FieldError[] = err.validation.map((v) => ({
        path: [part, ...String(v.instancePath ?? "").split("/").filter(Boolean)].join("."),
        message: typeof v.message === "string" && v.message.startsWith("validation.") ? v.message : "validation.invalid",
      }));
      return reply.status(400).send({ error: "ERR_VALIDATION", fields } satisfies ErrorBody);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, "response did not match its schema");
      return reply.status(500).send({ error: "ERR_INTERNAL", details: { requestId: request.id } } satisfies ErrorBody);
    }
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const error = isErrorCode(err.message) ? err.message : codeForStatus(status);
      return reply.status(status).send({ error } satisfies ErrorBody);
    }
    // Unknown: log everything with the request id, answer nothing about internals.
    request.log.error({ err, reqId: request.id }, "unhandled error");
    return reply.status(500).send({ error: "ERR_INTERNAL", details: { requestId: request.id } } satisfies ErrorBody);
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "ERR_NOT_FOUND" } satisfies ErrorBody));
}
