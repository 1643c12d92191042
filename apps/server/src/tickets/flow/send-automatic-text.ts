import path from "node:path";
import type { Tx } from "../../db/client.js";
import { queueOutgoingMessage, type OutgoingMessageInput } from "../../messages/queue-outgoing-message.js";
import { emitMessageCreated } from "../emit-changes.js";
import type { AfterCommit } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import { loadContactName, type QueueRow, type TicketRow } from "./load-flow-state.js";
import { renderMessageTemplate } from "./render-message-template.js";

/**
 * One automatic text through the outbox (stored queued, sent by its job), with the message variables filled; its
 * event goes out after commit. Empty texts (a message the admin left blank) send nothing and return false.
 */
export async function sendAutomaticText(
  ctx: FlowContext,
  tx: Tx,
  after: AfterCommit,
  ticket: Pick<TicketRow, "id" | "companyId" | "contactId" | "createdAt">,
  text: string,
  media?: OutgoingMessageInput["media"],
): Promise<boolean> {
  if (!text.trim() && !media) return false;
  const contactName = await loadContactName(tx, ticket.companyId, ticket.contactId);
  const body = renderMessageTemplate(text, {
    contactName,
    ticketId: ticket.id,
    ticketCreatedAt: ticket.createdAt,
    now: ctx.now(),
    timeZone: ctx.timeZone,
  });
  const row = await queueOutgoingMessage(tx, ctx.deps.jobs, { companyId: ticket.companyId, ticketId: ticket.id, body, automatic: true, media });
  after.add(() => emitMessageCreated(ctx.deps, ticket.companyId, row.id));
  return true;
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
