import { eq } from "drizzle-orm";
import type { AnnouncementView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { announcements } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { FileStorage } from "../storage/file-storage.js";
import type { Upload } from "../storage/read-upload.js";
import { AppError } from "../errors.js";
import { detectAnnouncementMedia } from "./detect-announcement-media.js";
import { findAnnouncement } from "./find-announcement.js";
import { presentAnnouncement } from "./present-announcement.js";

/**
 * POST /announcements/{id}/media-upload (super users): sets the attachment (png, jpeg or PDF, checked from the bytes),
 * replacing the previous file. Files are kept under the uploader's company folder; the row is platform-wide.
 */
export async function attachAnnouncementMedia(
  db: DbOrTx,
  storage: FileStorage,
  auth: AuthContext,
  id: number,
  upload: Upload,
): Promise<AnnouncementView> {
  const previous = await findAnnouncement(db, id);
  const mediaType = detectAnnouncementMedia(upload.fileName, upload.data);
  if (!mediaType) throw new AppError("ERR_INVALID_FILE_TYPE", 400);
  const stored = await storage.save(auth.companyId, "announcements", upload.fileName, upload.data);
  const [row] = await db
    .update(announcements)
    .set({ mediaPath: stored.path, mediaName: stored.name, mediaType, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) {
    await storage.remove(stored.path);
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (previous.mediaPath && previous.mediaPath !== stored.path) await storage.remove(previous.mediaPath);
  return presentAnnouncement(row);
}
