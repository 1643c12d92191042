import {
  closeAllTicketsSchema,
  createTicketSchema,
  idParamsSchema,
  ticketListQuerySchema,
  ticketUuidParamsSchema,
  updateTicketSchema,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listTickets } from "./list-tickets.js";
import { getTicket } from "./get-ticket.js";
import { createTicket } from "./create-ticket.js";
import { updateTicket } from "./update-ticket.js";
import { deleteTicket } from "./delete-ticket.js";
import { closeAllTickets } from "./close-all-tickets.js";

/** The ticket life cycle (core-service sections 4 and 7). Visibility is decided in the services, never by the client. */
export async function ticketsRoutes(app: App): Promise<void> {
  const params = { id: { resource: "tickets" as const } };

  app.get("/tickets", { schema: { querystring: ticketListQuerySchema } }, async (request) =>
    listTickets(app.deps.db, authOf(request), request.query),
  );

  app.get("/tickets/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    getTicket(app.deps.db, authOf(request), { id: request.params.id }),
  );

  app.get(
    "/tickets/u/:uuid",
    { schema: { params: ticketUuidParamsSchema }, config: { params: { uuid: { resource: "tickets", field: "uuid" } } } },
    async (request) => getTicket(app.deps.db, authOf(request), { uuid: request.params.uuid }),
  );

  app.post(
    "/tickets",
    { schema: { body: createTicketSchema }, config: { example: { body: { contactId: 1, queueId: null } } } },
    async (request, reply) => {
      const { ticket, created } = await createTicket({ ...app.deps, logger: request.log }, authOf(request), request.body);
      return reply.status(created ? 201 : 200).send(ticket);
    },
  );

  app.post(
    "/tickets/closeAll",
    { schema: { body: closeAllTicketsSchema }, config: { permission: "tickets:closeAll", example: { body: { status: "open", selectedQueueIds: [] } } } },
    async (request) => closeAllTickets({ ...app.deps, logger: request.log }, authOf(request), request.body),
  );

  app.put(
    "/tickets/:id",
    { schema: { params: idParamsSchema, body: updateTicketSchema }, config: { params, example: { body: { status: "open" } } } },
    async (request) => updateTicket({ ...app.deps, logger: request.log }, authOf(request), request.params.id, request.body),
  );

  app.delete(
    "/tickets/:id",
    { schema: { params: idParamsSchema }, config: { params, permission: "ticket-options:deleteTicket" } },
    async (request, reply) => {
      await deleteTicket({ ...app.deps, logger: request.log }, authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
