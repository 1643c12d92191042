import { eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { canSeeTicket, loadTicketViewer, type TicketViewer } from "./ticket-viewer.js";

export type TicketRow = typeof tickets.$inferSelect;

/**
 * One ticket of the caller's company that the caller may see: another company's (or none) is 404
 * ERR_NO_TICKET_FOUND, one the visibility rule hides is 403 ERR_NO_PERMISSION (the client shows 'Acesso não
 * permitido'). `forUpdate` locks the row for the rest of the transaction. `hiddenIsMissing` answers a hidden ticket
 * with the same 404 as a missing one, where a 403 would reveal that it exists (ticket notes).
 */
export async function findVisibleTicket(
  db: DbOrTx,
  auth: AuthContext,
  by: { id: number } | { uuid: string },
  opts: { forUpdate?: boolean; hiddenIsMissing?: boolean } = {},
): Promise<{ ticket: TicketRow; viewer: TicketViewer }> {
  const match: SQL = "id" in by ? eq(tickets.id, by.id) : eq(tickets.uuid, by.uuid);
  const query = db.select().from(tickets).where(inCompany(tickets, auth.companyId, match));
  const [ticket] = opts.forUpdate ? await query.for("update") : await query;
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  const viewer = await loadTicketViewer(db, auth);
  if (!canSeeTicket(viewer, ticket)) {
    throw opts.hiddenIsMissing ? new AppError("ERR_NO_TICKET_FOUND", 404) : new AppError("ERR_NO_PERMISSION", 403);
  }
  return { ticket, viewer };
}
