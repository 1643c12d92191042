import type { ChatData, ChatView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { chatUsers, chats } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { presentChat } from "./present-chat.js";
import { resolveChatMembers } from "./resolve-chat-members.js";

/** A new chat owned by its creator, who is always a member besides the users chosen. */
export async function createChat(db: Db, auth: AuthContext, input: ChatData): Promise<ChatView> {
  return db.transaction(async (tx) => {
    const members = await resolveChatMembers(tx, auth.companyId, auth.userId, input.users);
    const [chat] = await tx.insert(chats).values({ companyId: auth.companyId, title: input.title, ownerId: auth.userId }).returning();
    await tx.insert(chatUsers).values(members.map((userId) => ({ companyId: auth.companyId, chatId: chat!.id, userId })));
    return presentChat(tx, auth.companyId, chat!);
  });
}
