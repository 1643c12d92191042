import type { TicketNoteView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { ticketNotes, users } from "../db/schema.js";
import { eq } from "drizzle-orm";
import { inCompany } from "../db/tenant.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { presentTicketNote } from "./present-ticket-note.js";

/**
 * A note on a ticket the user may see; it belongs to the ticket's contact (the drawer lists a contact's notes). A
 * ticket the user may not see is 404 ERR_NO_TICKET_FOUND, as in the list (a 403 would tell that it exists).
 */
export async function createTicketNote(db: DbOrTx, auth: AuthContext, input: { note: string; ticketId: number }): Promise<TicketNoteView> {
  const { ticket } = await findVisibleTicket(db, auth, { id: input.ticketId }, { hiddenIsMissing: true });
  const [row] = await db
    .insert(ticketNotes)
    .values({ companyId: auth.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: auth.userId, note: input.note })
    .returning();
  const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(inCompany(users, auth.companyId, eq(users.id, auth.userId)));
  return presentTicketNote(row!, user ?? null);
}
