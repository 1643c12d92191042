import type { FastifyRequest } from "fastify";

/**
 * preValidation for routes whose body is optional: a request with no body at all (no content type) is read as `{}`,
 * so it passes an optional object schema, while a JSON `null` is still refused.
 */
export async function noBodyAsEmpty(request: FastifyRequest): Promise<void> {
  if (request.body == null && !request.headers["content-type"]) request.body = {};
}
