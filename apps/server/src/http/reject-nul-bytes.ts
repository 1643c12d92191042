import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.js";

/** PostgreSQL text cannot hold a NUL character: any NUL in a request is a client mistake, answered before a query fails. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [part, value] of [["params", request.params], ["query", request.query], ["body", request.body]] as const) {
      const path = findNul(value, part, 0);
      if (path) throw new AppError("ERR_VALIDATION", 400, undefined, [{ path, message: "validation.invalid" }]);
    }
  });
}

function findNul(value: unknown, path: string, depth: number): string | null {
  if (depth > 32) return null;
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object" && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const found = key.includes("\u0000") ? `${path}.${key}` : findNul(inner, `${path}.${key}`, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
