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

/** Deletes a quick message the caller may change, then its attachment file. Answers what was deleted (for the event). */
export async function deleteQuickMessage(db: DbOrTx, storage: FileStorage, auth: AuthContext, id: number): Promise<QuickMessageView> {
  await findEditableQuickMessage(db, auth, id);
  const [row] = await db.delete(quickMessages).where(inCompany(quickMessages, auth.companyId, eq(quickMessages.id, id))).returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  if (row.mediaPath) await storage.remove(row.mediaPath);
  return presentQuickMessage(row);
}
