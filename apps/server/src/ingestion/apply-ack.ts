import { and, eq, sql } from "drizzle-orm";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { messages, tickets } from "../db/schema.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { findChatContact } from "./resolve-contact.js";
import { emitIngestedMessageUpdate } from "./emit-ingested.js";
import type { IngestDeps } from "./ingest-message.js";

type AckEvent = Extract<ProviderEvent, { type: "ack" }>;

/**
 * A delivery report for one of our messages. Acks only move forward (ack = greatest(ack, new)): a late "sent" after
 * "read" changes nothing and emits nothing. `failed` marks the message failed, which the agent sees.
 */
export async function applyAck(deps: IngestDeps, connection: ConnectionRef, event: AckEvent): Promise<boolean> {
  const { companyId, whatsappId } = connection;
  return inTransaction(deps.db, deps.logger, async (tx, after) => {
    const chat = await findChatContact(tx, companyId, event.chat);
    if (!chat) return false;
    const change = event.failed
      ? { sendStatus: "failed" as const, sendError: event.error ?? "ERR_SENDING_WAPP_MSG", updatedAt: new Date() }
      : { ack: sql`greatest(${messages.ack}, ${event.ack})`, updatedAt: new Date() };
    const [row] = await tx
      .update(messages)
      .set(change)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.whatsappId, whatsappId),
          eq(messages.chatContactId, chat.id),
          eq(messages.providerId, event.messageId),
          event.failed ? sql`${messages.sendStatus} <> 'failed'` : sql`${messages.ack} < ${event.ack}`,
        ),
      )
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
