import type { Db } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import type { FileStorage } from "../storage/file-storage.js";
import { mediaDisposition } from "../storage/media-disposition.js";
import { findVisibleMessage } from "./find-visible-message.js";

/**
 * A message's attachment, for a user of its company who may see its ticket. Another company's message is a 404 like
 * a missing one; a ticket the user may not see is a 403.
 */
export async function openMessageMedia(db: Db, storage: FileStorage, auth: AuthContext, messageId: number) {
  const { message } = await findVisibleMessage(db, auth, messageId);
  const stream = message.mediaPath && message.mediaStatus === "ready" ? await storage.open(message.mediaPath) : null;
  if (!stream) throw new AppError("ERR_NOT_FOUND", 404);
  return { stream, ...mediaDisposition(message.mimetype, message.mediaName) };
}
