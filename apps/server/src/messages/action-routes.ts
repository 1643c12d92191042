import { editMessageSchema, forwardMessageSchema, idParamsSchema, reactionSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { editMessage } from "./edit-message.js";
import { deleteMessage } from "./delete-message.js";
import { reactToMessage } from "./react-to-message.js";
import { forwardMessage } from "./forward-message.js";

const params = { id: { resource: "messages" as const } };

/** Edit, delete, react and forward (core-service section 7). */
export async function messageActionRoutes(app: App) {
  app.post(
    "/messages/edit/:id",
    { schema: { params: idParamsSchema, body: editMessageSchema }, config: { params, example: { body: { body: "Texto corrigido" } } } },
    async (request) => editMessage(app.deps, authOf(request), request.params.id, request.body.body),
  );

  app.delete("/messages/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    deleteMessage(app.deps, authOf(request), request.params.id),
  );

  app.post(
    "/messages/:id/reactions",
    { schema: { params: idParamsSchema, body: reactionSchema }, config: { params, example: { body: { type: "👍" } } } },
    async (request) => reactToMessage(app.deps, authOf(request), request.params.id, request.body.type),
  );

  app.post(
    "/message/forward",
    { schema: { body: forwardMessageSchema }, config: { example: { body: { messageId: 1, contactId: 1, signMessage: true } } } },
    async (request, reply) => reply.status(201).send(await forwardMessage(app.deps, request.log, authOf(request), request.body)),
  );
}
