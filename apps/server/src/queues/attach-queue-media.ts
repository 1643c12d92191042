import { eq } from "drizzle-orm";
import type { QueueView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { FileStorage } from "../storage/file-storage.js";
import { checkedUploadType } from "../storage/media-allowlist.js";
import type { Upload } from "../storage/read-upload.js";
import { AppError } from "../errors.js";
import { findQueue } from "./get-queue.js";
import { presentQueue } from "./present-queue.js";

/** Sets a queue's attachment (images, audio, video, PDF), replacing and removing the previous file. */
export async function attachQueueMedia(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  queueId: number,
  upload: Upload,
): Promise<QueueView> {
  const previous = await findQueue(db, auth.companyId, queueId);
  // Judged by the bytes as a message attachment is: a page named .mp4 is refused, not stored as a video.
  if (!(await checkedUploadType(upload.fileName, upload.mimetype, upload.data, "media"))) throw new AppError("ERR_INVALID_FILE_TYPE", 400);
  const stored = await storage.save(auth.companyId, "queues", upload.fileName, upload.data);
  const [queue] = await db
    .update(queues)
    .set({ mediaPath: stored.path, mediaName: stored.name, updatedAt: new Date() })
    .where(inCompany(queues, auth.companyId, eq(queues.id, queueId)))
    .returning();
  if (!queue) {
    // Deleted while the file was being written.
    await storage.remove(stored.path);
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (previous.mediaPath && previous.mediaPath !== stored.path) await storage.remove(previous.mediaPath);
  return presentQueue(queue);
}
