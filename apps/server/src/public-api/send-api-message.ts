import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { canonicalNumber, normalizeNumber, OUTBOUND_MEDIA_MAX_BYTES, type ApiSendResult, type SendTemplate } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError, validationError } from "../errors.js";
import { findOrCreateActiveTicket } from "../ingestion/active-ticket.js";
import { upsertPersonContact } from "../ingestion/resolve-contact.js";
import { queueOutgoingMessage } from "../messages/queue-outgoing-message.js";
import { findApprovedTemplate } from "../message-templates/find-approved-template.js";
import { outgoingTemplate } from "../message-templates/outgoing-template.js";
import { isCustomerWindowOpen } from "../whatsapp/cloudapi/is-customer-window-open.js";
import type { Upload } from "../storage/read-upload.js";
import { checkedUploadType } from "../storage/media-allowlist.js";
import { emitMessageCreated, emitTicketChanged } from "../tickets/emit-changes.js";
import { inTransaction } from "../tickets/in-transaction.js";
import type { ApiCaller } from "./resolve-api-token.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime" | "storage" | "sessions" | "outbound" | "config">;
type File = Omit<Upload, "fields">;

/** How an attachment travels: images, audio and video as themselves, anything else as a document. */
function mediaTypeOf(mimetype: string): string {
  const kind = mimetype.split("/")[0];
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "application";
}

/**
 * A message sent by another system through a connection's token (administration section 7). The number is read like
 * a contact's; the connection must be connected and the number must be on WhatsApp (asked of the connection). The
 * contact is found or created by its identity, the message goes to the contact's active ticket on the connection (or
 * a new pending one, the ingestion's ticket rule) through the outbox, so it shows in the conversation like an agent's.
 * On a Cloud API connection the body goes while the customer's 24-hour window is open; when it is closed (or no body
 * is given) the `template` goes instead, and without one the call is refused (400 ERR_TEMPLATE_REQUIRED) before
 * anything is stored. Other providers send the body and ignore `template`.
 */
export async function sendApiMessage(
  deps: Deps,
  logger: FastifyBaseLogger,
  caller: ApiCaller,
  input: { number: string; body?: string; template?: SendTemplate; files?: File[] },
): Promise<ApiSendResult> {
  const body = input.body ?? "";
  const normalized = normalizeNumber(input.number);
  if (!normalized.valid) throw validationError([{ path: "body.number", message: "validation.invalidNumber" }]);
  const files = [...(input.files ?? [])];
  for (const [index, file] of files.entries()) {
    if (file.data.length > OUTBOUND_MEDIA_MAX_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413, { maxBytes: OUTBOUND_MEDIA_MAX_BYTES });
    // The stored type comes from the bytes: a page named .mp4 is refused, not stored and served as a video.
    const type = await checkedUploadType(file.fileName, file.mimetype, file.data, "attachment");
    if (!type) throw new AppError("ERR_INVALID_FILE_TYPE", 400, undefined, [{ path: `body.medias.${index}`, message: "validation.invalid" }]);
    files[index] = { ...file, mimetype: type };
  }

  const [connection] = await deps.db
    .select({ id: whatsapps.id, status: whatsapps.status, provider: whatsapps.provider })
    .from(whatsapps)
    .where(inCompany(whatsapps, caller.companyId, eq(whatsapps.id, caller.whatsappId)));
  if (!connection) throw new AppError("ERR_API_TOKEN_INVALID", 401);
  if (connection.status !== "CONNECTED") throw new AppError("ERR_WAPP_DISCONNECTED", 409, { status: connection.status });
  const cloud = connection.provider === "cloudapi";
  // Without a Cloud API connection a template cannot stand in for the text.
  if (!cloud && body.trim() === "" && files.length === 0) throw validationError([{ path: "body.body", message: "validation.required" }]);
  const template =
    cloud && input.template
      ? await findApprovedTemplate(
          deps,
          caller.companyId,
          connection.id,
          { name: input.template.name, language: input.template.language, parameterCount: input.template.parameters.length },
          { name: "body.template.name", parameters: "body.template.parameters" },
        )
      : null;

  const check = await deps.sessions.call(connection.id, "checkNumber", normalized.number);
  if (!check.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400, { number: normalized.number });
  // WhatsApp's own form of the number when it is the same person (an old Brazilian mobile may lack the ninth digit
  // there); the contact's identity is the canonical number either way.
  const known = check.number?.replace(/\D/g, "") ?? "";
  const number = known && canonicalNumber(known) === normalized.canonical ? known : normalized.number;

  // Files are written before the transaction: a rolled-back send leaves an unreferenced file, never a message without one.
  const stored = await Promise.all(files.map((file) => deps.storage.save(caller.companyId, "messages", file.fileName, file.data)));

  return inTransaction(deps.db as AppDeps["db"], logger, async (tx, after) => {
    const contact = await upsertPersonContact(tx, caller.companyId, connection.id, { number, ...(check.lid ? { lid: check.lid } : {}) });
    const { ticket } = await findOrCreateActiveTicket(tx, { companyId: caller.companyId, contactId: contact.id, whatsappId: connection.id, isGroup: false });
    const common = { companyId: caller.companyId, ticketId: ticket.id, userId: null };
    const rows = [];
    const windowOpen = !cloud || (await isCustomerWindowOpen(tx, { companyId: caller.companyId, whatsappId: connection.id, contactId: contact.id }));
    if (!windowOpen || (body.trim() === "" && files.length === 0)) {
      // The transaction rolls back: a refused call leaves no contact or ticket behind.
      if (!template) throw new AppError("ERR_TEMPLATE_REQUIRED", 400, { windowOpen }, [{ path: "body.template", message: "validation.required" }]);
      rows.push(await queueOutgoingMessage(tx, deps.jobs, { ...common, ...outgoingTemplate(template, input.template!.parameters) }));
    } else {
      if (files.length === 0) rows.push(await queueOutgoingMessage(tx, deps.jobs, { ...common, body }));
      for (const [index, file] of files.entries()) {
        const media = { path: stored[index]!.path, name: stored[index]!.name, mimetype: file.mimetype, mediaType: mediaTypeOf(file.mimetype) };
        rows.push(await queueOutgoingMessage(tx, deps.jobs, { ...common, body: index === 0 ? body : "", media }));
      }
    }
    for (const row of rows) after.add(() => emitMessageCreated(deps, caller.companyId, row.id));
    after.add(() => emitTicketChanged(deps, caller.companyId, ticket.id));
    return {
      messages: rows.map((row) => ({ id: row.id, ticketId: ticket.id, contactId: contact.id, status: "queued" as const, mediaType: row.mediaType })),
    };
  });
}
