import { kanbanTicketsQuerySchema, ticketIdParamsSchema, ticketTagParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listKanbanTickets } from "./list-kanban-tickets.js";
import { addTicketTag } from "./add-ticket-tag.js";
import { removeKanbanTags } from "./remove-kanban-tags.js";

/**
 * The kanban board (administration sections 2, 4 and 7), plan flag useKanban (`kanban:use`). Its lanes are
 * GET /tags/kanban (tags/routes.ts). Moves answer the ticket and emit its update, so every open board follows.
 */
export async function kanbanRoutes(app: App): Promise<void> {
  const permission = "kanban:use" as const;

  app.get("/ticket/kanban", { schema: { querystring: kanbanTicketsQuerySchema }, config: { permission } }, async (request) =>
    listKanbanTickets(app.deps.db, authOf(request), request.query.queueIds),
  );

  app.put(
    "/ticket-tags/:ticketId/:tagId",
    {
      schema: { params: ticketTagParamsSchema },
      config: { permission, params: { ticketId: { resource: "tickets" as const }, tagId: { resource: "tags" as const } } },
    },
    async (request) => addTicketTag(app.deps, authOf(request), request.params.ticketId, request.params.tagId),
  );

  app.delete(
    "/ticket-tags/:ticketId",
    { schema: { params: ticketIdParamsSchema }, config: { permission, params: { ticketId: { resource: "tickets" as const } } } },
    async (request) => removeKanbanTags(app.deps, authOf(request), request.params.ticketId),
  );
}
