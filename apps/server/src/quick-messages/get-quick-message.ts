import type { QuickMessageView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { findQuickMessage } from "./find-quick-message.js";
import { presentQuickMessage } from "./present-quick-message.js";

export async function getQuickMessage(db: DbOrTx, auth: AuthContext, id: number): Promise<QuickMessageView> {
  return presentQuickMessage(await findQuickMessage(db, auth, id));
}
