import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { ticketNotes, tickets } from "../db/schema.js";
import { AppError } from "../errors.js";
import { canSeeTicket, loadTicketViewer } from "../tickets/ticket-viewer.js";

/**
 * Its author, or an admin, deletes a note of a ticket they may see. A note of a ticket they may not see answers as a
 * missing note (404 ERR_NOT_FOUND): a 403, or the ticket's own 404, would tell that the note exists.
 */
export async function deleteTicketNote(db: DbOrTx, auth: AuthContext, noteId: number): Promise<void> {
  const [note] = await db.select().from(ticketNotes).where(inCompany(ticketNotes, auth.companyId, eq(ticketNotes.id, noteId)));
  if (!note) throw new AppError("ERR_NOT_FOUND", 404);
  const [ticket] = await db.select().from(tickets).where(inCompany(tickets, auth.companyId, eq(tickets.id, note.ticketId)));
  if (!ticket || !canSeeTicket(await loadTicketViewer(db, auth), ticket)) throw new AppError("ERR_NOT_FOUND", 404);
  if (note.userId !== auth.userId && auth.profile !== "admin" && !auth.super) throw new AppError("ERR_NO_PERMISSION", 403);
  await db.delete(ticketNotes).where(eq(ticketNotes.id, note.id));
}
