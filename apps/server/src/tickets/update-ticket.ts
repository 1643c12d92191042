import { eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { TicketView, UpdateTicketInput } from "@atendo/shared";
import type { AppDeps } from "../app-deps.js";
import type { Tx } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { queues, tickets, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { AppError } from "../errors.js";
import { inTransaction } from "./in-transaction.js";
import { emitTicketChanged } from "./emit-changes.js";
import { findVisibleTicket, type TicketRow } from "./find-visible-ticket.js";
import { loadTicketView } from "./load-ticket-views.js";
import { otherOpenTicketError } from "./other-open-ticket-error.js";
import { assertBotLinks } from "../integrations/assert-bot-links.js";

type Deps = Pick<AppDeps, "db" | "realtime" | "flow"> & { logger: FastifyBaseLogger };

/** What a PUT /tickets/{id} asks for, read from the body against the ticket as it is. */
export type TicketChange = "resolve" | "reopen" | "accept" | "return" | "transfer" | "edit";

interface Placement {
  status: TicketRow["status"];
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
}

/**
 * The one reading of a PUT body (core-service sections 4 and 7):
 * - status closed: resolve;
 * - a closed ticket asked to be open (or moved): reopen with the current user, queue kept;
 * - another user, queue or connection: transfer (a queue without a user makes it pending with no user);
 * - status open (or attending): accept, the ticket becomes the current user's;
 * - status pending: return to pending with no user;
 * - otherwise only the integration fields change.
 */
function plan(current: TicketRow, input: UpdateTicketInput, auth: AuthContext): { kinds: TicketChange[]; next: Placement } {
  const status = input.status === "attending" ? "open" : input.status;
  const next: Placement = { status: current.status, userId: current.userId, queueId: current.queueId, whatsappId: current.whatsappId };
  if (status === "closed") return { kinds: current.status === "closed" ? ["edit"] : ["resolve"], next };
  const toUser = input.userId !== undefined && input.userId !== current.userId && input.userId !== auth.userId && input.userId !== null;
  const toQueue = input.queueId !== undefined && input.queueId !== current.queueId;
  const toConnection = input.whatsappId !== undefined && input.whatsappId !== null && input.whatsappId !== current.whatsappId;
  const transfer = toUser || toQueue || toConnection;
  const kinds: TicketChange[] = [];
  if (current.status === "closed") {
    if (status === undefined && !transfer) return { kinds: ["edit"], next };
    kinds.push("reopen");
    Object.assign(next, { status: "open", userId: auth.userId });
  }
  if (transfer) {
    kinds.push("transfer");
    if (toConnection) next.whatsappId = input.whatsappId!;
    if (input.queueId !== undefined) next.queueId = input.queueId;
    if (input.userId !== undefined) next.userId = input.userId;
    else if (toQueue) next.userId = null;
    next.status = next.userId ? "open" : "pending";
  } else if (status === "open" && current.status !== "closed") {
    kinds.push("accept");
    Object.assign(next, { status: "open", userId: auth.userId });
  } else if (status === "pending" && current.status !== "closed") {
    kinds.push("return");
    Object.assign(next, { status: "pending", userId: null });
  }
  return { kinds: kinds.length > 0 ? kinds : ["edit"], next };
}

async function assertTargets(tx: Tx, companyId: number, current: TicketRow, next: Placement): Promise<void> {
  if (next.userId && next.userId !== current.userId) {
    const [user] = await tx.select({ id: users.id }).from(users).where(inCompany(users, companyId, eq(users.id, next.userId)));
    if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  }
  if (next.queueId && next.queueId !== current.queueId) {
    const [queue] = await tx.select({ id: queues.id }).from(queues).where(inCompany(queues, companyId, eq(queues.id, next.queueId)));
    if (!queue) throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (next.whatsappId && next.whatsappId !== current.whatsappId) {
    const [connection] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, next.whatsappId)));
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  }
}

/**
 * PUT /tickets/{id}: accept, return to pending, resolve, reopen, transfer, in one transaction, with the bot's hooks
 * (tickets/flow) inside it. Only users who may see the ticket may change it. The ticket event goes out after commit
 * with the placement before, so those who no longer see it get a delete.
 */
