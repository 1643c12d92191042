import { eq } from "drizzle-orm";
import type { QuickMessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import type { FileStorage } from "../storage/file-storage.js";
import { AppError } from "../errors.js";
import { findEditableQuickMessage } from "./find-quick-message.js";
import { presentQuickMessage } from "./present-quick-message.js";

/** Clears a quick message's attachment and deletes its file. */
export async function removeQuickMessageMedia(db: DbOrTx, storage: FileStorage, auth: AuthContext, id: number): Promise<QuickMessageView> {
  const previous = await findEditableQuickMessage(db, auth, id);
  const [row] = await db
    .update(quickMessages)
    .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
    .where(inCompany(quickMessages, auth.companyId, eq(quickMessages.id, id)))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  if (previous.mediaPath) await storage.remove(previous.mediaPath);
  return presentQuickMessage(row);
}
