import { z } from "zod";
import { V } from "./messages.js";

/** A positive integer id from a path parameter or query string. */
export const idSchema = z.coerce.number({ error: V.invalid }).int(V.invalid).positive(V.invalid).max(2_147_483_647, V.invalid);
export const idParamsSchema = z.object({ id: idSchema }).strict();

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
