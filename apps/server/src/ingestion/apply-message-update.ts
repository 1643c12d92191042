import { and, eq } from "drizzle-orm";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { messages, tickets } from "../db/schema.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { findChatContact } from "./resolve-contact.js";
import { emitIngestedMessageUpdate } from "./emit-ingested.js";
import type { IngestDeps } from "./ingest-message.js";

type UpdateEvent = Extract<ProviderEvent, { type: "message-update" }>;

/** An edit (new body, isEdited) or a revoke (isDeleted: the bubble says it was deleted) of a stored message. */
export async function applyMessageUpdate(deps: IngestDeps, connection: ConnectionRef, event: UpdateEvent): Promise<boolean> {
  const { companyId, whatsappId } = connection;
  return inTransaction(deps.db, deps.logger, async (tx, after) => {
    const chat = await findChatContact(tx, companyId, event.chat);
    if (!chat) return false;
    const now = new Date();
    const change = event.change.kind === "edit" ? { body: event.change.body, isEdited: true, updatedAt: now } : { isDeleted: true, updatedAt: now };
    const [row] = await tx
      .update(messages)
      .set(change)
      .where(and(eq(messages.companyId, companyId), eq(messages.whatsappId, whatsappId), eq(messages.chatContactId, chat.id), eq(messages.providerId, event.messageId)))
      .returning({ id: messages.id, ticketId: messages.ticketId });
    if (!row) return false;
    const [ticket] = await tx
      .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId })
      .from(tickets)
      .where(and(eq(tickets.id, row.ticketId), eq(tickets.companyId, companyId)));
    if (ticket) after.add(() => emitIngestedMessageUpdate(deps, companyId, row.id, ticket));
    return true;
  });
}
