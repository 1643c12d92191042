import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { inTransaction } from "./in-transaction.js";
import { findVisibleTicket } from "./find-visible-ticket.js";
import { emitTicketDelete } from "./emit-ticket-events.js";

type Deps = Pick<AppDeps, "db" | "realtime"> & { logger: FastifyBaseLogger };

/**
 * DELETE /tickets/{id} (permitted roles: the route checks ticket-options:deleteTicket). Its messages, tags and
 * ratings go with it (foreign keys cascade). Everyone who could see it gets a delete after commit.
 */
export async function deleteTicket(deps: Deps, auth: AuthContext, ticketId: number): Promise<void> {
  await inTransaction(deps.db, deps.logger, async (tx, after) => {
    const { ticket } = await findVisibleTicket(tx, auth, { id: ticketId }, { forUpdate: true });
    await tx.delete(tickets).where(inCompany(tickets, auth.companyId, eq(tickets.id, ticket.id)));
    after.add(() => emitTicketDelete(deps.realtime, auth.companyId, { id: ticket.id, userId: ticket.userId, queueId: ticket.queueId }));
  });
}
