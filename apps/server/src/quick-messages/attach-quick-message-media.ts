import { eq } from "drizzle-orm";
import type { QuickMessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { FileStorage } from "../storage/file-storage.js";
import { checkedUploadType } from "../storage/media-allowlist.js";
import type { Upload } from "../storage/read-upload.js";
import { AppError } from "../errors.js";
import { findEditableQuickMessage } from "./find-quick-message.js";
import { presentQuickMessage } from "./present-quick-message.js";

/**
 * Sets a quick message's attachment (images, audio, video, PDF), replacing the previous file. The name people see
 * has its spaces turned into underscores (storage's safe display name).
 */
export async function attachQuickMessageMedia(
  db: DbOrTx,
  storage: FileStorage,
  auth: AuthContext,
  id: number,
  upload: Upload,
): Promise<QuickMessageView> {
  const previous = await findEditableQuickMessage(db, auth, id);
  // Judged by the bytes as a message attachment is: a page named .mp4 is refused, not stored as a video.
  if (!(await checkedUploadType(upload.fileName, upload.mimetype, upload.data, "media"))) throw new AppError("ERR_INVALID_FILE_TYPE", 400);
  const stored = await storage.save(auth.companyId, "quick-messages", upload.fileName, upload.data);
  const [row] = await db
    .update(quickMessages)
    .set({ mediaPath: stored.path, mediaName: stored.name, updatedAt: new Date() })
    .where(inCompany(quickMessages, auth.companyId, eq(quickMessages.id, id)))
    .returning();
  if (!row) {
    await storage.remove(stored.path);
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (previous.mediaPath && previous.mediaPath !== stored.path) await storage.remove(previous.mediaPath);
  return presentQuickMessage(row);
}
