import { and, desc, inArray } from "drizzle-orm";
import { KANBAN_TICKETS_MAX, type KanbanTicketsPage } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { loadTicketViewer, visibleTicketsCondition } from "../tickets/ticket-viewer.js";
import { loadTicketViews } from "../tickets/load-ticket-views.js";

/**
 * GET /ticket/kanban: the open and pending tickets the user may see (the tickets' visibility rule), most recently
 * active first, at most KANBAN_TICKETS_MAX. The client's queueIds only narrow: a user who may not see every queue
 * keeps only their own queues from the list.
 */
export async function listKanbanTickets(db: DbOrTx, auth: AuthContext, queueIds?: number[]): Promise<KanbanTicketsPage> {
  const viewer = await loadTicketViewer(db, auth);
  const narrowed = queueIds && queueIds.length > 0 ? (viewer.seesAll ? queueIds : queueIds.filter((id) => viewer.queueIds.includes(id))) : null;
  if (narrowed && narrowed.length === 0) return { tickets: [] };
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      inCompany(
        tickets,
        auth.companyId,
        inArray(tickets.status, ["open", "pending"]),
        visibleTicketsCondition(viewer),
        narrowed ? and(inArray(tickets.queueId, narrowed)) : undefined,
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(KANBAN_TICKETS_MAX);
  return { tickets: await loadTicketViews(db, auth.companyId, rows.map((r) => r.id)) };
}
