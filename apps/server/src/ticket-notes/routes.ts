import { createTicketNoteSchema, idParamsSchema, ticketNotesQuerySchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listTicketNotes } from "./list-ticket-notes.js";
import { createTicketNote } from "./create-ticket-note.js";
import { deleteTicketNote } from "./delete-ticket-note.js";

export async function ticketNotesRoutes(app: App) {
  app.get("/ticket-notes/list", { schema: { querystring: ticketNotesQuerySchema }, config: { example: { query: { ticketId: "1" } } } }, async (request) =>
    listTicketNotes(app.deps.db, authOf(request), request.query),
  );

  app.post(
    "/ticket-notes",
    { schema: { body: createTicketNoteSchema }, config: { example: { body: { note: "Cliente pediu retorno amanhã", ticketId: 1 } } } },
    async (request, reply) => reply.status(201).send(await createTicketNote(app.deps.db, authOf(request), request.body)),
  );

  app.delete("/ticket-notes/:id", { schema: { params: idParamsSchema }, config: { params: { id: { resource: "ticketNotes" } } } }, async (request, reply) => {
    await deleteTicketNote(app.deps.db, authOf(request), request.params.id);
    return reply.status(204).send();
  });
}
