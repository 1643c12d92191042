import { idParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { sendStoredMedia } from "../http/send-stored-media.js";
import { openMessageMedia } from "./open-message-media.js";

/** GET /messages/{id}/media: the attachment, authenticated; the client fetches it as a blob. */
export async function messageMediaRoutes(app: App) {
  app.get("/messages/:id/media", { schema: { params: idParamsSchema }, config: { params: { id: { resource: "messages" } } } }, async (request, reply) => {
    const media = await openMessageMedia(app.deps.db, app.deps.storage, authOf(request), request.params.id);
    // A message's attachment never changes under its URL.
    return sendStoredMedia(reply, media, { cacheSeconds: 3600 });
  });
}
