import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { chats } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { chatMemberIds, findMemberChat } from "./find-chat.js";

/** Only the owner deletes a chat (section 6); its members and messages go with it. Answers who was in it. */
export async function deleteChat(db: Db, auth: AuthContext, chatId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const chat = await findMemberChat(tx, auth.companyId, auth.userId, chatId);
    if (chat.ownerId !== auth.userId) throw new AppError("ERR_NO_PERMISSION", 403);
    const members = await chatMemberIds(tx, auth.companyId, chatId);
    await tx.delete(chats).where(inCompany(chats, auth.companyId, eq(chats.id, chatId)));
    return members;
  });
}
