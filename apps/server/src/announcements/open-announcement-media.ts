import { can } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import type { FileStorage } from "../storage/file-storage.js";
import { mediaDisposition } from "../storage/media-disposition.js";
import type { StoredMedia } from "../http/send-stored-media.js";
import { findAnnouncement } from "./find-announcement.js";

/**
 * An announcement's attachment: for every signed-in user while the announcement is active; an inactive one's only for
 * super users (the announcements page). Served with the type detected at upload, never what the browser had said.
 */
export async function openAnnouncementMedia(db: DbOrTx, storage: FileStorage, auth: AuthContext, id: number): Promise<StoredMedia> {
  const row = await findAnnouncement(db, id);
  if (!row.status && !can(auth, "announcements:manage")) throw new AppError("ERR_NOT_FOUND", 404);
  const stream = row.mediaPath ? await storage.open(row.mediaPath) : null;
  if (!stream) throw new AppError("ERR_NOT_FOUND", 404);
  return { stream, ...mediaDisposition(row.mediaType, row.mediaName) };
}
