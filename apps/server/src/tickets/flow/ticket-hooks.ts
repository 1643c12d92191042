import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { inCompany } from "../../db/tenant.js";
import { messages } from "../../db/schema.js";
import type { AfterCommit } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import { FLOW_EXPIRE_JOB, FLOW_RATING_TIMEOUT_JOB, RATING_TIMEOUT_MINUTES, scheduleFlowJob } from "./flow-jobs.js";
import { acceptedIntroText, ratingQuestionOf, transferText } from "./flow-rules.js";
import { loadConnection, loadFlowSettings, loadQueue, loadUserName, lockTicket, type TicketRow } from "./load-flow-state.js";
import { sendAutomaticText } from "./send-automatic-text.js";
import { NO_FLOW, updateFlowTicket } from "./update-flow-ticket.js";
import { botOfQueue, startBot, stopBot } from "../../integrations/bot-entry.js";

/** An agent took over: a menu still open ends (its timers become stale). */
async function leaveMenu(ctx: FlowContext, tx: Tx, after: AfterCommit, ticket: TicketRow): Promise<TicketRow> {
  return ticket.flowStep === "menu" ? updateFlowTicket(ctx, tx, after, ticket, NO_FLOW) : ticket;
}

/** Accept: ends the menu; with sendGreetingAccepted, the agent introduces themself (not in groups). */
export async function afterAccepted(ctx: FlowContext, tx: Tx, after: AfterCommit, input: { companyId: number; ticketId: number; userId: number }): Promise<void> {
  const locked = await lockTicket(tx, input.companyId, input.ticketId);
  if (!locked) return;
  // An agent accepting always stops the bot (integration or AI prompt).
  await stopBot(tx, locked);
  const ticket = await leaveMenu(ctx, tx, after, locked);
  if (ticket.isGroup) return;
  const settings = await loadFlowSettings(tx, input.companyId);
  if (settings.sendGreetingAccepted !== "enabled") return;
  const agentName = await loadUserName(tx, input.companyId, input.userId);
  if (agentName) await sendAutomaticText(ctx, tx, after, ticket, acceptedIntroText(agentName));
}

/** Transfer: ends the menu; with sendMsgTransfTicket, tells the customer the new queue and/or agent. */
export async function afterTransferred(
  ctx: FlowContext,
  tx: Tx,
  after: AfterCommit,
  input: { companyId: number; ticketId: number; fromQueueId: number | null; toQueueId: number | null; fromUserId: number | null; toUserId: number | null },
): Promise<void> {
  const locked = await lockTicket(tx, input.companyId, input.ticketId);
  if (!locked) return;
  // Into a queue with a bot and no agent: the bot opens the conversation; to an agent or another queue: it stops.
  const toQueue = input.toQueueId !== null && input.toQueueId !== input.fromQueueId ? await loadQueue(tx, input.companyId, input.toQueueId) : undefined;
  const bot = input.toUserId === null && toQueue && !locked.isGroup ? botOfQueue(toQueue) : null;
  if (bot) await startBot(ctx.deps.jobs, tx, locked, bot, null);
  else if (input.toUserId !== null || toQueue) await stopBot(tx, locked);
  const ticket = await leaveMenu(ctx, tx, after, locked);
  if (ticket.isGroup) return;
  const settings = await loadFlowSettings(tx, input.companyId);
  if (settings.sendMsgTransfTicket !== "enabled") return;
  const queue = input.toQueueId !== null && input.toQueueId !== input.fromQueueId ? await loadQueue(tx, input.companyId, input.toQueueId) : undefined;
  const userName = input.toUserId !== null && input.toUserId !== input.fromUserId ? await loadUserName(tx, input.companyId, input.toUserId) : undefined;
  const text = transferText(queue?.name, userName);
  if (text) await sendAutomaticText(ctx, tx, after, ticket, text);
}

/**
 * Resolve. With userRating on, a non-group ticket with an agent, a farewell wanted and a rating question on the
 * connection: the question goes out and the ticket waits in "rating" (closed by the answer or the rating timeout).
 * Otherwise the completion message is queued (unless sendFarewell is false) and the caller closes the ticket.
 */
export async function beforeClose(
  ctx: FlowContext,
  tx: Tx,
  after: AfterCommit,
  input: { companyId: number; ticketId: number; userId: number | null; sendFarewell: boolean },
): Promise<"close" | "awaiting-rating"> {
  const ticket = await lockTicket(tx, input.companyId, input.ticketId);
  if (!ticket) return "close";
  const farewell = input.sendFarewell !== false;
  // Resolving again while the question is out does not ask twice; without a farewell it closes now.
  if (ticket.flowStep === "rating" && farewell) return "awaiting-rating";
  const connection = await loadConnection(tx, input.companyId, ticket.whatsappId);
  const settings = await loadFlowSettings(tx, input.companyId);
  // The queue's own rating question and farewell win over the connection's when set.
  const queue = await loadQueue(tx, input.companyId, ticket.queueId);
  const ratingMessage = queue?.ratingMessage.trim() ? queue.ratingMessage : (connection?.ratingMessage ?? "");
  const complationMessage = queue?.complationMessage.trim() ? queue.complationMessage : (connection?.complationMessage ?? "");
  if (settings.userRating === "enabled" && !ticket.isGroup && ticket.userId !== null && farewell && connection && ratingMessage.trim()) {
    await sendAutomaticText(ctx, tx, after, ticket, ratingQuestionOf(ratingMessage));
    const startedAt = ctx.now();
    await updateFlowTicket(ctx, tx, after, ticket, { flowStep: "rating", flowAttempts: 0, flowStartedAt: startedAt, flowHandledMessageId: null });
    await scheduleFlowJob(ctx, tx, FLOW_RATING_TIMEOUT_JOB, { companyId: ticket.companyId, ticketId: ticket.id, flowStartedAt: startedAt.toISOString() }, RATING_TIMEOUT_MINUTES);
    return "awaiting-rating";
  }
  if (ticket.flowStep !== null) await updateFlowTicket(ctx, tx, after, ticket, NO_FLOW);
  if (farewell && connection && !ticket.isGroup) await sendAutomaticText(ctx, tx, after, ticket, complationMessage);
  return "close";
}

/**
 * An agent's message on an open ticket: with the connection's expiresTicket, the ticket closes after that many
 * minutes without a customer answer. One job per agent message; only the newest one can still act.
 */
export async function afterAgentMessage(ctx: FlowContext, tx: Tx, _after: AfterCommit, input: { companyId: number; ticketId: number; messageId: number }): Promise<void> {
  const ticket = await lockTicket(tx, input.companyId, input.ticketId);
  if (!ticket || ticket.status !== "open" || ticket.isGroup) return;
  const connection = await loadConnection(tx, input.companyId, ticket.whatsappId);
  if (!connection || connection.expiresTicket <= 0) return;
  await scheduleFlowJob(ctx, tx, FLOW_EXPIRE_JOB, { companyId: ticket.companyId, ticketId: ticket.id, messageId: input.messageId }, connection.expiresTicket);
}

/** The newest message an agent wrote on the ticket (fromMe, not automatic). */
export async function latestAgentMessage(tx: Tx, companyId: number, ticketId: number): Promise<{ id: number; createdAt: Date } | undefined> {
  const [row] = await tx
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(inCompany(messages, companyId, eq(messages.ticketId, ticketId)), eq(messages.fromMe, true), eq(messages.automatic, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}
