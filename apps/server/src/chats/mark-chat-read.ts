import { and, eq } from "drizzle-orm";
import type { ChatView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { chatUsers } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { findMemberChat } from "./find-chat.js";
import { presentChat } from "./present-chat.js";

/** Opening a chat marks it read for the caller only (section 4); other members' counts are theirs. */
export async function markChatRead(db: Db, auth: AuthContext, chatId: number): Promise<ChatView> {
  return db.transaction(async (tx) => {
    const chat = await findMemberChat(tx, auth.companyId, auth.userId, chatId);
    await tx
      .update(chatUsers)
      .set({ unreads: 0 })
      .where(inCompany(chatUsers, auth.companyId, and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, auth.userId))));
    return presentChat(tx, auth.companyId, chat);
  });
}
