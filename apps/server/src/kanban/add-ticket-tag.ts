import { eq } from "drizzle-orm";
import type { TicketView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { tags, ticketTags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { loadTicketView } from "../tickets/load-ticket-views.js";
import { emitTicketUpdate } from "../tickets/emit-ticket-events.js";

/**
 * PUT /ticket-tags/{ticketId}/{tagId}: the ticket (one the user may see) gets the tag (the company's); already
 * carrying it is not an error. Everyone who sees the ticket gets it with its new tags, so open boards move.
 */
export async function addTicketTag(deps: Pick<AppDeps, "db" | "realtime">, auth: AuthContext, ticketId: number, tagId: number): Promise<TicketView> {
  const view = await deps.db.transaction(async (tx) => {
    const { ticket } = await findVisibleTicket(tx, auth, { id: ticketId }, { forUpdate: true });
    const [tag] = await tx.select({ id: tags.id }).from(tags).where(inCompany(tags, auth.companyId, eq(tags.id, tagId)));
    if (!tag) throw new AppError("ERR_NOT_FOUND", 404);
    await tx.insert(ticketTags).values({ companyId: auth.companyId, ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
    return (await loadTicketView(tx, auth.companyId, ticket.id))!;
  });
  emitTicketUpdate(deps.realtime, auth.companyId, view);
  return view;
}
