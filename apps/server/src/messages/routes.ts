import { messageListQuerySchema, ticketIdParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listMessages } from "./list-messages.js";

/** The conversation's messages (read-only here; sending, editing and reading come with the conversation issue). */
export async function messagesRoutes(app: App): Promise<void> {
  app.get(
    "/messages/:ticketId",
    { schema: { params: ticketIdParamsSchema, querystring: messageListQuerySchema }, config: { params: { ticketId: { resource: "tickets" } } } },
    async (request) => listMessages(app.deps.db, authOf(request), request.params.ticketId, request.query.pageNumber),
  );
}
