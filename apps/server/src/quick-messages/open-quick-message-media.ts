import mime from "mime-types";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import type { FileStorage } from "../storage/file-storage.js";
import { mediaDisposition } from "../storage/media-disposition.js";
import { findQuickMessage } from "./find-quick-message.js";

/** A quick message's file, for those who may see the message (the composer attaches it to a reply). */
export async function openQuickMessageMedia(db: DbOrTx, storage: FileStorage, auth: AuthContext, id: number) {
  const row = await findQuickMessage(db, auth, id);
  const stream = row.mediaPath ? await storage.open(row.mediaPath) : null;
  if (!stream) throw new AppError("ERR_NOT_FOUND", 404);
  return { stream, ...mediaDisposition(mime.lookup(row.mediaName ?? "") || null, row.mediaName) };
}
