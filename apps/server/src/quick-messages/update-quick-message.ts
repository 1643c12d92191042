import { eq } from "drizzle-orm";
import { can, type QuickMessageData, type QuickMessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { findEditableQuickMessage } from "./find-quick-message.js";
import { presentQuickMessage } from "./present-quick-message.js";

export interface UpdatedQuickMessage {
  quickMessage: QuickMessageView;
  /** Whether it was general before: who must hear about the change depends on it. */
  wasGeneral: boolean;
}

/** Edits a quick message the caller may change; changing the general flag needs quick-messages:setGeneral. */
export async function updateQuickMessage(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
  input: QuickMessageData,
): Promise<UpdatedQuickMessage> {
  const current = await findEditableQuickMessage(db, auth, id);
  if (input.geral !== undefined && input.geral !== current.geral && !can(auth, "quick-messages:setGeneral")) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  const [row] = await db
    .update(quickMessages)
    .set({
      shortcode: input.shortcode,
      ...(input.message !== undefined ? { message: input.message } : {}),
      geral: input.geral ?? current.geral,
      updatedAt: new Date(),
    })
    .where(inCompany(quickMessages, auth.companyId, eq(quickMessages.id, id)))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return { quickMessage: presentQuickMessage(row), wasGeneral: current.geral };
}
