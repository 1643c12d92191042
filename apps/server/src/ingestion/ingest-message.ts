import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { inCompany } from "../db/tenant.js";
import { messages, tickets } from "../db/schema.js";
import { inTransaction, type AfterCommit } from "../tickets/in-transaction.js";
import type { Tx } from "../db/client.js";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import type { Participant, ProviderEvent } from "../whatsapp/provider.js";
import { upsertGroupContact, upsertPersonContact, type ContactRow } from "./resolve-contact.js";
import { findOrCreateActiveTicket, ticketForHistory, type TicketRow } from "./active-ticket.js";
import { presentMessage } from "../messages/present-message.js";
import { groupMessagesIgnored } from "./group-messages-ignored.js";
import { lastMessageOf, messageColumnsOf } from "./message-columns.js";
import { ticketTouchSet } from "./touch-batch-tickets.js";
import { emitIngestedMessage } from "./emit-ingested.js";
import { queueMediaDownload } from "../messages/queue-media-download.js";
import { queueTranscriptionIfWanted } from "../ai/transcription/queue-transcription.js";

export type IngestDeps = Pick<AppDeps, "db" | "realtime" | "flow" | "jobs"> & Partial<Pick<AppDeps, "cache">> & { logger: FastifyBaseLogger };
export type MessageEvent = Extract<ProviderEvent, { type: "message" }>;

export type IngestResult =
  | { stored: true; messageId: number; ticketId: number; isNewTicket: boolean }
  | { stored: false; reason: "duplicate" | "group-ignored" | "no-identity" };

/**
 * One provider message into the ticket engine, in one transaction (design brief, message ingestion): the contact
 * (and for groups the group and its member), the ticket, the message, the ticket's last message and unread count,
 * and for a customer's live message the bot. A redelivered message (same connection, chat and provider id) changes
 * nothing and emits nothing. Events go out after commit.
 *
 * Origins: live and offline messages are the conversation; "own" (sent from the phone) is stored as fromMe in the
 * active ticket, or opens a new pending ticket when there is none (the conversation someone started from the phone
 * shows up in the inbox), never counts as unread and never runs the bot; "history" is stored without unread and
 * without the bot, into the active ticket, else the contact's latest ticket, else a new closed one.
 */
export async function ingestMessage(deps: IngestDeps, connection: ConnectionRef, event: MessageEvent): Promise<IngestResult> {
  try {
    return await storeMessage(deps, connection, event);
  } catch (err) {
    if (err instanceof DuplicateAfterTicket) return { stored: false, reason: "duplicate" };
    throw err;
  }
}

/** Rolls back a transaction that updated or opened a ticket for a message that turned out to be stored already. */
class DuplicateAfterTicket extends Error {}

async function storeMessage(deps: IngestDeps, connection: ConnectionRef, event: MessageEvent): Promise<IngestResult> {
  if (await ignoredGroupMessage(deps, connection, event)) return { stored: false, reason: "group-ignored" };
  return inTransaction(deps.db, deps.logger, (tx, after) => storeMessageIn(deps, tx, after, connection, event));
}

/** CheckMsgIsGroup (read each time: group messages are not the hot path, and a change applies to the next one). */
export function ignoredGroupMessage(deps: IngestDeps, connection: ConnectionRef, event: MessageEvent): Promise<boolean> {
  return event.message.chat.kind === "group" ? groupMessagesIgnored(deps.db, connection.companyId) : Promise.resolve(false);
}

