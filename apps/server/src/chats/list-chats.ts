import { and, count, desc, eq, ilike } from "drizzle-orm";
import { PAGE_SIZE, type ChatPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { chatUsers, chats } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { escapeLike } from "../db/escape-like.js";
import { presentChats } from "./present-chat.js";

/** The caller's chats, most recently active first (a new message moves a chat up), optionally searched by title. */
export async function listChats(db: DbOrTx, companyId: number, userId: number, query: { searchParam?: string; pageNumber: number }): Promise<ChatPage> {
  const term = query.searchParam?.trim();
  const where = inCompany(chats, companyId, term ? ilike(chats.title, `%${escapeLike(term)}%`) : undefined);
  const member = and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId));
  const [total] = await db.select({ n: count() }).from(chats).innerJoin(chatUsers, member).where(where);
  const rows = await db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, member)
    .where(where)
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { records: await presentChats(db, companyId, rows.map((r) => r.chat)), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}
