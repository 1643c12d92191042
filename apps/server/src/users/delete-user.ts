import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { sessions, tickets, users } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { inTransaction } from "../tickets/in-transaction.js";
import { emitTicketChanged } from "../tickets/emit-changes.js";

type Deps = Pick<AppDeps, "db" | "realtime"> & { logger: FastifyBaseLogger };

/**
 * An admin removes a user of their company (not themselves: a company must keep someone who can manage it).
 * Returns the user's open sessions so their sockets can be closed. Their active tickets return to pending with no
 * user, in their queues, so the queue's agents pick them up (events after commit); closed ones keep their history.
 */
export async function deleteUser(deps: Deps, auth: AuthContext, userId: number): Promise<{ revokedSessionIds: string[] }> {
  if (userId === auth.userId) throw new AppError("ERR_NO_PERMISSION", 403);
  return inTransaction(deps.db, deps.logger, async (tx, after) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(inCompany(users, auth.companyId, eq(users.id, userId)));
    if (!target) throw new AppError("ERR_NO_USER_FOUND", 404);
    const open = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const returned = await tx
      .update(tickets)
      .set({ status: "pending", userId: null, updatedAt: new Date() })
      .where(inCompany(tickets, auth.companyId, eq(tickets.userId, userId), ne(tickets.status, "closed")))
      .returning({ id: tickets.id, queueId: tickets.queueId });
    await tx.delete(users).where(inCompany(users, auth.companyId, eq(users.id, userId)));
    for (const ticket of returned) {
      after.add(() => emitTicketChanged(deps, auth.companyId, ticket.id, { userId, queueId: ticket.queueId }));
    }
    return { revokedSessionIds: open.map((s) => s.id) };
  });
}
