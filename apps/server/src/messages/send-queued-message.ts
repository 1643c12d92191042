import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../app-deps.js";
import { inCompany } from "../db/tenant.js";
import { contacts, messages, tickets } from "../db/schema.js";
import type { JobContext } from "../jobs/jobs.js";
import { ProviderError, type OutgoingContent } from "../whatsapp/provider.js";
import { emitMessageUpdate } from "../tickets/emit-ticket-events.js";
import { loadMessageView, presentMessageRows } from "./load-message-views.js";
import { chatRefOfContact } from "./chat-ref-of-contact.js";
import type { SendMessageJob } from "./queue-outgoing-message.js";

type Deps = Pick<AppDeps, "db" | "sessions" | "storage" | "realtime">;

/** An id in WhatsApp's own format for messages sent from here (what Baileys would generate). */
function newOutboxMessageId(): string {
  return `3EB0${randomBytes(18).toString("hex").toUpperCase()}`;
}

function contentOf(message: typeof messages.$inferSelect, file: Buffer | null): OutgoingContent {
  const template = message.mediaType === "template" ? (message.data as { template?: { name: string; language: string; parameters: string[] } }).template : undefined;
  if (template) return { type: "template", name: template.name, language: template.language, parameters: template.parameters, body: message.body };
  if (!file || !message.mediaPath) return { type: "text", body: message.body };
  const kind = message.mediaType === "image" || message.mediaType === "video" || message.mediaType === "audio" ? message.mediaType : "document";
  return {
    type: kind,
    data: file,
    mimetype: message.mimetype ?? "application/octet-stream",
    fileName: message.mediaName ?? undefined,
    caption: kind === "audio" ? undefined : message.body || undefined,
    voice: kind === "audio" && (message.data as { voice?: boolean }).voice === true,
  };
}

/** A final failure: the message, if still queued, ends failed with `error`, which the agent sees. */
export async function markQueuedMessageFailed(
  deps: Pick<Deps, "db" | "realtime">,
  companyId: number,
  messageId: number,
  error: string,
  ticket?: { id: number; userId: number | null; queueId: number | null },
): Promise<void> {
  const { db } = deps;
  const [failed] = await db
    .update(messages)
    .set({ sendStatus: "failed", sendError: error, updatedAt: new Date() })
    .where(and(inCompany(messages, companyId, eq(messages.id, messageId)), eq(messages.sendStatus, "queued")))
    .returning({ ticketId: messages.ticketId });
  if (!failed) return;
  const room =
    ticket ??
    (await db.select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId }).from(tickets).where(eq(tickets.id, failed.ticketId)))[0];
  const view = await loadMessageView(db, companyId, messageId);
  if (view && room) emitMessageUpdate(deps.realtime, companyId, view, room);
}

/**
 * The outbox's worker: sends one queued message through its connection's session. Idempotent on the message's
 * state (only a queued message is sent). A provider failure that may pass is retried by the job; a final one marks
 * the message failed, which the agent sees.
 */
export async function sendQueuedMessage(
  deps: Deps,
  job: SendMessageJob,
  context: JobContext,
  /** Waits right before the provider call: the connection's pace (outbox-pace.ts). */
  beforeSend?: () => Promise<void>,
): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ message: messages, contact: contacts, ticket: { id: tickets.id, userId: tickets.userId, queueId: tickets.queueId } })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.chatContactId))
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(inCompany(messages, job.companyId, eq(messages.id, job.messageId)));
  if (!row || row.message.sendStatus !== "queued") return;
  const { message, contact, ticket } = row;

  const fail = (error: string) => markQueuedMessageFailed(deps, job.companyId, message.id, error, ticket);

  if (!message.whatsappId) return fail("ERR_NO_WAPP_FOUND");
  let file: Buffer | null = null;
  if (message.mediaPath) {
    file = await deps.storage.read(message.mediaPath);
    if (!file) return fail("ERR_WAPP_DOWNLOAD_MEDIA");
  }
  let quotedId: string | undefined;
  if (message.quotedMsgId) {
    const [quoted] = await db.select({ providerId: messages.providerId }).from(messages).where(inCompany(messages, job.companyId, eq(messages.id, message.quotedMsgId)));
    quotedId = quoted?.providerId ?? undefined;
  }
  // The message's provider id is fixed, and committed, before the first attempt: a retry after a crash between the
  // provider's send and our update sends under the same id, which the provider does not deliver twice.
  let providerId = message.providerId;
  if (!providerId) {
    const [claimed] = await db
      .update(messages)
      .set({ providerId: newOutboxMessageId() })
      .where(and(eq(messages.id, message.id), isNull(messages.providerId)))
      .returning({ providerId: messages.providerId });
    providerId = claimed?.providerId ?? (await db.select({ providerId: messages.providerId }).from(messages).where(eq(messages.id, message.id)))[0]?.providerId ?? null;
    if (!providerId) return;
  }
  let sent: (typeof messages.$inferSelect)[] = [];
  try {
    await beforeSend?.();
    const result = await deps.sessions.call(message.whatsappId, "send", chatRefOfContact(contact), contentOf(message, file), {
      messageId: providerId,
      ...(quotedId ? { quotedId } : {}),
      ...(message.isForwarded ? { forwarded: true } : {}),
    });
    sent = await db
      .update(messages)
      .set({ providerId: result.messageId, ack: result.ack, sendStatus: "sent", sendError: null, updatedAt: new Date() })
      .where(and(eq(messages.id, message.id), eq(messages.sendStatus, "queued")))
      .returning();
  } catch (err) {
    const code = err instanceof ProviderError ? err.code : "ERR_SENDING_WAPP_MSG";
    const retryable = !(err instanceof ProviderError) || err.retryable || err.code === "ERR_WAPP_NOT_INITIALIZED";
    if (retryable && !context.lastAttempt) throw err;
    return fail(code);
  }
  // The event from the row just written (not read again); nothing when someone else changed it meanwhile.
  const [view] = await presentMessageRows(db, job.companyId, sent);
  if (view) emitMessageUpdate(deps.realtime, job.companyId, view, ticket);
}
