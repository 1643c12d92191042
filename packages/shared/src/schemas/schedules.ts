import { z } from "zod";
import { V } from "./messages.js";
import { idSchema } from "./common.js";
import { checkTemplateChoice, templateChoiceShape, type TemplateChoiceView } from "./template-choice.js";

/** Schedule body bounds (administration section 5: at least 5, 'Mensagem muito curta'). */
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 10_000;
/** The dialog's default send time: one hour from now (administration section 5). */
export const SCHEDULE_DEFAULT_DELAY_MINUTES = 60;
/** What the media picker offers (administration section 5: png, jpg, jpeg); the server checks the bytes. */
export const SCHEDULE_MEDIA_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";
/** Default of SCHEDULE_MAX_DELAY_HOURS: a schedule found this late (server down) is not sent but ends EXPIRADO. */
export const SCHEDULE_MAX_DELAY_HOURS_DEFAULT = 24;

/**
 * Schedule statuses. PENDENTE waits for its time; ENVIADA was handed to the outbox (sentAt set, no longer editable);
 * ERRO could not be sent (`error` says why); EXPIRADO came due too late (the server was down longer than the setting).
 */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIADA", "ERRO", "EXPIRADO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

const sendAtSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .refine((value) => !Number.isNaN(Date.parse(value)), V.invalid)
  .transform((value) => new Date(value));

/** Schedule dialog (administration section 5): body (at least 5), contactId and sendAt required; connection optional. */
export const scheduleSchema = z
  .object({
    body: z
      .string({ error: V.required })
      .trim()
      .min(1, { error: V.required, abort: true })
      .min(SCHEDULE_BODY_MIN, V.messageTooShort)
      .max(SCHEDULE_BODY_MAX, V.tooLong),
    contactId: z.coerce.number({ error: V.required }).int(V.required).positive(V.required).max(2_147_483_647, V.invalid),
    sendAt: sendAtSchema,
    /** The connection to send through; null or absent: the company's default at send time. */
    whatsappId: idSchema.nullable().optional(),
    /** On a Cloud API connection: the template sent instead when the contact's 24-hour window is closed. */
    ...templateChoiceShape,
  })
  .strict()
  .superRefine(checkTemplateChoice);
export type ScheduleInput = z.input<typeof scheduleSchema>;
export type ScheduleData = z.output<typeof scheduleSchema>;

/** GET /schedules/: search (body or contact name), paging, and optional filters the calendar and contact view use. */
export const scheduleListQuerySchema = z.object({
  searchParam: z.string().max(200, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  contactId: idSchema.optional(),
  /** ISO instants: only schedules with sendAt in [from, to). */
  from: z.iso.datetime({ offset: true, error: V.invalid }).optional(),
  to: z.iso.datetime({ offset: true, error: V.invalid }).optional(),
});
export type ScheduleListQuery = z.output<typeof scheduleListQuerySchema>;

/** A schedule as the API answers it (administration section 3, Schedule), with its Cloud API template choice. */
export interface ScheduleView extends TemplateChoiceView {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string } | null;
  /** The chosen connection, or null for the company's default. */
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  ticketId: number | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** Why it ended ERRO or EXPIRADO (an error code), else null. */
  error: string | null;
  mediaName: string | null;
  /** Where a signed-in user fetches the image (GET, bearer token), or null. */
  mediaUrl: string | null;
  /** False once sent (administration section 4). */
  editable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SchedulePage {
  schedules: ScheduleView[];
  count: number;
  hasMore: boolean;
}

/** Payload of `company-{id}-schedule`. */
export type ScheduleEventPayload =
  | { action: "create" | "update"; schedule: ScheduleView }
  | { action: "delete"; scheduleId: number };
