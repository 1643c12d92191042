import { z } from "zod";
import { V } from "./messages.js";

export const settingKeyParamsSchema = z.object({ key: z.string().min(1).max(64) }).strict();
export const settingUpdateSchema = z
  .object({
    value: z.string({ error: V.required }).max(500, V.tooLong),
    key: z.string().max(64).optional(),
  })
  .strict();

/** Where an uploaded logo is shown (administration section 5, Logo upload). */
export const LOGO_DESTINATIONS = ["signup", "login", "interno", "favicon", "favicon-256x256", "apple-touch-icon"] as const;
export type LogoDestination = (typeof LOGO_DESTINATIONS)[number];
/** POST /settings/media-upload?ref={destination}. */
export const logoUploadQuerySchema = z.object({ ref: z.enum(LOGO_DESTINATIONS, { error: V.required }) }).strict();
export const logoDestinationParamsSchema = z.object({ ref: z.enum(LOGO_DESTINATIONS) }).strict();
