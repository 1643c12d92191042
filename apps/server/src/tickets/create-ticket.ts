import { and, eq, ne, sql } from "drizzle-orm";
import { can, V, type CreateTicketInput, type TicketView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { contacts, queues, tickets, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError, validationError } from "../errors.js";
import { getDefaultWhatsapp } from "../connections/get-default-whatsapp.js";
import { inTransaction } from "./in-transaction.js";
import { emitTicketChanged } from "./emit-changes.js";
import { loadTicketView } from "./load-ticket-views.js";
import { loadTicketViewer } from "./ticket-viewer.js";
import { otherOpenTicketError } from "./other-open-ticket-error.js";
import { checkContactOnConnection } from "./check-contact-on-connection.js";

type Deps = Pick<AppDeps, "db" | "realtime" | "sessions" | "flow"> & { logger: import("fastify").FastifyBaseLogger };

/** The connection: the one asked for, else the user's default, else the company's default. */
async function pickConnection(deps: Deps, auth: AuthContext, whatsappId: number | null | undefined) {
  if (whatsappId) {
    const [row] = await deps.db.select().from(whatsapps).where(inCompany(whatsapps, auth.companyId, eq(whatsapps.id, whatsappId)));
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    return row;
  }
  const [user] = await deps.db.select({ whatsappId: users.whatsappId }).from(users).where(inCompany(users, auth.companyId, eq(users.id, auth.userId)));
  if (user?.whatsappId) {
    const [row] = await deps.db.select().from(whatsapps).where(inCompany(whatsapps, auth.companyId, eq(whatsapps.id, user.whatsappId)));
    if (row) return row;
  }
  return getDefaultWhatsapp(deps.db, auth.companyId);
}

/** The queue: required unless the user may create without one (admins); agents only pick their own queues. */
async function pickQueue(deps: Deps, auth: AuthContext, queueId: number | null | undefined): Promise<number | null> {
  if (!queueId) {
    if (can(auth, "tickets:createWithoutQueue")) return null;
    throw validationError([{ path: "body.queueId", message: V.required }]);
  }
  const [queue] = await deps.db.select({ id: queues.id }).from(queues).where(inCompany(queues, auth.companyId, eq(queues.id, queueId)));
  if (!queue) throw new AppError("ERR_NOT_FOUND", 404);
  const viewer = await loadTicketViewer(deps.db, auth);
  if (!viewer.seesAll && !viewer.queueIds.includes(queueId)) throw new AppError("ERR_NO_PERMISSION", 403);
  return queueId;
}

/**
 * POST /tickets: an agent starts (or takes up) a conversation with a contact. A new ticket is open and theirs (201).
 * When the contact already has an active ticket on the connection: the same user gets it back (200), an unassigned
 * one is accepted by them (200), another user's is ERR_OTHER_OPEN_TICKET naming that user and queue. The insert
 * relies on the partial unique index (ON CONFLICT), so two concurrent requests make one ticket.
 */
export async function createTicket(deps: Deps, auth: AuthContext, input: CreateTicketInput): Promise<{ ticket: TicketView; created: boolean }> {
  const [contact] = await deps.db
    .select({ id: contacts.id, number: contacts.number, lid: contacts.lid, isGroup: contacts.isGroup })
    .from(contacts)
    .where(inCompany(contacts, auth.companyId, eq(contacts.id, input.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  // A contact saved without a number (and unknown to WhatsApp by LID) has no one to write to.
  if (!contact.isGroup && !contact.number && !contact.lid) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400, { reason: "noNumber" });
  const queueId = await pickQueue(deps, auth, input.queueId);
  const connection = await pickConnection(deps, auth, input.whatsappId);
  if (!contact.isGroup && (await checkContactOnConnection(deps, connection, contact.number)) === "invalid") {
    throw new AppError("ERR_WAPP_INVALID_CONTACT", 400);
  }

  const result = await inTransaction(deps.db, deps.logger, async (tx, after) => {
    const [inserted] = await tx
      .insert(tickets)
      .values({
        companyId: auth.companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        userId: auth.userId,
        queueId,
        status: "open",
        isGroup: contact.isGroup,
        acceptedAt: new Date(),
      })
      .onConflictDoNothing({
        target: [tickets.companyId, tickets.contactId, tickets.whatsappId],
        where: sql`${tickets.status} <> 'closed'`,
      })
      .returning({ id: tickets.id });
    if (inserted) {
      after.add(() => emitTicketChanged(deps, auth.companyId, inserted.id));
      return { id: inserted.id, created: true };
    }
    // The active ticket committed by someone else (ON CONFLICT waited for it); locked while we decide.
    const [existing] = await tx
      .select()
      .from(tickets)
      .where(inCompany(tickets, auth.companyId, and(eq(tickets.contactId, contact.id), eq(tickets.whatsappId, connection.id), ne(tickets.status, "closed"))))
      .for("update");
    if (!existing) throw new AppError("ERR_CREATING_TICKET", 409);
    if (existing.userId === auth.userId) return { id: existing.id, created: false };
    if (existing.userId !== null) return { id: existing.id, created: false, heldByOther: true };
    // Unassigned (pending, or the bot's): the creator takes it, in its queue (or the one chosen when it has none).
    await tx
      .update(tickets)
      .set({
        status: "open",
        userId: auth.userId,
        queueId: existing.queueId ?? queueId,
        flowStep: null,
        flowAttempts: 0,
        acceptedAt: existing.acceptedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(inCompany(tickets, auth.companyId, eq(tickets.id, existing.id)));
    if (existing.status === "pending") await deps.flow.afterAccepted(tx, after, { companyId: auth.companyId, ticketId: existing.id, userId: auth.userId });
    const before = { userId: existing.userId, queueId: existing.queueId };
    after.add(() => emitTicketChanged(deps, auth.companyId, existing.id, before));
    return { id: existing.id, created: false };
  });
  if ("heldByOther" in result) throw await otherOpenTicketError(deps.db, auth.companyId, { contactId: contact.id, whatsappId: connection.id });
  const ticket = await loadTicketView(deps.db, auth.companyId, result.id);
  if (!ticket) throw new AppError("ERR_CREATING_TICKET", 409);
  return { ticket, created: result.created };
}
