import {
  companyEvent,
  idParamsSchema,
  quickMessageListQuerySchema,
  quickMessageSchema,
  type QuickMessageEventPayload,
  type QuickMessageView,
} from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { readUpload } from "../storage/read-upload.js";
import { listQuickMessages } from "./list-quick-messages.js";
import { getQuickMessage } from "./get-quick-message.js";
import { openQuickMessageMedia } from "./open-quick-message-media.js";
import { sendStoredMedia } from "../http/send-stored-media.js";
import { createQuickMessage } from "./create-quick-message.js";
import { updateQuickMessage } from "./update-quick-message.js";
import { deleteQuickMessage } from "./delete-quick-message.js";
import { findEditableQuickMessage } from "./find-quick-message.js";
import { attachQuickMessageMedia } from "./attach-quick-message-media.js";
import { removeQuickMessageMedia } from "./remove-quick-message-media.js";

export async function quickMessagesRoutes(app: App): Promise<void> {
  const params = { id: { resource: "quickMessages" as const } };
  const example = { body: { shortcode: "walk", message: "Walk message" } };

  /**
   * A general message concerns the whole company; a personal one only its author (their user room), so nobody else's
   * socket ever carries it. A message that stops being general is withdrawn from the company first.
   */
  const publish = (auth: AuthContext, payload: QuickMessageEventPayload, message: QuickMessageView, wasGeneral = false) => {
    const event = companyEvent.quickMessage(auth.companyId);
    if (message.geral) return app.deps.realtime.toCompany(auth.companyId, event, payload);
    if (wasGeneral) app.deps.realtime.toCompany(auth.companyId, event, { action: "delete", quickMessageId: message.id });
    if (message.userId !== null) app.deps.realtime.toUser(message.userId, event, payload);
  };

  // companyId and userId in the query are accepted and ignored: the session says who and where.
  app.get("/quick-messages/list", { schema: { querystring: quickMessageListQuerySchema } }, async (request) =>
    listQuickMessages(app.deps.db, authOf(request), request.query.searchParam),
  );

  app.get("/quick-messages/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request) =>
    getQuickMessage(app.deps.db, authOf(request), request.params.id),
  );

  app.get("/quick-messages/:id/media", { schema: { params: idParamsSchema }, config: { params } }, async (request, reply) => {
    const media = await openQuickMessageMedia(app.deps.db, app.deps.storage, authOf(request), request.params.id);
    return sendStoredMedia(reply, media);
  });

  app.post("/quick-messages", { schema: { body: quickMessageSchema }, config: { example } }, async (request, reply) => {
    const auth = authOf(request);
    const quickMessage = await createQuickMessage(app.deps.db, auth, request.body);
    publish(auth, { action: "create", quickMessage }, quickMessage);
    return reply.status(201).send(quickMessage);
  });

  app.put(
    "/quick-messages/:id",
    { schema: { params: idParamsSchema, body: quickMessageSchema }, config: { params, example } },
    async (request) => {
      const auth = authOf(request);
      const { quickMessage, wasGeneral } = await updateQuickMessage(app.deps.db, auth, request.params.id, request.body);
      publish(auth, { action: "update", quickMessage }, quickMessage, wasGeneral);
      return quickMessage;
    },
  );

  app.delete("/quick-messages/:id", { schema: { params: idParamsSchema }, config: { params } }, async (request, reply) => {
    const auth = authOf(request);
    const deleted = await deleteQuickMessage(app.deps.db, app.deps.storage, auth, request.params.id);
    publish(auth, { action: "delete", quickMessageId: deleted.id }, deleted);
    return reply.status(204).send();
  });

  app.post(
    "/quick-messages/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { params, multipart: true } },
    async (request) => {
      const auth = authOf(request);
      // Refused before the upload is read: another company's id, a colleague's message.
      await findEditableQuickMessage(app.deps.db, auth, request.params.id);
      // The form's typeArch field (the reference client's folder name) is read and ignored: storage picks the folder.
      const upload = await readUpload(request);
      const quickMessage = await attachQuickMessageMedia(app.deps.db, app.deps.storage, auth, request.params.id, upload);
      publish(auth, { action: "update", quickMessage }, quickMessage);
      return quickMessage;
    },
  );

  app.delete(
    "/quick-messages/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { params } },
    async (request) => {
      const auth = authOf(request);
      const quickMessage = await removeQuickMessageMedia(app.deps.db, app.deps.storage, auth, request.params.id);
      publish(auth, { action: "update", quickMessage }, quickMessage);
      return quickMessage;
    },
  );
}
