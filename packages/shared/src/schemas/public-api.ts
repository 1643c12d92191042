import { z } from "zod";
import { V } from "./messages.js";
import { normalizeNumber } from "../phone.js";
import { MESSAGE_BODY_MAX } from "./tickets.js";
import { sendTemplateSchema } from "./template-choice.js";

/** The external messages API (administration section 7): POST /api/messages/send with a connection's token. */
export const API_SEND_PATH = "/api/messages/send";
/** Requests one token may make per minute unless the deployer says otherwise (API_RATE_LIMIT_PER_MINUTE). */
export const API_RATE_LIMIT_PER_MINUTE_DEFAULT = 60;

/** Country code, area code and number, without masks ("5511987654321"); read like a contact's number. */
export const apiNumberSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(30, V.tooLong)
  .refine((value) => normalizeNumber(value).valid, V.invalidNumber)
  .meta({ description: "Country code, area code and number, digits only", example: "5511987654321" });

/**
 * JSON form: a text message. The multipart form has the same fields plus the files in `medias` (the body is the caption).
 * On a Cloud API connection `template` is what goes when the customer's 24-hour window is closed (or when no body is
 * given); the body is required unless a template is.
 */
export const apiSendMessageSchema = z
  .object({
    number: apiNumberSchema,
    body: z
      .string({ error: V.required })
      .max(MESSAGE_BODY_MAX, V.tooLong)
      .optional()
      .meta({ description: "The text to send (required unless `template` is given)", example: "Olá! Seu pedido foi enviado." }),
    template: sendTemplateSchema
      .optional()
      .meta({ description: "Cloud API connections: an approved template, sent when the customer's 24-hour window is closed or no body is given" }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.template && !value.body?.trim()) ctx.addIssue({ code: "custom", path: ["body"], message: V.required });
  });
export type ApiSendMessageInput = z.input<typeof apiSendMessageSchema>;

/** What the API answers: one entry per message stored (a text, or one per file). */
export const apiSentMessageSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  /** Outbox state: queued until the connection sends it, then sent or failed. */
  status: z.enum(["queued", "sent", "failed"]),
  mediaType: z.string(),
});
export const apiSendResultSchema = z.object({ messages: z.array(apiSentMessageSchema) });
export type ApiSendResult = z.output<typeof apiSendResultSchema>;

/** POST /whatsapp/{whatsappId}/api-token: the new token, answered once (only its hash is kept). */
export const apiTokenResultSchema = z.object({ token: z.string() });
export type ApiTokenResult = z.output<typeof apiTokenResultSchema>;

/** The text fields of the multipart form: the body is optional there (the first file's caption). */
export const apiSendMediaFieldsSchema = z
  .object({
    number: apiNumberSchema,
    body: z.string({ error: V.invalid }).max(MESSAGE_BODY_MAX, V.tooLong).default(""),
  })
  .strict();

/** The multipart form as documented (the server reads the files as a stream, see apiSendMediaFieldsSchema). */
export const apiSendMediaFormSchema = z.object({
  number: apiNumberSchema,
  body: z.string().max(MESSAGE_BODY_MAX).optional().meta({ description: "Caption of the first file" }),
  medias: z.array(z.file()).min(1).meta({ description: "Images, audio, video or PDF (16 MB each, at most 10)" }),
});
