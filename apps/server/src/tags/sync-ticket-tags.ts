import { eq, inArray } from "drizzle-orm";
import type { TicketView } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { inCompany } from "../db/tenant.js";
import { tags, ticketTags } from "../db/schema.js";
import { validationError } from "../errors.js";
import { findVisibleTicket } from "../tickets/find-visible-ticket.js";
import { loadTicketView } from "../tickets/load-ticket-views.js";
import { emitTicketUpdate } from "../tickets/emit-ticket-events.js";

/**
 * The ticket's tags become exactly `tagIds` (the tag editor of the conversation header). Tags must be the company's;
 * the ticket one the user may see. Everyone who sees the ticket gets it with its new tags.
 */
export async function syncTicketTags(deps: Pick<AppDeps, "db" | "realtime">, auth: AuthContext, ticketId: number, tagIds: number[]): Promise<TicketView> {
  const view = await deps.db.transaction(async (tx) => {
    const { ticket } = await findVisibleTicket(tx, auth, { id: ticketId }, { forUpdate: true });
    if (tagIds.length > 0) {
      const found = await tx.select({ id: tags.id }).from(tags).where(inCompany(tags, auth.companyId, inArray(tags.id, tagIds)));
      if (found.length !== tagIds.length) throw validationError([{ path: "body.tags", message: "validation.invalid" }]);
    }
    await tx.delete(ticketTags).where(inCompany(ticketTags, auth.companyId, eq(ticketTags.ticketId, ticket.id)));
    if (tagIds.length > 0) await tx.insert(ticketTags).values(tagIds.map((tagId) => ({ companyId: auth.companyId, ticketId: ticket.id, tagId })));
    return (await loadTicketView(tx, auth.companyId, ticket.id))!;
  });
  emitTicketUpdate(deps.realtime, auth.companyId, view);
  return view;
}
