import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { SendTemplate } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { messages } from "../db/schema.js";
import { AppError } from "../errors.js";
import type { Upload } from "../storage/read-upload.js";
import { checkedUploadType } from "../storage/media-allowlist.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { emitMessageCreated, emitTicketChanged } from "../tickets/emit-changes.js";
import { queueOutgoingMessage } from "./queue-outgoing-message.js";
import { queueTranscriptionIfWanted } from "../ai/transcription/queue-transcription.js";
import { convertVoiceNote } from "./convert-voice-note.js";
import { fillMessageVariables } from "./fill-message-variables.js";
import { checkCloudSend } from "../whatsapp/cloudapi/check-cloud-send.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime" | "storage" | "flow" | "outbound" | "config">;
type File = Omit<Upload, "fields">;

/** How an attachment travels: images, audio and video as themselves, anything else as a document. */
function mediaTypeOf(mimetype: string): string {
  const kind = mimetype.split("/")[0];
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
}

/**
 * An agent's message to a ticket's customer: text (optionally quoting a message of the ticket) or attachments (the
 * text as the first one's caption). It goes through the outbox, so it is stored (ack 0) before anything is sent.
 * A closed ticket takes nothing until reopened or accepted.
 */
export async function sendTicketMessage(
  deps: Deps,
  logger: FastifyBaseLogger,
  auth: AuthContext,
  ticketId: number,
  input: { body: string; quotedMsgId: number | null; files?: File[]; voice?: boolean; template?: SendTemplate },
): Promise<number[]> {
  const { ticket } = await findVisibleTicket(deps.db, auth, { id: ticketId });
  if (ticket.status === "closed") throw new AppError("ERR_TICKET_CLOSED", 409);
  if (!ticket.whatsappId) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  if (input.quotedMsgId) {
    const [quoted] = await deps.db
      .select({ id: messages.id })
      .from(messages)
      .where(inCompany(messages, auth.companyId, and(eq(messages.id, input.quotedMsgId), eq(messages.ticketId, ticket.id))));
    if (!quoted) throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: "body.quotedMsg", message: "validation.invalid" }]);
  }
  // Cloud API: a template is checked and rendered; free text and media need the customer's 24-hour window open.
  const templateSend = await checkCloudSend(deps, auth.companyId, { whatsappId: ticket.whatsappId, contactId: ticket.contactId }, input.template);
  const files = [...(input.files ?? [])];
  let voice = false;
  if (input.voice && files.length === 1 && files[0]!.mimetype.startsWith("audio/")) {
    const converted = await convertVoiceNote(files[0]!.data);
    if (converted) {
      files[0] = converted;
      voice = true;
    }
  }
  for (const [index, file] of files.entries()) {
    // The stored type comes from the bytes: a page named .mp4 is refused, not stored and served as a video.
    const type = await checkedUploadType(file.fileName, file.mimetype, file.data, "attachment");
    if (!type) throw new AppError("ERR_INVALID_FILE_TYPE", 400, undefined, [{ path: `body.medias.${index}`, message: "validation.invalid" }]);
    files[index] = { ...file, mimetype: type };
  }
  // {{firstName}} and the other variables of a quick message (or a typed text) are filled as in automatic texts.
  const body = templateSend ? templateSend.body : await fillMessageVariables(deps.db, ticket, input.body);
  // Files are written before the transaction: a rolled-back send leaves an unreferenced file, never a message without one.
  // A file that cannot be stored (disk full, object store down) is the spec's "creation failed": ERR_CREATING_MESSAGE.
  const stored = await Promise.all(files.map((file) => deps.storage.save(auth.companyId, "messages", file.fileName, file.data))).catch((err: unknown) => {
    logger.error({ err, ticketId: ticket.id }, "could not store a message's attachment");
    throw new AppError("ERR_CREATING_MESSAGE", 503);
  });

  const ids = await inTransaction(deps.db as AppDeps["db"], logger, async (tx, after) => {
    const created: number[] = [];
    const common = { companyId: auth.companyId, ticketId: ticket.id, userId: auth.userId, quotedMsgId: input.quotedMsgId };
    if (files.length === 0) {
      created.push((await queueOutgoingMessage(tx, deps.jobs, { ...common, body, ...(templateSend ? { template: templateSend.template } : {}) })).id);
    }
    for (const [index, file] of files.entries()) {
      const media = { path: stored[index]!.path, name: stored[index]!.name, mimetype: file.mimetype, mediaType: mediaTypeOf(file.mimetype), voice };
      const row = await queueOutgoingMessage(tx, deps.jobs, { ...common, body: index === 0 ? body : "", media });
      created.push(row.id);
      // The agent's own voice notes, when the connection transcribes them (transcribeme).
      await queueTranscriptionIfWanted(tx, deps.jobs, { companyId: auth.companyId, messageId: row.id, whatsappId: row.whatsappId, chatContactId: row.chatContactId, fromMe: true, isGroup: ticket.isGroup, mediaType: row.mediaType });
    }
    // The bot counts the customer's silence from the agent's last message (expiresTicket).
    await deps.flow.afterAgentMessage(tx, after, { companyId: auth.companyId, ticketId: ticket.id, messageId: created.at(-1)! });
    for (const id of created) after.add(() => emitMessageCreated(deps, auth.companyId, id));
    after.add(() => emitTicketChanged(deps, auth.companyId, ticket.id));
    return created;
  });
  return ids;
}
