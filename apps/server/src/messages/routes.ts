import { messageListQuerySchema, ticketIdParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listMessages } from "./list-messages.js";
import { markTicketRead } from "./mark-ticket-read.js";
import { messageMediaRoutes } from "./media-routes.js";
import { sendMessageRoutes } from "./send-routes.js";
import { messageActionRoutes } from "./action-routes.js";

/**
 * The messages domain: reading a conversation here; sending and presence (send-routes.ts), edit, delete, react and
 * forward (action-routes.ts), and attachments (media-routes.ts).
 */
export async function messagesRoutes(app: App): Promise<void> {
  await messageMediaRoutes(app);
  await sendMessageRoutes(app);
  await messageActionRoutes(app);

  // Opening a conversation: the assigned agent reading its newest page marks it read.
  app.get(
    "/messages/:ticketId",
    { schema: { params: ticketIdParamsSchema, querystring: messageListQuerySchema }, config: { params: { ticketId: { resource: "tickets" } } } },
    async (request) => {
      const auth = authOf(request);
      const page = await listMessages(app.deps.db, auth, request.params.ticketId, request.query.pageNumber);
      // Opening the conversation (its newest page) is reading it.
      if (request.query.pageNumber === 1 && (await markTicketRead(app.deps, request.log, auth, request.params.ticketId))) {
        page.ticket = { ...page.ticket, unreadMessages: 0 };
      }
      return page;
    },
  );
}
