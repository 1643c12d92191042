import path from "node:path";
import type { Tx } from "../../db/client.js";
import { outboxLastMessage, queueOutgoingMessage, type OutgoingMessageInput } from "../../messages/queue-outgoing-message.js";
import { emitMessageCreated } from "../emit-changes.js";
import { presentMessage } from "../../messages/present-message.js";
import type { MessageView } from "@atendo/shared";
import { deferredFlowWrites } from "./defer-flow-writes.js";
import type { AfterCommit } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import { loadContactName, type QueueRow, type TicketRow } from "./load-flow-state.js";
import { renderMessageTemplate } from "./render-message-template.js";

export interface AutomaticTextOptions {
  /** A file to send (the greeting is its caption). */
  media?: OutgoingMessageInput["media"];
  /** The contact's name when the caller has it in hand (spares a read). */
  contactName?: string;
  /** The ticket as the caller holds it locked and current (spares the outbox's lock and read). */
  lockedTicket?: Pick<TicketRow, "id" | "contactId" | "whatsappId" | "queueId">;
  /** The caller writes the answer's `ticketPatch` in its own update of the ticket, right after (spares one). */
  lastMessageByCaller?: boolean;
}

/** A text that went out: the ticket's last message it makes, for a caller that writes it (lastMessageByCaller). */
export interface AutomaticTextSent {
  ticketPatch: { lastMessage: string; lastMessageAt: Date };
}

/**
 * One automatic text through the outbox (stored queued, sent by its job), with the message variables filled; its
 * event goes out after commit. Empty texts (a message the admin left blank) send nothing and return undefined.
 */
export async function sendAutomaticText(
  ctx: FlowContext,
  tx: Tx,
  after: AfterCommit,
  ticket: Pick<TicketRow, "id" | "companyId" | "contactId" | "createdAt">,
  text: string,
  options: AutomaticTextOptions = {},
): Promise<AutomaticTextSent | undefined> {
  const { media } = options;
  if (!text.trim() && !media) return undefined;
  // The name is read only for a text that may name it ({{name}}, {{firstName}}).
  const contactName = options.contactName ?? (text.includes("{{") ? await loadContactName(tx, ticket.companyId, ticket.contactId) : "");
  const body = renderMessageTemplate(text, {
    contactName,
    ticketId: ticket.id,
    ticketCreatedAt: ticket.createdAt,
    now: ctx.now(),
    timeZone: ctx.timeZone,
  });
  const input = { companyId: ticket.companyId, ticketId: ticket.id, body, automatic: true, media };
  const deferred = options.lockedTicket ? deferredFlowWrites(tx) : undefined;
  if (deferred && options.lockedTicket) {
    // Ingestion's batch writes the text with its others' (and the ticket's last message with its changes).
    const at = new Date();
    let view: MessageView | undefined;
    deferred.addText(input, options.lockedTicket, at, (row) => (view = presentMessage(row, { contact: null, user: null, quoted: null })));
    const ticketPatch = outboxLastMessage({ body, mediaName: media?.name ?? null, createdAt: at });
    if (!options.lastMessageByCaller) deferred.addTicketPatch(ticket, ticketPatch, at);
    after.add(() => (view ? emitMessageCreated(ctx.deps, ticket.companyId, view) : undefined));
    return { ticketPatch };
  }
  const row = await queueOutgoingMessage(tx, ctx.deps.jobs, {
    ...input,
    lockedTicket: options.lockedTicket,
    lastMessageByCaller: options.lastMessageByCaller,
  });
  // The event's view is made from the row just written: an automatic text has no author, user or quote to join.
  const view = presentMessage(row, { contact: null, user: null, quoted: null });
  after.add(() => emitMessageCreated(ctx.deps, ticket.companyId, view));
  return { ticketPatch: outboxLastMessage(row) };
}

const MIME_BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".opus": "audio/ogg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".wav": "audio/wav",
  ".amr": "audio/amr",
  ".mp4": "video/mp4",
  ".3gp": "video/3gpp",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".pdf": "application/pdf",
};

/** A queue's attachment as outbox media (the greeting is its caption), or undefined when it has none. */
export function queueMediaOf(queue: Pick<QueueRow, "mediaPath" | "mediaName">): OutgoingMessageInput["media"] {
  if (!queue.mediaPath) return undefined;
  const name = queue.mediaName || path.basename(queue.mediaPath);
  const mimetype = MIME_BY_EXTENSION[path.extname(name).toLowerCase()] ?? MIME_BY_EXTENSION[path.extname(queue.mediaPath).toLowerCase()] ?? "application/octet-stream";
  const kind = mimetype.split("/")[0];
  const mediaType = kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
  return { path: queue.mediaPath, name, mimetype, mediaType };
}
