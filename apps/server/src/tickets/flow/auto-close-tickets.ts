import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { tickets } from "../../db/schema.js";
import { inTransaction } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import { lockTicket } from "./load-flow-state.js";
import { closedPatch, updateFlowTicket } from "./update-flow-ticket.js";

export const AUTO_CLOSE_JOB = "tickets-auto-close";
/** Tickets closed per run; a larger backlog is finished by the next runs. */
const BATCH = 500;

/**
 * The core spec's auto-close setting (section 9, `TICKET_AUTO_CLOSE_HOURS`, 24 by default): a pending or open ticket
 * (not a group) with no message for that many hours is closed, silently (no farewell, no rating question: nobody is
 * there to answer it), and leaves the lists live like any close. Unscoped: one run serves every company; each ticket
 * is locked and checked again before it closes, so a message arriving meanwhile keeps it open.
 */
export async function autoCloseInactiveTicketsUnscoped(
  ctx: FlowContext,
  logger: FastifyBaseLogger,
  hours: number,
  // Tests only: their files share one PostgreSQL database.
  only?: { companyId: number },
): Promise<number> {
  if (hours <= 0) return 0;
  const cutoff = new Date(ctx.now().getTime() - hours * 3_600_000);
  const lastActivity = sql`coalesce(${tickets.lastMessageAt}, ${tickets.updatedAt})`;
  const due = await ctx.deps.db
    .select({ id: tickets.id, companyId: tickets.companyId })
    .from(tickets)
    .where(
      and(
        inArray(tickets.status, ["pending", "open"]),
        eq(tickets.isGroup, false),
        lt(lastActivity, cutoff),
        only ? eq(tickets.companyId, only.companyId) : undefined,
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(BATCH);
  let closed = 0;
  for (const { id, companyId } of due) {
    const done = await inTransaction(ctx.deps.db, logger, async (tx, after) => {
      const ticket = await lockTicket(tx, companyId, id);
      if (!ticket || ticket.status === "closed" || ticket.isGroup) return false;
      const last = ticket.lastMessageAt ?? ticket.updatedAt;
      if (last.getTime() >= cutoff.getTime()) return false;
      await updateFlowTicket(ctx, tx, after, ticket, closedPatch(ctx));
      return true;
    });
    if (done) closed += 1;
  }
  return closed;
}
