import { and, eq, inArray } from "drizzle-orm";
import type { TicketView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { tags, ticketTags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { loadTicketView } from "../tickets/load-ticket-views.js";
import { emitTicketUpdate } from "../tickets/emit-ticket-events.js";

/**
 * DELETE /ticket-tags/{ticketId}: the ticket leaves its kanban lane: its tags marked kanban are removed (as the
 * reference product does); its other tags stay. Everyone who sees the ticket gets it with its remaining tags.
 */
export async function removeKanbanTags(deps: Pick<AppDeps, "db" | "realtime">, auth: AuthContext, ticketId: number): Promise<TicketView> {
  const view = await deps.db.transaction(async (tx) => {
    const { ticket } = await findVisibleTicket(tx, auth, { id: ticketId }, { forUpdate: true });
    const lanes = tx.select({ id: tags.id }).from(tags).where(inCompany(tags, auth.companyId, eq(tags.kanban, true)));
    await tx.delete(ticketTags).where(inCompany(ticketTags, auth.companyId, and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, lanes))));
    return (await loadTicketView(tx, auth.companyId, ticket.id))!;
  });
  emitTicketUpdate(deps.realtime, auth.companyId, view);
  return view;
}
