import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { messages } from "../db/schema.js";
import { AppError } from "../errors.js";
import { emitMessageCreated } from "../tickets/emit-changes.js";
import { emitMessageUpdate } from "../tickets/emit-ticket-events.js";
import { loadMessageView } from "./load-message-views.js";
import { chatRefOfContact } from "./chat-ref-of-contact.js";
import { findVisibleMessage } from "./find-visible-message.js";

/**
 * Our reaction to a message (one per message: a new emoji replaces it, an empty one removes it). Sent to the
 * provider first, then kept as a reactionMessage row pointing at its target, as inbound reactions are.
 */
export async function reactToMessage(deps: Pick<AppDeps, "db" | "sessions" | "realtime">, auth: AuthContext, messageId: number, emoji: string) {
  const { message, ticket, chat } = await findVisibleMessage(deps.db, auth, messageId);
  if (ticket.status === "closed") throw new AppError("ERR_TICKET_CLOSED", 409);
  if (!message.providerId || !message.whatsappId || message.isDeleted || message.mediaType === "reactionMessage") throw new AppError("ERR_SENDING_WAPP_MSG", 400);
  try {
    await deps.sessions.call(message.whatsappId, "react", chatRefOfContact(chat), message.providerId, emoji, message.fromMe);
  } catch {
    throw new AppError("ERR_SENDING_WAPP_MSG", 400);
  }
  const [existing] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      inCompany(
        messages,
        auth.companyId,
        and(eq(messages.ticketId, ticket.id), eq(messages.mediaType, "reactionMessage"), eq(messages.fromMe, true), sql`${messages.data}->>'targetId' = ${String(message.id)}`),
      ),
    );
  if (existing) {
    await deps.db.update(messages).set({ body: emoji, isDeleted: emoji === "", userId: auth.userId, updatedAt: new Date() }).where(eq(messages.id, existing.id));
    const view = (await loadMessageView(deps.db, auth.companyId, existing.id))!;
    emitMessageUpdate(deps.realtime, auth.companyId, view, ticket);
    return view;
  }
  const [row] = await deps.db
    .insert(messages)
    .values({
      companyId: auth.companyId,
      ticketId: ticket.id,
      whatsappId: message.whatsappId,
      chatContactId: message.chatContactId,
      userId: auth.userId,
      body: emoji,
      fromMe: true,
      read: true,
      ack: 1,
      sendStatus: "sent",
      mediaType: "reactionMessage",
      data: { targetId: message.id },
      isDeleted: emoji === "",
    })
    .returning();
  await emitMessageCreated(deps, auth.companyId, row!.id);
  return (await loadMessageView(deps.db, auth.companyId, row!.id))!;
}
