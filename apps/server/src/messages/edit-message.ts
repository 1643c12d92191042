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
 * The sender edits their own sent text message. The provider is asked first: only what it accepted is stored, so
 * the customer and the agent never see different texts.
 */
export async function editMessage(deps: Pick<AppDeps, "db" | "sessions" | "realtime">, auth: AuthContext, messageId: number, body: string) {
  const { message, ticket, chat } = await findVisibleMessage(deps.db, auth, messageId);
  assertOwnMessage(auth, message);
  if (message.isDeleted || message.mediaType !== "chat" || !message.providerId || !message.whatsappId || message.sendStatus !== "sent") {
    throw new AppError("ERR_EDITING_WAPP_MSG", 400);
  }
  try {
    await deps.sessions.call(message.whatsappId, "edit", chatRefOfContact(chat), message.providerId, body);
  } catch {
    throw new AppError("ERR_EDITING_WAPP_MSG", 400);
  }
  await deps.db.update(messages).set({ body, isEdited: true, updatedAt: new Date() }).where(eq(messages.id, message.id));
  const view = (await loadMessageView(deps.db, auth.companyId, message.id))!;
  emitMessageUpdate(deps.realtime, auth.companyId, view, ticket);
  return view;
}
