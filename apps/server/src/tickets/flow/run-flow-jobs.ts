import type { FastifyBaseLogger } from "fastify";
import { inTransaction } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import { sameInstant, type FlowStepJob } from "./flow-jobs.js";
import { stopMenu } from "./handle-customer-message.js";
import { loadConnection, loadQueue, lockTicket } from "./load-flow-state.js";
import { sendAutomaticText } from "./send-automatic-text.js";
import { latestAgentMessage } from "./ticket-hooks.js";
import { closedPatch, NO_FLOW, updateFlowTicket } from "./update-flow-ticket.js";

/**
 * The timed steps' handlers. Each locks the ticket and acts only if it is still in the state the job was
 * scheduled for; otherwise the job is stale and ends quietly. Everything happens in one transaction, so a job
 * interrupted by a restart simply runs again.
 */

/** timeUseBotQueues: the menu is still open, unchanged since it began; the bot stops (transfer queue, if any). */
export async function runMenuTimeout(ctx: FlowContext, logger: FastifyBaseLogger, job: FlowStepJob): Promise<void> {
  await inTransaction(ctx.deps.db, logger, async (tx, after) => {
    const ticket = await lockTicket(tx, job.companyId, job.ticketId);
    if (!ticket || ticket.status === "closed" || ticket.userId !== null || ticket.flowStep !== "menu" || !sameInstant(ticket.flowStartedAt, job.flowStartedAt)) return;
    const connection = await loadConnection(tx, job.companyId, ticket.whatsappId);
    if (!connection) {
      await updateFlowTicket(ctx, tx, after, ticket, NO_FLOW);
      return;
    }
    await stopMenu(ctx, tx, after, ticket, connection);
  });
}

/** timeToTransfer: the same ticket, still pending and unaccepted, moves to the connection's transfer queue. */
export async function runTransfer(ctx: FlowContext, logger: FastifyBaseLogger, job: FlowStepJob): Promise<void> {
  await inTransaction(ctx.deps.db, logger, async (tx, after) => {
    const ticket = await lockTicket(tx, job.companyId, job.ticketId);
    if (!ticket || ticket.status !== "pending" || ticket.userId !== null || ticket.flowStep === "rating") return;
    if (!sameInstant(ticket.createdAt, job.ticketCreatedAt)) return;
    const connection = await loadConnection(tx, job.companyId, ticket.whatsappId);
    const queue = await loadQueue(tx, job.companyId, connection?.transferQueueId ?? null);
    if (!queue || ticket.queueId === queue.id) return;
    await updateFlowTicket(ctx, tx, after, ticket, { ...NO_FLOW, queueId: queue.id });
  });
}

/**
 * expiresTicket: the agent message the job counts from is still the newest one and the customer has not written
 * since; the inactivity message goes out and the ticket closes.
 */
export async function runExpire(ctx: FlowContext, logger: FastifyBaseLogger, job: FlowStepJob): Promise<void> {
  await inTransaction(ctx.deps.db, logger, async (tx, after) => {
    const ticket = await lockTicket(tx, job.companyId, job.ticketId);
    if (!ticket || ticket.status !== "open" || ticket.isGroup || ticket.flowStep !== null) return;
    const latest = await latestAgentMessage(tx, job.companyId, ticket.id);
    if (!latest || latest.id !== job.messageId) return;
    if (ticket.lastCustomerMessageAt && ticket.lastCustomerMessageAt.getTime() > latest.createdAt.getTime()) return;
    const connection = await loadConnection(tx, job.companyId, ticket.whatsappId);
    if (!connection || connection.expiresTicket <= 0) return;
    await sendAutomaticText(ctx, tx, after, ticket, connection.expiresInactiveMessage);
    await updateFlowTicket(ctx, tx, after, ticket, closedPatch(ctx));
  });
}

/** The rating question went unanswered: the ticket closes without a rating and without another message. */
export async function runRatingTimeout(ctx: FlowContext, logger: FastifyBaseLogger, job: FlowStepJob): Promise<void> {
  await inTransaction(ctx.deps.db, logger, async (tx, after) => {
    const ticket = await lockTicket(tx, job.companyId, job.ticketId);
    if (!ticket || ticket.status === "closed" || ticket.flowStep !== "rating" || !sameInstant(ticket.flowStartedAt, job.flowStartedAt)) return;
    await updateFlowTicket(ctx, tx, after, ticket, closedPatch(ctx));
  });
}
