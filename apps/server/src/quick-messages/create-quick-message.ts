import { can, type QuickMessageData, type QuickMessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { presentQuickMessage } from "./present-quick-message.js";

/** Anyone adds a quick message of their own; only admins make it general (quick-messages:setGeneral). */
export async function createQuickMessage(db: DbOrTx, auth: AuthContext, input: QuickMessageData): Promise<QuickMessageView> {
  if (input.geral && !can(auth, "quick-messages:setGeneral")) throw new AppError("ERR_NO_PERMISSION", 403);
  const [row] = await db
    .insert(quickMessages)
    .values({
      companyId: auth.companyId,
      userId: auth.userId,
      shortcode: input.shortcode,
      message: input.message ?? "",
      geral: input.geral ?? false,
    })
    .returning();
  return presentQuickMessage(row!);
}
