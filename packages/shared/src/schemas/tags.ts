import { z } from "zod";
import { V } from "./messages.js";
import { queueColorSchema } from "./queues.js";
import { idSchema, flexibleBoolean } from "./common.js";

/** Tag dialog bounds (administration section 5: at least 3, 'Mensagem muito curta'; required, 'Obrigatório'). */
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 50;

export const tagSchema = z
  .object({
    name: z
      .string({ error: V.required })
      .trim()
      .min(1, V.required)
      .min(TAG_NAME_MIN, V.messageTooShort)
      .max(TAG_NAME_MAX, V.tooLong),
    /** Optional on create (a palette colour is chosen, as the spec's client may send none); kept on update. */
    color: queueColorSchema.optional(),
    /** Only admins and supervisors may set or change it (tags:editKanban). */
    kanban: flexibleBoolean.optional(),
  })
  .strict();
export type TagInput = z.input<typeof tagSchema>;
export type TagData = z.output<typeof tagSchema>;

/** A tag as the API answers it (administration section 3, Tag). */
export interface TagView {
  id: number;
  name: string;
  color: string;
  kanban: boolean;
  /** Open tickets carrying the tag; 0 until the ticket engine links tickets to tags. */
  ticketsCount: number;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TagPage {
  tags: TagView[];
  hasMore: boolean;
  count: number;
}

/** Payload of `company-{id}-tag`. */
export type TagEventPayload = { action: "create" | "update"; tag: TagView } | { action: "delete"; tagId: number };

/** POST /tags/sync: the ticket's tags become exactly these (objects as the tag editor holds them, or ids). */
export const syncTicketTagsSchema = z
  .object({
    ticketId: idSchema,
    tags: z
      .array(z.union([idSchema, z.object({ id: idSchema }).loose()], { error: V.invalid }), { error: V.invalid })
      .max(100, V.tooLong)
      .transform((list) => [...new Set(list.map((t) => (typeof t === "number" ? t : t.id)))]),
  })
  .strict();
