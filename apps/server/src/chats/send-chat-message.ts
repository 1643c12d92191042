import { and, eq, ne, sql } from "drizzle-orm";
import type { ChatMessageView, ChatView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { chatMessages, chatUsers, chats, users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { findMemberChat } from "./find-chat.js";
import { presentChat, presentChatMessage } from "./present-chat.js";

/** A member writes in a chat: every other member's unread count goes up by one and the chat moves to the top. */
export async function sendChatMessage(
  db: Db,
  auth: AuthContext,
  chatId: number,
  message: string,
): Promise<{ chat: ChatView; newMessage: ChatMessageView }> {
  return db.transaction(async (tx) => {
    await findMemberChat(tx, auth.companyId, auth.userId, chatId);
    const [row] = await tx.insert(chatMessages).values({ companyId: auth.companyId, chatId, senderId: auth.userId, message }).returning();
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1`, updatedAt: new Date() })
      .where(inCompany(chatUsers, auth.companyId, and(eq(chatUsers.chatId, chatId), ne(chatUsers.userId, auth.userId))));
    const [chat] = await tx
      .update(chats)
      .set({ lastMessage: message, updatedAt: row!.createdAt })
      .where(inCompany(chats, auth.companyId, eq(chats.id, chatId)))
      .returning();
    const [sender] = await tx.select({ id: users.id, name: users.name }).from(users).where(inCompany(users, auth.companyId, eq(users.id, auth.userId)));
    return { chat: await presentChat(tx, auth.companyId, chat!), newMessage: presentChatMessage(row!, sender ?? null) };
  });
}
