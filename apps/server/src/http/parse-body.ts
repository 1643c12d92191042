import type { z } from "zod";
import { validationError } from "../errors.js";

/** A body checked by hand (a route that takes JSON or multipart), with the same field errors as schema validation. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw validationError(
    parsed.error.issues.map((issue) => ({
      path: ["body", ...issue.path.map(String)].join("."),
      message: issue.message.startsWith("validation.") ? issue.message : "validation.invalid",
    })),
  );
}
