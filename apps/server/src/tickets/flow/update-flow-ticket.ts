import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { inCompany } from "../../db/tenant.js";
import { tickets } from "../../db/schema.js";
import { emitTicketChanged } from "../emit-changes.js";
import type { AfterCommit } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import type { TicketRow } from "./load-flow-state.js";
import { deferredFlowWrites, type FlowTicketPatch } from "./defer-flow-writes.js";

type TicketPatch = FlowTicketPatch;

/**
 * Writes the bot's change to a (locked) ticket and announces it after commit, with where it was before so rooms
 * that lose it get a delete. Returns the ticket as it now is.
 */
export async function updateFlowTicket(ctx: FlowContext, tx: Tx, after: AfterCommit, ticket: TicketRow, patch: TicketPatch): Promise<TicketRow> {
  const before = { userId: ticket.userId, queueId: ticket.queueId };
  const deferred = deferredFlowWrites(tx);
  if (deferred) {
    // Ingestion's batch writes it with its other tickets' (the ticket is locked and current: the row is known).
    const at = ctx.now();
    deferred.addTicketPatch(ticket, patch, at);
    after.add(() => emitTicketChanged(ctx.deps, ticket.companyId, ticket.id, before));
    return { ...ticket, ...patch, updatedAt: at > ticket.updatedAt ? at : ticket.updatedAt };
  }
  const [row] = await tx
    .update(tickets)
    .set({ ...patch, updatedAt: sql`greatest(${tickets.updatedAt}, ${ctx.now()})` })
    .where(inCompany(tickets, ticket.companyId, eq(tickets.id, ticket.id)))
    .returning();
  after.add(() => emitTicketChanged(ctx.deps, ticket.companyId, ticket.id, before));
  return row ?? { ...ticket, ...patch };
}

/** Leaves any bot step: what a menu choice, an agent or a timeout does. */
export const NO_FLOW = { flowStep: null, flowAttempts: 0, flowStartedAt: null } as const;

/** Closes the ticket (rating answered, rating timeout, expiry). */
export function closedPatch(ctx: FlowContext): TicketPatch {
  return { ...NO_FLOW, status: "closed", closedAt: ctx.now() };
}