/** One message in the caller's transaction (the single-message path; group commit's path for the unusual ones). */
export async function storeMessageIn(deps: IngestDeps, tx: Tx, after: AfterCommit, connection: ConnectionRef, event: MessageEvent): Promise<IngestResult> {
  const { companyId, whatsappId } = connection;
  const { message, origin } = event;
  const isGroup = message.chat.kind === "group";
  // The chat's contact: the group, or the person (for own messages the chat names them; for theirs the author too).
  let chatContact;
  let author = undefined as Awaited<ReturnType<typeof upsertPersonContact>> | undefined;
  if (message.chat.kind === "group") {
    chatContact = await upsertGroupContact(tx, companyId, whatsappId, message.chat.id);
    if (!message.fromMe && message.from && (message.from.number || message.from.lid)) {
      author = await upsertPersonContact(tx, companyId, whatsappId, message.from);
    }
  } else {
    const person = chatPersonOf(message);
    if (!person.number && !person.lid) return { stored: false, reason: "no-identity" };
    chatContact = await upsertPersonContact(tx, companyId, whatsappId, person);
    if (!message.fromMe) author = chatContact;
  }

  const ticketInput = { companyId, contactId: chatContact.id, whatsappId, isGroup };
  const columns = messageColumnsOf(message.content);
  const customer = !message.fromMe;
  const countsAsUnread = customer && origin !== "history";
  const ticketPatch = {
    ...ticketTouchSet({
      at: sql`${message.timestamp}::timestamptz`,
      lastMessage: sql`${lastMessageOf(columns)}::text`,
      unread: sql`${countsAsUnread ? 1 : 0}::int`,
      customer: sql`${customer}::bool`,
    }),
    ...(origin === "history" ? {} : { updatedAt: new Date() }),
  };

  // The usual case, a message in a conversation that has its ticket: one UPDATE finds, locks and updates it
  // (returning it as it now is). Should the message turn out to be a redelivery, the transaction rolls back.
  let ticket: TicketRow | undefined;
  let created = false;
  let updated = false;
  if (origin !== "history") {
    [ticket] = await tx
      .update(tickets)
      .set(ticketPatch)
      .where(inCompany(tickets, companyId, eq(tickets.contactId, chatContact.id), eq(tickets.whatsappId, whatsappId), ne(tickets.status, "closed")))
      .returning();
    updated = ticket !== undefined;
  }
  if (!ticket) {
    // Before opening a ticket: a redelivery of a message stored in a ticket since closed must not open a new one.
    // (The insert's ON CONFLICT below is what guarantees a single row; this only spares the empty ticket.)
    const [known] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsappId), eq(messages.chatContactId, chatContact.id), eq(messages.providerId, message.id)));
    if (known) return { stored: false, reason: "duplicate" };
    ({ ticket, created } = origin === "history" ? await ticketForHistory(tx, ticketInput) : await findOrCreateActiveTicket(tx, ticketInput));
  }

  let quotedMsgId: number | null = null;
  if (message.quotedId) {
    const [quoted] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsappId), eq(messages.chatContactId, chatContact.id), eq(messages.providerId, message.quotedId)));
    quotedMsgId = quoted?.id ?? null;
  }

  const [stored] = await tx
    .insert(messages)
    .values(inboundMessageValues({ connection, message, ticket, chatContactId: chatContact.id, authorId: author?.id ?? null, columns, countsAsUnread, quotedMsgId }))
    .onConflictDoNothing({ target: [messages.whatsappId, messages.chatContactId, messages.providerId] })
    .returning();
  if (!stored) {
    // A redelivery: undo the ticket update, or the ticket this transaction opened for it.
    if (created || updated) throw new DuplicateAfterTicket();
    return { stored: false, reason: "duplicate" };
  }

  if (!updated) {
    [ticket = ticket] = await tx.update(tickets).set(ticketPatch).where(inCompany(tickets, companyId, eq(tickets.id, ticket.id))).returning();
  }
  await finishStoredMessage(deps, tx, after, { connection, event, stored, ticket, created, chatContact, author, quoted: quotedMsgId !== null });
  return { stored: true, messageId: stored.id, ticketId: ticket.id, isNewTicket: created };
}

