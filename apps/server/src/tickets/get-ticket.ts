import type { TicketView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { findVisibleTicket } from "./find-visible-ticket.js";
import { loadTicketView } from "./load-ticket-views.js";

/** GET /tickets/{id} and /tickets/u/{uuid}: 404 for another company's, 403 for one the user may not see. */
export async function getTicket(db: DbOrTx, auth: AuthContext, by: { id: number } | { uuid: string }): Promise<TicketView> {
  const { ticket } = await findVisibleTicket(db, auth, by);
  const view = await loadTicketView(db, auth.companyId, ticket.id);
  if (!view) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  return view;
}
