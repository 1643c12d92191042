import { eq } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { messages } from "../db/schema.js";
import { AppError } from "../errors.js";
import { emitMessageUpdate } from "../tickets/emit-ticket-events.js";
import { loadMessageView } from "./load-message-views.js";
import { chatRefOfContact } from "./chat-ref-of-contact.js";
import { assertOwnMessage, findVisibleMessage } from "./find-visible-message.js";

/**
 * The sender deletes their own message for everyone. A message still in the outbox (never sent) is simply marked
 * deleted and will not be sent; a sent one is revoked at the provider first (ERR_DELETE_WAPP_MSG when it refuses).
 * The row stays, marked deleted, so the conversation shows where it was.
 */
export async function deleteMessage(deps: Pick<AppDeps, "db" | "sessions" | "realtime">, auth: AuthContext, messageId: number) {
  const { message, ticket, chat } = await findVisibleMessage(deps.db, auth, messageId);
  assertOwnMessage(auth, message);
  if (message.isDeleted) throw new AppError("ERR_DELETE_WAPP_MSG", 400);
  if (message.sendStatus === "queued") {
    // The send job skips anything no longer queued.
    await deps.db.update(messages).set({ isDeleted: true, sendStatus: "failed", sendError: "deleted", updatedAt: new Date() }).where(eq(messages.id, message.id));
  } else {
    if (!message.providerId || !message.whatsappId) throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    try {
      await deps.sessions.call(message.whatsappId, "delete", chatRefOfContact(chat), message.providerId, true);
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    }
    await deps.db.update(messages).set({ isDeleted: true, updatedAt: new Date() }).where(eq(messages.id, message.id));
  }
  const view = (await loadMessageView(deps.db, auth.companyId, message.id))!;
  emitMessageUpdate(deps.realtime, auth.companyId, view, ticket);
  return view;
}
