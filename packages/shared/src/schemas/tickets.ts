import { z } from "zod";
import { V } from "./messages.js";
import { idSchema, pageQuerySchema, flexibleBoolean } from "./common.js";
import { sendTemplateSchema } from "./template-choice.js";

/** Ticket statuses (core-service section 4). "attending" is accepted as a filter and treated as open (docs/DECISIONS.md). */
export const TICKET_STATUS_VALUES = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUS_VALUES)[number];

const nullableId = idSchema.nullable();
const flag = flexibleBoolean;

/**
 * A list of ids in a query string, as the client sends it: a JSON array ("[1,2]"), a comma list ("1,2"), or the
 * parameter repeated. Anything else is a 400, never a 500.
 */
export const idListQuerySchema = z.preprocess((value) => {
  if (value === undefined || value === "") return undefined;
  const parts = Array.isArray(value) ? value : [value];
  const out: unknown[] = [];
  for (const part of parts) {
    if (typeof part !== "string") return value;
    const text = part.trim();
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) return value;
        out.push(...parsed);
      } catch {
        return value;
      }
    } else if (text !== "") out.push(...text.split(","));
  }
  return out;
}, z.array(idSchema).max(500, V.tooLong).optional());

const dayQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, V.invalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), V.invalid)
  .optional();

/** GET /tickets (core-service section 7). The server narrows every filter to what the user may see. */
export const ticketListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...TICKET_STATUS_VALUES, "attending"], { error: V.invalid }).optional(),
  tags: idListQuerySchema,
  users: idListQuerySchema,
  queueIds: idListQuerySchema,
  /** Created on this day (yyyy-MM-dd, company time zone is not known: UTC). */
  date: dayQuery,
  /** Updated on this day (yyyy-MM-dd). */
  updatedAt: dayQuery,
  showAll: flag.optional(),
  withUnreadMessages: flag.optional(),
  isGroup: flag.optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** POST /tickets: an agent starts a conversation (status open, assigned to them). */
export const createTicketSchema = z
  .object({
    contactId: idSchema,
    queueId: nullableId.optional(),
    whatsappId: nullableId.optional(),
    /** Ignored beyond the current user: a ticket is created for whoever creates it. */
    userId: nullableId.optional(),
    status: z.enum(["open", "pending"], { error: V.invalid }).optional(),
  })
  .strict();
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

/**
 * PUT /tickets/{id}: accept (status open), return to pending (status pending, userId null), resolve (status closed),
 * reopen (status open from closed), transfer (userId and/or queueId and whatsappId).
 */
export const updateTicketSchema = z
  .object({
    status: z.enum([...TICKET_STATUS_VALUES, "attending"], { error: V.invalid }).optional(),
    userId: nullableId.optional(),
    queueId: nullableId.optional(),
    whatsappId: nullableId.optional(),
    useIntegration: flexibleBoolean.optional(),
    promptId: nullableId.optional(),
    integrationId: nullableId.optional(),
    /** Close without the completion and rating messages (the agent chose "close without saying goodbye"). */
    sendFarewell: flexibleBoolean.optional(),
  })
  .strict();
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;

/** POST /tickets/closeAll (admin): every ticket of the tab's status within the selected queues. */
export const closeAllTicketsSchema = z
  .object({
    status: z.enum(["open", "pending"], { error: V.invalid }),
    selectedQueueIds: z.array(idSchema).max(500, V.tooLong).default([]),
  })
  .strict();
export type CloseAllTicketsInput = z.infer<typeof closeAllTicketsSchema>;

export const ticketUuidParamsSchema = z.object({ uuid: z.uuid({ error: V.invalid }) }).strict();

/** GET /messages/{ticketId} (newest page first). */
export const messageListQuerySchema = z.object({
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
export const ticketIdParamsSchema = z.object({ ticketId: idSchema }).strict();

/** The longest text a message may carry (WhatsApp's own limit is about 65,000; agents never need that much). */
export const MESSAGE_BODY_MAX = 4096;
/** Attachments an agent sends: per file, and per request. */
export const OUTBOUND_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
export const OUTBOUND_MEDIA_MAX_FILES = 10;

const messageTextShape = {
  body: z
    .string({ error: V.required })
    .max(MESSAGE_BODY_MAX, V.tooLong)
    .refine((value) => value.trim().length > 0, V.required),
  quotedMsg: z
    .union([idSchema, z.object({ id: idSchema }).loose()], { error: V.invalid })
    .nullable()
    .optional()
    .transform((value) => (value == null ? null : typeof value === "number" ? value : value.id)),
  read: flexibleBoolean.optional(),
  fromMe: flexibleBoolean.optional(),
  mediaUrl: z.string({ error: V.invalid }).max(2000, V.tooLong).nullable().optional(),
};

/**
 * POST /messages/{ticketId} as JSON (core-service section 7: read, fromMe, mediaUrl, body, quotedMsg). Only body and
 * the quoted message matter to the server; the other fields are accepted for the client's sake and ignored.
 * On a Cloud API ticket, `template` (an approved template and its body variables) instead of `body`: the server
 * renders the text from the connection's template list.
 */
export const sendMessageSchema = z
  .object({ ...messageTextShape, body: messageTextShape.body.optional(), template: sendTemplateSchema.optional() })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.template && value.body === undefined) ctx.addIssue({ code: "custom", path: ["body"], message: V.required });
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** POST /messages/edit/{id}: the same fields as a text send; only the text changes. */
export const editMessageSchema = z.object(messageTextShape).strict();

/** POST /messages/{id}/reactions: `type` is the emoji (empty removes our reaction). */
export const reactionSchema = z
  .object({ type: z.string({ error: V.required }).max(32, V.tooLong) })
  .strict();

/** POST /message/forward: one message to one contact (the client sends them one at a time, FORWARD_DELAY_MS apart). */
export const forwardMessageSchema = z
  .object({
    messageId: idSchema,
    contactId: idSchema,
    signMessage: flexibleBoolean.optional(),
  })
  .strict();
export type ForwardMessageInput = z.infer<typeof forwardMessageSchema>;

/** Ticket note (core-service section 5): required, at least 2 characters. */
export const TICKET_NOTE_MIN = 2;
export const TICKET_NOTE_MAX = 2000;
export const createTicketNoteSchema = z
  .object({
    note: z.string({ error: V.required }).trim().min(1, V.required).min(TICKET_NOTE_MIN, V.tooShort).max(TICKET_NOTE_MAX, V.tooLong),
    ticketId: idSchema,
    contactId: idSchema.optional(),
  })
  .strict();
export const ticketNotesQuerySchema = z.object({ ticketId: idSchema.optional(), contactId: idSchema.optional() });

/** POST /messages/{ticketId}/presence: the agent is typing or recording (or stopped); sent on to the customer. */
export const agentPresenceSchema = z.object({ presence: z.enum(["composing", "recording", "paused"], { error: V.invalid }) }).strict();
