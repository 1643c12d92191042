import { asc, eq, inArray } from "drizzle-orm";
import type { ChatMessageView, ChatView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { chatMessages, chatUsers, chats, users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";

export type ChatRow = typeof chats.$inferSelect;
type ChatMessageRow = typeof chatMessages.$inferSelect;

/** What leaves the server about chats: members with their names and unread counts (never e-mails). */
export async function presentChats(db: DbOrTx, companyId: number, rows: ChatRow[]): Promise<ChatView[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(inCompany(chatUsers, companyId, inArray(chatUsers.chatId, rows.map((r) => r.id))))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((chat) => ({
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.ownerId,
    lastMessage: chat.lastMessage,
    users: members
      .filter((m) => m.chatId === chat.id)
      .map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
  }));
}

export async function presentChat(db: DbOrTx, companyId: number, row: ChatRow): Promise<ChatView> {
  const [view] = await presentChats(db, companyId, [row]);
  return view!;
}

export function presentChatMessage(row: ChatMessageRow, sender: { id: number; name: string } | null): ChatMessageView {
  return {
    id: row.id,
    chatId: row.chatId,
    message: row.message,
    senderId: row.senderId,
    sender,
    createdAt: row.createdAt.toISOString(),
  };
}
