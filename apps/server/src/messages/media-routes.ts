import { idParamsSchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { openMessageMedia } from "./open-message-media.js";

/** GET /messages/{id}/media: the attachment, authenticated; the client fetches it as a blob. */
export async function messageMediaRoutes(app: App) {
  app.get("/messages/:id/media", { schema: { params: idParamsSchema }, config: { params: { id: { resource: "messages" } } } }, async (request, reply) => {
    const media = await openMessageMedia(app.deps.db, app.deps.storage, authOf(request), request.params.id);
    return reply
      .header("content-type", media.contentType)
      .header("content-disposition", media.disposition)
      .header("x-content-type-options", "nosniff")
      // Even if a browser navigates to it, nothing in it may run in our origin.
      .header("content-security-policy", "sandbox; default-src 'none'")
      .header("cache-control", "private, max-age=3600")
      .send(media.stream);
  });
}
