import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { signBody, splitSignature } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { contacts, tickets, users } from "../db/schema.js";
import { AppError } from "../errors.js";
import { findOrCreateActiveTicket } from "../ingestion/active-ticket.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { emitMessageCreated, emitTicketChanged } from "../tickets/emit-changes.js";
import { findVisibleMessage } from "./find-visible-message.js";
import { queueOutgoingMessage } from "./queue-outgoing-message.js";

type Deps = Pick<AppDeps, "db" | "jobs" | "realtime" | "flow">;

/**
 * Forwards one message to a contact, on the same connection: into the contact's active ticket there, or a new one
 * opened for the forwarding agent in the source ticket's queue. With signMessage the agent's name goes first in bold,
 * as on a typed message. Sent through the outbox, marked forwarded.
 */
export async function forwardMessage(
  deps: Deps,
  logger: FastifyBaseLogger,
  auth: AuthContext,
  input: { messageId: number; contactId: number; signMessage?: boolean },
): Promise<{ ticketId: number; messageId: number }> {
  const { message, ticket: source } = await findVisibleMessage(deps.db, auth, input.messageId);
  if (message.isDeleted || message.mediaType === "reactionMessage") throw new AppError("ERR_SENDING_WAPP_MSG", 400);
  if (message.mediaPath && message.mediaStatus !== "ready") throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", 400);
  const [contact] = await deps.db.select().from(contacts).where(inCompany(contacts, auth.companyId, eq(contacts.id, input.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  if (!contact.number && !contact.lid) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400);
  const whatsappId = source.whatsappId;
  if (!whatsappId) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  const [user] = await deps.db.select({ name: users.name }).from(users).where(inCompany(users, auth.companyId, eq(users.id, auth.userId)));
  // A message that was signed already is signed once: its old signature line gives way to the forwarding agent's.
  const body = input.signMessage && message.body && user?.name ? signBody(splitSignature(message.body).text, user.name) : message.body;

  return inTransaction(deps.db as AppDeps["db"], logger, async (tx, after) => {
    const { ticket, created } = await findOrCreateActiveTicket(tx, { companyId: auth.companyId, contactId: contact.id, whatsappId, isGroup: contact.isGroup });
    if (created) {
      await tx.update(tickets).set({ status: "open", userId: auth.userId, queueId: source.queueId, acceptedAt: new Date() }).where(eq(tickets.id, ticket.id));
    }
    const row = await queueOutgoingMessage(tx, deps.jobs, {
      companyId: auth.companyId,
      ticketId: ticket.id,
      userId: auth.userId,
      body,
      isForwarded: true,
      ...(message.mediaPath
        ? { media: { path: message.mediaPath, name: message.mediaName ?? "file", mimetype: message.mimetype ?? "application/octet-stream", mediaType: message.mediaType } }
        : {}),
    });
    await deps.flow.afterAgentMessage(tx, after, { companyId: auth.companyId, ticketId: ticket.id, messageId: row.id });
    after.add(() => emitMessageCreated(deps, auth.companyId, row.id));
    after.add(() => emitTicketChanged(deps, auth.companyId, ticket.id));
    return { ticketId: ticket.id, messageId: row.id };
  });
}
