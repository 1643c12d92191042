import { eq, inArray, isNull, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { CloseAllTicketsInput } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { inTransaction } from "./in-transaction.js";
import { loadTicketViewer, visibleTicketsCondition } from "./ticket-viewer.js";
import { loadTicketViews } from "./load-ticket-views.js";
import { emitTicketUpdate } from "./emit-ticket-events.js";

type Deps = Pick<AppDeps, "db" | "realtime"> & { logger: FastifyBaseLogger };

const EMIT_BATCH = 200;

/**
 * POST /tickets/closeAll (admins: tickets:closeAll): every ticket of the tab's status in the selected queues (and
 * those without a queue; no selection: every queue) that the caller sees, closed at once. A mass action, so no
 * completion or rating messages go out and the bot's hooks are not called (docs/DECISIONS.md). One update event per
 * ticket after commit.
 */
export async function closeAllTickets(deps: Deps, auth: AuthContext, input: CloseAllTicketsInput): Promise<{ closed: number }> {
  const viewer = await loadTicketViewer(deps.db, auth);
  const closed = await inTransaction(deps.db, deps.logger, async (tx, after) => {
    const now = new Date();
    const rows = await tx
      .update(tickets)
      .set({ status: "closed", closedAt: now, updatedAt: now, flowStep: null, flowAttempts: 0 })
      .where(
        inCompany(
          tickets,
          auth.companyId,
          eq(tickets.status, input.status),
          visibleTicketsCondition(viewer),
          input.selectedQueueIds.length > 0 ? or(inArray(tickets.queueId, input.selectedQueueIds), isNull(tickets.queueId)) : undefined,
        ),
      )
      .returning({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId });
    after.add(async () => {
      for (let i = 0; i < rows.length; i += EMIT_BATCH) {
        const views = await loadTicketViews(deps.db, auth.companyId, rows.slice(i, i + EMIT_BATCH).map((r) => r.id));
        for (const view of views) emitTicketUpdate(deps.realtime, auth.companyId, view);
      }
    });
    return rows.length;
  });
  return { closed };
}
