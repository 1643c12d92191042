import { z } from "zod";
import { idSchema } from "./common.js";
import { idListQuerySchema } from "./tickets.js";
import type { TicketView } from "../types.js";

/** How many tickets the board shows at most (the most recently active first). */
export const KANBAN_TICKETS_MAX = 500;

/**
 * GET /ticket/kanban (administration section 7): queueIds as a JSON string narrows the board to those queues (only
 * narrows: the ticket visibility rule still applies); `teste` is the reference client's leftover, read and ignored.
 */
export const kanbanTicketsQuerySchema = z.object({
  queueIds: idListQuerySchema,
  teste: z.string().max(20).optional(),
});

/** PUT /ticket-tags/{ticketId}/{tagId}. */
export const ticketTagParamsSchema = z.object({ ticketId: idSchema, tagId: idSchema }).strict();


/** GET /ticket/kanban: the open and pending tickets the user may see (administration section 3, Ticket in kanban). */
export interface KanbanTicketsPage {
  tickets: TicketView[];
}
