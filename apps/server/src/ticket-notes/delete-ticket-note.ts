import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { ticketNotes } from "../db/schema.js";
import { AppError } from "../errors.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";

/** Its author, or an admin, deletes a note (of a ticket they may see). */
export async function deleteTicketNote(db: DbOrTx, auth: AuthContext, noteId: number): Promise<void> {
  const [note] = await db.select().from(ticketNotes).where(inCompany(ticketNotes, auth.companyId, eq(ticketNotes.id, noteId)));
  if (!note) throw new AppError("ERR_NOT_FOUND", 404);
  await findVisibleTicket(db, auth, { id: note.ticketId });
  if (note.userId !== auth.userId && auth.profile !== "admin" && !auth.super) throw new AppError("ERR_NO_PERMISSION", 403);
  await db.delete(ticketNotes).where(eq(ticketNotes.id, note.id));
}