export async function updateTicket(deps: Deps, auth: AuthContext, ticketId: number, input: UpdateTicketInput): Promise<TicketView> {
  const { companyId } = auth;
  let conflictKey: { contactId: number; whatsappId: number | null; except: number } | undefined;
  try {
    await inTransaction(deps.db, deps.logger, async (tx, after) => {
      const { ticket: current } = await findVisibleTicket(tx, auth, { id: ticketId }, { forUpdate: true });
      const { kinds, next } = plan(current, input, auth);
      await assertTargets(tx, companyId, current, next);
      await assertBotLinks(tx, companyId, { integrationId: input.integrationId, promptId: input.promptId });
      conflictKey = { contactId: current.contactId, whatsappId: next.whatsappId, except: current.id };
      const now = new Date();
      const set: Partial<typeof tickets.$inferInsert> = {};
      if (input.useIntegration !== undefined) set.useIntegration = input.useIntegration;
      if (input.promptId !== undefined) set.promptId = input.promptId;
      if (input.integrationId !== undefined) set.integrationId = input.integrationId;

      if (kinds.includes("resolve")) {
        const closingUser = current.userId ?? auth.userId;
        const outcome = await deps.flow.beforeClose(tx, after, { companyId, ticketId, userId: closingUser, sendFarewell: input.sendFarewell ?? true });
        // "awaiting-rating": the rating question went out; the flow closes the ticket on the answer or its timeout.
        if (outcome === "close") Object.assign(set, { status: "closed", closedAt: now, userId: closingUser, flowStep: null, flowAttempts: 0 });
      } else if (!kinds.includes("edit")) {
        // Reopening, or moving to another connection, may meet the contact's other active ticket there.
        if (next.status !== "closed" && (current.status === "closed" || next.whatsappId !== current.whatsappId)) {
          const [other] = await tx
            .select({ id: tickets.id })
            .from(tickets)
            .where(
              inCompany(
                tickets,
                companyId,
                eq(tickets.contactId, current.contactId),
                next.whatsappId === null ? undefined : eq(tickets.whatsappId, next.whatsappId),
                ne(tickets.status, "closed"),
                ne(tickets.id, current.id),
              ),
            );
          if (other) throw await otherOpenTicketError(tx, companyId, conflictKey);
        }
        Object.assign(set, { status: next.status, userId: next.userId, queueId: next.queueId, whatsappId: next.whatsappId });
        // The first acceptance only (the dashboard's waiting time); a reopen keeps closedAt until the next close.
        if (next.status === "open") set.acceptedAt = current.acceptedAt ?? now;
        // A person took the conversation: the bot's menu is over.
        if (next.userId !== null && next.userId !== current.userId) Object.assign(set, { flowStep: null, flowAttempts: 0 });
      }
      const changed = Object.keys(set).length > 0;
      if (changed) {
        set.updatedAt = now;
        await tx.update(tickets).set(set).where(inCompany(tickets, companyId, eq(tickets.id, current.id)));
      }

      if (kinds.includes("accept") && current.status === "pending") {
        await deps.flow.afterAccepted(tx, after, { companyId, ticketId, userId: auth.userId });
      }
      if (kinds.includes("transfer")) {
        await deps.flow.afterTransferred(tx, after, {
          companyId,
          ticketId,
          fromQueueId: current.queueId,
          toQueueId: next.queueId,
          fromUserId: current.userId,
          toUserId: next.userId,
        });
      }
      // A resolve awaiting the rating changed only the bot's state (its step): the ticket still goes out again.
      if (!changed && !kinds.includes("resolve")) return;
      const before = { userId: current.userId, queueId: current.queueId };
      after.add(() => emitTicketChanged(deps, companyId, ticketId, before));
    });
  } catch (err) {
    // Two requests raced past the check above: the partial unique index refused the second.
    if (conflictKey && isUniqueViolation(err, "tickets_one_active_key")) throw await otherOpenTicketError(deps.db, companyId, conflictKey);
    throw err;
  }
  const view = await loadTicketView(deps.db, companyId, ticketId);
  if (!view) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  return view;
}
