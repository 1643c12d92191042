import { z } from "zod";
import { flexibleBoolean } from "./common.js";
import { V } from "./messages.js";

export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_TEXT_MAX = 10_000;

/** Quick message dialog (administration section 5): the shortcode is required ('Obrigatório'). */
export const quickMessageSchema = z
  .object({
    shortcode: z.string({ error: V.required }).trim().min(1, V.required).max(QUICK_MESSAGE_SHORTCODE_MAX, V.tooLong),
    message: z.string({ error: V.invalid }).max(QUICK_MESSAGE_TEXT_MAX, V.tooLong).optional(),
    /** General: offered to the whole company. Only admins set it (quick-messages:setGeneral). */
    geral: flexibleBoolean.optional(),
  })
  .strict();
export type QuickMessageInput = z.input<typeof quickMessageSchema>;
export type QuickMessageData = z.output<typeof quickMessageSchema>;

/** GET /quick-messages/list: companyId and userId are accepted for old clients and ignored (the session decides). */
export const quickMessageListQuerySchema = z.object({
  searchParam: z.string().max(200, V.tooLong).optional(),
  companyId: z.string().max(20).optional(),
  userId: z.string().max(20).optional(),
});

/** A quick message as the API answers it (administration section 3, Quick message). */
export interface QuickMessageView {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  companyId: number;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Payload of `company-{id}-quickemessage`. */
export type QuickMessageEventPayload =
  | { action: "create" | "update"; quickMessage: QuickMessageView }
  | { action: "delete"; quickMessageId: number };
