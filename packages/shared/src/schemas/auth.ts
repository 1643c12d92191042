import { z } from "zod";
import { V } from "./messages.js";
import { emailSchema } from "./common.js";

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: V.required }).min(1, V.required).max(200, V.tooLong),
  })
  .strict();
export type LoginInput = z.infer<typeof loginSchema>;
