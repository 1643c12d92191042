import { and, eq, notInArray } from "drizzle-orm";
import type { ChatData, ChatView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { chatUsers, chats } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { chatMemberIds, findMemberChat } from "./find-chat.js";
import { presentChat } from "./present-chat.js";
import { resolveChatMembers } from "./resolve-chat-members.js";

export interface UpdatedChat {
  chat: ChatView;
  /** Members taken out by this edit: they are told the chat is gone for them. */
  removedUserIds: number[];
}

/** Only the owner renames a chat or changes its members (section 6); the owner stays a member. Kept members keep their unread counts. */
export async function updateChat(db: Db, auth: AuthContext, chatId: number, input: ChatData): Promise<UpdatedChat> {
  return db.transaction(async (tx) => {
    const chat = await findMemberChat(tx, auth.companyId, auth.userId, chatId);
    if (chat.ownerId !== auth.userId) throw new AppError("ERR_NO_PERMISSION", 403);
    const members = await resolveChatMembers(tx, auth.companyId, auth.userId, input.users);
    const before = await chatMemberIds(tx, auth.companyId, chatId);
    const removedUserIds = before.filter((id) => !members.includes(id));
    await tx.delete(chatUsers).where(inCompany(chatUsers, auth.companyId, and(eq(chatUsers.chatId, chatId), notInArray(chatUsers.userId, members))));
    await tx
      .insert(chatUsers)
      .values(members.map((userId) => ({ companyId: auth.companyId, chatId, userId })))
      .onConflictDoNothing();
    const [updated] = await tx
      .update(chats)
      .set({ title: input.title, updatedAt: new Date() })
      .where(inCompany(chats, auth.companyId, eq(chats.id, chatId)))
      .returning();
    return { chat: await presentChat(tx, auth.companyId, updated!), removedUserIds };
  });
}
