import { z } from "zod";
import { V } from "./messages.js";

export const settingKeyParamsSchema = z.object({ key: z.string().min(1).max(64) }).strict();
export const settingUpdateSchema = z
  .object({
    value: z.string({ error: V.required }).max(500, V.tooLong),
    key: z.string().max(64).optional(),
  })
  .strict();
