import { z } from "zod";
import { V } from "./messages.js";

/** A positive integer id from a path parameter or query string. */
export const idSchema = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2_147_483_647, V.invalid);
export const idParamsSchema = z.object({ id: idSchema }).strict();

/**
 * A boolean as the spec's client sends it: true/false, 1/0 and "true"/"false"/"1"/"0" (several of its payloads, e.g.
 * `read: 1` on a message). Accepted here, once, for every boolean of a request; the server stores and answers booleans.
 */
// Typed as a plain boolean schema: our own client (its forms) sends booleans; the other spellings are for the
// spec's client, at run time.
export const flexibleBoolean = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(["true", "false", "1", "0"])], { error: V.invalid })
  .transform((value) => value === true || value === 1 || value === "true" || value === "1") as unknown as z.ZodBoolean;

export const emailSchema = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, V.required)
  .max(254, V.tooLong)
  .pipe(z.email({ error: V.invalidEmail }));

export const pageQuerySchema = z.object({
  searchParam: z.string().max(200, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