/** The person a person's chat is with: for our own messages the chat names them; for theirs the author too. */
export function chatPersonOf(message: MessageEvent["message"]): Participant {
  if (message.chat.kind === "group") throw new Error("ingestion: a group chat has no person");
  return message.fromMe
    ? { number: message.chat.number, lid: message.chat.lid }
    : { number: message.chat.number ?? message.from?.number, lid: message.chat.lid ?? message.from?.lid, pushName: message.from?.pushName };
}

/** The messages row of an inbound message stored in `ticket`. */
export function inboundMessageValues(input: {
  connection: ConnectionRef;
  message: MessageEvent["message"];
  ticket: Pick<TicketRow, "id" | "queueId">;
  chatContactId: number;
  authorId: number | null;
  columns: ReturnType<typeof messageColumnsOf>;
  countsAsUnread: boolean;
  quotedMsgId: number | null;
}): typeof messages.$inferInsert {
  const { connection, message, ticket, columns, quotedMsgId } = input;
  return {
    companyId: connection.companyId,
    ticketId: ticket.id,
    whatsappId: connection.whatsappId,
    chatContactId: input.chatContactId,
    contactId: input.authorId,
    providerId: message.id,
    ...columns,
    fromMe: message.fromMe,
    // Our own messages and history are not something an agent still has to read.
    read: !input.countsAsUnread,
    ack: message.fromMe ? 1 : 0,
    sendStatus: message.fromMe ? "sent" : "received",
    quotedMsgId,
    quotedProviderId: message.quotedId && !quotedMsgId ? message.quotedId : null,
    isForwarded: message.forwarded ?? false,
    queueId: ticket.queueId,
    createdAt: message.timestamp,
    updatedAt: message.timestamp,
  };
}

/**
 * What follows a stored message in its transaction, on either path: its media download and transcription jobs,
 * its after-commit event (the view made from the written row; a quote or a transcription mark: loaded again), and
 * for a customer's live message in a person's chat the bot, handed the ticket and message in hand.
 */
export async function finishStoredMessage(
  deps: IngestDeps,
  tx: Tx,
  after: AfterCommit,
  input: {
    connection: ConnectionRef;
    event: MessageEvent;
    stored: typeof messages.$inferSelect;
    ticket: TicketRow;
    created: boolean;
    chatContact: ContactRow;
    author: ContactRow | undefined;
    quoted: boolean;
  },
): Promise<void> {
  const { connection, event, stored, ticket, created, chatContact, author } = input;
  const { companyId, whatsappId } = connection;
  const { message, origin } = event;
  const isGroup = message.chat.kind === "group";
  // The file itself is fetched by a job (retried, outside this transaction); the message shows it as pending.
  if (stored.mediaStatus === "pending") await queueMediaDownload(tx, deps.jobs, { companyId, messageId: stored.id });
  // Voice notes the connection (or the group) wants transcribed: marked pending, the provider is called by a job.
  let transcription = false;
  if (origin !== "history") {
    transcription = await queueTranscriptionIfWanted(tx, deps.jobs, { companyId, messageId: stored.id, whatsappId, chatContactId: chatContact.id, fromMe: message.fromMe, isGroup, mediaType: stored.mediaType });
  }

  // Before the bot's own after-commit tasks: the customer's message reaches the screen before the bot's answer.
  const written = !input.quoted && !transcription ? presentMessage(stored, { contact: author ? { id: author.id, name: author.name } : null, user: null, quoted: null }) : undefined;
  after.add(() => emitIngestedMessage(deps, companyId, written ?? stored.id, created));

  if (!message.fromMe && !isGroup && (origin === "live" || origin === "offline")) {
    await deps.flow.afterCustomerMessage(tx, after, {
      companyId,
      ticketId: ticket.id,
      messageId: stored.id,
      isNewTicket: created,
      written: { ticket, message: { id: stored.id, body: stored.body, createdAt: stored.createdAt }, contact: { id: chatContact.id, canonicalNumber: chatContact.canonicalNumber, name: chatContact.name } },
    });
  }
}
