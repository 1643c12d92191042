import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
import { messages, tickets } from "../db/schema.js";
import type { Jobs } from "../jobs/jobs.js";

export const SEND_MESSAGE_JOB = "send-message";
export interface SendMessageJob {
  companyId: number;
  messageId: number;
}

export interface OutgoingMessageInput {
  companyId: number;
  ticketId: number;
  body: string;
  /** The agent who sends it; null for the bot and automatic texts. */
  userId?: number | null;
  automatic?: boolean;
  quotedMsgId?: number | null;
  isForwarded?: boolean;
  /** A stored file to send (storage path), with how to send it. */
  media?: { path: string; name: string; mimetype: string; mediaType: string; voice?: boolean };
  /** An approved Cloud API template; `body` is then its text filled in (renderTemplateBody), what the agent sees. */
  template?: { name: string; language: string; parameters: string[] };
  /**
   * The ticket as the caller already holds it locked in this transaction, current (the bot answering a message
   * ingestion just wrote): spares locking and reading it again.
   */
  lockedTicket?: { id: number; contactId: number; whatsappId: number | null; queueId: number | null };
  /**
   * The caller writes the ticket's last message itself (`outboxLastMessage`), in the update of the ticket it makes
   * right after in this transaction (the bot's menu): spares an UPDATE of the same row.
   */
  lastMessageByCaller?: boolean;
}

/** What a queued message makes of its ticket's last message. */
export function outboxLastMessage(row: Pick<typeof messages.$inferSelect, "body" | "mediaName" | "createdAt">): { lastMessage: string; lastMessageAt: Date } {
  return { lastMessage: row.body || (row.mediaName ?? ""), lastMessageAt: row.createdAt };
}

/** The messages row of an outgoing message (queued) on `ticket`, as of `now`. */
export function outgoingMessageValues(
  input: OutgoingMessageInput,
  ticket: { id: number; contactId: number; whatsappId: number | null; queueId: number | null },
  now: Date,
): typeof messages.$inferInsert {
  return {
    companyId: input.companyId,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    chatContactId: ticket.contactId,
    userId: input.userId ?? null,
    body: input.body,
    fromMe: true,
    read: true,
    ack: 0,
    sendStatus: "queued",
    mediaType: input.template ? "template" : (input.media?.mediaType ?? "chat"),
    mediaPath: input.media?.path ?? null,
    mediaName: input.media?.name ?? null,
    mimetype: input.media?.mimetype ?? null,
    mediaStatus: input.media ? "ready" : "none",
    data: input.template
      ? { template: { name: input.template.name, language: input.template.language, parameters: input.template.parameters } }
      : input.media?.voice
        ? { voice: true }
        : {},
    quotedMsgId: input.quotedMsgId ?? null,
    isForwarded: input.isForwarded ?? false,
    automatic: input.automatic ?? false,
    queueId: ticket.queueId,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The outbox: the message is stored first (ack 0, queued) and a job sends it, in the caller's transaction. So a
 * message exists exactly when what caused it commits, and a crash before the send only delays it (the job runs
 * again); the job ends it sent or visibly failed. The caller emits the message event after commit.
 */
export async function queueOutgoingMessage(tx: DbOrTx, jobs: Jobs, input: OutgoingMessageInput): Promise<typeof messages.$inferSelect> {
  // The ticket row is locked first, as ingestion locks it: taking only the message insert's key-share lock and then
  // updating the ticket deadlocked with a customer's message arriving in between (an agent's send answered 500).
  const [ticket] =
    input.lockedTicket?.id === input.ticketId
      ? [input.lockedTicket]
      : await tx
          .select({ id: tickets.id, contactId: tickets.contactId, whatsappId: tickets.whatsappId, queueId: tickets.queueId })
          .from(tickets)
          .where(inCompany(tickets, input.companyId, eq(tickets.id, input.ticketId)))
          .for("update");
  if (!ticket) throw new Error(`outbox: ticket ${input.ticketId} not found in company ${input.companyId}`);
  const now = new Date();
  const [row] = await tx
    .insert(messages)
    .values(outgoingMessageValues(input, ticket, now))
    .returning();
  if (!row) throw new Error("outbox: insert returned nothing");
  if (!input.lastMessageByCaller) {
    await tx
      .update(tickets)
      .set({ ...outboxLastMessage(row), updatedAt: sql`greatest(${tickets.updatedAt}, ${now})` })
      .where(eq(tickets.id, ticket.id));
  }
  await jobs.enqueue<SendMessageJob>(SEND_MESSAGE_JOB, { companyId: input.companyId, messageId: row.id }, { tx });
  return row;
}
