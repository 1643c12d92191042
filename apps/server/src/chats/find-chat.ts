import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { chatUsers, chats } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { ChatRow } from "./present-chat.js";

/**
 * A chat of the caller's company that the caller belongs to. Anyone else gets 404, as if it did not exist: only
 * members read, post in or even learn about a chat.
 */
export async function findMemberChat(db: DbOrTx, companyId: number, userId: number, chatId: number): Promise<ChatRow> {
  const [row] = await db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId)))
    .where(inCompany(chats, companyId, eq(chats.id, chatId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row.chat;
}

/** The ids of a chat's members (the rooms its events go to). */
export async function chatMemberIds(db: DbOrTx, companyId: number, chatId: number): Promise<number[]> {
  const rows = await db.select({ userId: chatUsers.userId }).from(chatUsers).where(inCompany(chatUsers, companyId, eq(chatUsers.chatId, chatId)));
  return rows.map((r) => r.userId);
}
