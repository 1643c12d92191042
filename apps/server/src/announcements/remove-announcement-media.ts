import { eq } from "drizzle-orm";
import type { AnnouncementView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import type { FileStorage } from "../storage/file-storage.js";
import { AppError } from "../errors.js";
import { findAnnouncement } from "./find-announcement.js";
import { presentAnnouncement } from "./present-announcement.js";

/** DELETE /announcements/{id}/media-upload (super users): clears the attachment and deletes its file. */
export async function removeAnnouncementMedia(db: DbOrTx, storage: FileStorage, id: number): Promise<AnnouncementView> {
  const previous = await findAnnouncement(db, id);
  const [row] = await db
    .update(announcements)
    .set({ mediaPath: null, mediaName: null, mediaType: null, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  if (previous.mediaPath) await storage.remove(previous.mediaPath);
  return presentAnnouncement(row);
}
