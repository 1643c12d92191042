import { and, eq, sql } from "drizzle-orm";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { messages, tickets } from "../db/schema.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { findChatContact, upsertPersonContact } from "./resolve-contact.js";
import { emitIngestedMessage, emitIngestedMessageUpdate } from "./emit-ingested.js";
import type { IngestDeps } from "./ingest-message.js";

type ReactionEvent = Extract<ProviderEvent, { type: "reaction" }>;

/**
 * A reaction becomes a message of mediaType reactionMessage in the reacted message's ticket: body the emoji,
 * data.targetId the reacted message. One row per (message, reacting person): a new emoji replaces the old one, an
 * empty emoji (reaction removed) marks it deleted, a redelivery changes nothing. A reaction to a message we never
 * stored is dropped. Reactions neither count as unread nor move the ticket.
 */
export async function ingestReaction(deps: IngestDeps, connection: ConnectionRef, event: ReactionEvent): Promise<boolean> {
  const { companyId, whatsappId } = connection;
  return inTransaction(deps.db, deps.logger, async (tx, after) => {
    const chat = await findChatContact(tx, companyId, event.chat);
    if (!chat) return false;
    const [target] = await tx
      .select({ id: messages.id, ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.whatsappId, whatsappId), eq(messages.chatContactId, chat.id), eq(messages.providerId, event.messageId)));
    if (!target) return false;
    let authorId: number | null = null;
    if (!event.fromMe) {
      authorId = event.chat.kind === "group" && (event.from.number || event.from.lid) ? (await upsertPersonContact(tx, companyId, whatsappId, event.from)).id : chat.id;
    }
    const who = event.fromMe ? "me" : (event.from.lid ?? event.from.number ?? String(authorId));
    const now = new Date();
    const [row] = await tx
      .insert(messages)
      .values({
        companyId,
        ticketId: target.ticketId,
        whatsappId,
        chatContactId: chat.id,
        contactId: authorId,
        providerId: `reaction:${event.messageId}:${who}`,
        body: event.emoji,
        fromMe: event.fromMe,
        read: true,
        ack: event.fromMe ? 1 : 0,
        sendStatus: event.fromMe ? "sent" : "received",
        mediaType: "reactionMessage",
        data: { targetId: target.id },
        isDeleted: event.emoji === "",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [messages.whatsappId, messages.chatContactId, messages.providerId],
        set: { body: event.emoji, isDeleted: event.emoji === "", updatedAt: now },
        setWhere: sql`${messages.body} is distinct from ${event.emoji}`,
      })
      .returning({ id: messages.id, inserted: sql<boolean>`(xmax = 0)` });
    if (!row) return false;
    const [ticket] = await tx
      .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId })
      .from(tickets)
      .where(and(eq(tickets.id, target.ticketId), eq(tickets.companyId, companyId)));
    if (row.inserted) after.add(() => emitIngestedMessage(deps, companyId, row.id));
    else if (ticket) after.add(() => emitIngestedMessageUpdate(deps, companyId, row.id, ticket));
    return true;
  });
}
