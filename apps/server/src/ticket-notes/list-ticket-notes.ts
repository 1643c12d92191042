import { and, desc, eq } from "drizzle-orm";
import type { TicketNoteView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { contacts, ticketNotes, tickets, users } from "../db/schema.js";
import { AppError } from "../errors.js";
import { canSeeTicket, loadTicketViewer, visibleTicketsCondition } from "../tickets/ticket-viewer.js";
import { presentTicketNote } from "./present-ticket-note.js";

/**
 * Notes of a ticket, or of a contact across their tickets, newest first: only on tickets the user may see.
 * One of ticketId and contactId is required. A ticket of another company, or one the user may not see, is 404
 * ERR_NO_TICKET_FOUND (not an empty list: the answer must not differ from a ticket that has no notes only by
 * luck); a contact of another company is 404 ERR_NO_CONTACT_FOUND.
 */
export async function listTicketNotes(db: DbOrTx, auth: AuthContext, query: { ticketId?: number; contactId?: number }): Promise<TicketNoteView[]> {
  if (!query.ticketId && !query.contactId) {
    throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: "querystring.ticketId", message: "validation.required" }]);
  }
  const viewer = await loadTicketViewer(db, auth);
  if (query.ticketId) {
    const [ticket] = await db.select().from(tickets).where(inCompany(tickets, auth.companyId, eq(tickets.id, query.ticketId)));
    if (!ticket || !canSeeTicket(viewer, ticket)) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  }
  if (query.contactId) {
    const [contact] = await db.select({ id: contacts.id }).from(contacts).where(inCompany(contacts, auth.companyId, eq(contacts.id, query.contactId)));
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  }
  const rows = await db
    .select({ note: ticketNotes, user: { id: users.id, name: users.name } })
    .from(ticketNotes)
    .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(
      inCompany(
        ticketNotes,
        auth.companyId,
        query.ticketId ? eq(ticketNotes.ticketId, query.ticketId) : undefined,
        query.contactId ? eq(ticketNotes.contactId, query.contactId) : undefined,
        and(eq(tickets.companyId, auth.companyId), visibleTicketsCondition(viewer)),
      ),
    )
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map((r) => presentTicketNote(r.note, r.user?.id ? r.user : null));
}
