import { announcementSchema, idParamsSchema, pageQuerySchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { sendStoredMedia } from "../http/send-stored-media.js";
import { readUpload } from "../storage/read-upload.js";
import { listAnnouncements } from "./list-announcements.js";
import { listActiveAnnouncements } from "./list-active-announcements.js";
import { getAnnouncement } from "./get-announcement.js";
import { createAnnouncement } from "./create-announcement.js";
import { updateAnnouncement } from "./update-announcement.js";
import { deleteAnnouncement } from "./delete-announcement.js";
import { findAnnouncement } from "./find-announcement.js";
import { attachAnnouncementMedia } from "./attach-announcement-media.js";
import { removeAnnouncementMedia } from "./remove-announcement-media.js";
import { openAnnouncementMedia } from "./open-announcement-media.js";
import { markAnnouncementRead } from "./mark-announcement-read.js";
import { emitAnnouncement, emitAnnouncementDeleted } from "./emit-announcement.js";

/**
 * Announcements (administration sections 2 and 7). Platform-wide rows: the management calls are for super users
 * (`announcements:manage`); every signed-in user reads the active ones through /announcements/active, opens their
 * attachment and marks them read. Ids are not tenant resources, so the route walk fills them with a fixed value.
 */
export async function announcementsRoutes(app: App): Promise<void> {
  const manage = "announcements:manage" as const;
  const params = { id: { value: "1" } };
  const example = { body: { title: "Walk announcement", text: "Walk text", priority: 2, status: true } };
  const { db, storage, realtime } = app.deps;

  // Also answers /announcements/ (trailing slashes are ignored).
  app.get("/announcements", { schema: { querystring: pageQuerySchema }, config: { permission: manage } }, async (request) =>
    listAnnouncements(db, request.query),
  );

  // The bell: every signed-in user of every company.
  app.get("/announcements/active", async (request) => listActiveAnnouncements(db, authOf(request)));

  app.get("/announcements/:id", { schema: { params: idParamsSchema }, config: { params, permission: manage } }, async (request) =>
    getAnnouncement(db, request.params.id),
  );

  app.get("/announcements/:id/media", { schema: { params: idParamsSchema }, config: { params } }, async (request, reply) =>
    sendStoredMedia(reply, await openAnnouncementMedia(db, storage, authOf(request), request.params.id)),
  );

  app.post("/announcements/:id/read", { schema: { params: idParamsSchema }, config: { params } }, async (request, reply) => {
    await markAnnouncementRead(db, authOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post("/announcements", { schema: { body: announcementSchema }, config: { permission: manage, example } }, async (request, reply) => {
    const announcement = await createAnnouncement(db, request.body);
    emitAnnouncement(realtime, "create", announcement);
    return reply.status(201).send(announcement);
  });

  app.put(
    "/announcements/:id",
    { schema: { params: idParamsSchema, body: announcementSchema }, config: { params, permission: manage, example } },
    async (request) => {
      const announcement = await updateAnnouncement(db, request.params.id, request.body);
      emitAnnouncement(realtime, "update", announcement);
      return announcement;
    },
  );

  app.delete("/announcements/:id", { schema: { params: idParamsSchema }, config: { params, permission: manage } }, async (request, reply) => {
    await deleteAnnouncement(db, storage, request.params.id);
    emitAnnouncementDeleted(realtime, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    "/announcements/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { params, permission: manage, multipart: true } },
    async (request) => {
      // A missing announcement is refused before the upload is read.
      await findAnnouncement(db, request.params.id);
      const upload = await readUpload(request);
      const announcement = await attachAnnouncementMedia(db, storage, authOf(request), request.params.id, upload);
      emitAnnouncement(realtime, "update", announcement);
      return announcement;
    },
  );

  app.delete(
    "/announcements/:id/media-upload",
    { schema: { params: idParamsSchema }, config: { params, permission: manage } },
    async (request) => {
      const announcement = await removeAnnouncementMedia(db, storage, request.params.id);
      emitAnnouncement(realtime, "update", announcement);
      return announcement;
    },
  );
}
