import { desc, eq } from "drizzle-orm";
import { CHAT_MESSAGES_PAGE_SIZE, type ChatMessagePage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { chatMessages, users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { findMemberChat } from "./find-chat.js";
import { presentChatMessage } from "./present-chat.js";

/** A page of a chat's messages for a member: page 1 is the newest, each page oldest first (the list grows upwards). */
export async function listChatMessages(
  db: DbOrTx,
  companyId: number,
  userId: number,
  chatId: number,
  pageNumber: number,
): Promise<ChatMessagePage> {
  await findMemberChat(db, companyId, userId, chatId);
  const rows = await db
    .select({ message: chatMessages, sender: { id: users.id, name: users.name } })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(inCompany(chatMessages, companyId, eq(chatMessages.chatId, chatId)))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_MESSAGES_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE);
  const hasMore = rows.length > CHAT_MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, CHAT_MESSAGES_PAGE_SIZE).reverse();
  return { records: page.map((r) => presentChatMessage(r.message, r.sender)), hasMore };
}
