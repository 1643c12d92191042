import { and, eq, max } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { messages, ticketBotStates, tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { Jobs } from "../jobs/jobs.js";

/** The pg-boss queue of conversation turns (integrations/run-conversation-turn.ts). */
export const INTEGRATION_TURN_JOB = "integration-turn";
export interface IntegrationTurnJob {
  companyId: number;
  ticketId: number;
}

export interface BotTarget {
  kind: "integration" | "prompt";
  id: number;
}

/** What holds a queue's conversations: its integration, else its AI prompt, else nothing. */
export function botOfQueue(queue: { integrationId: number | null; promptId: number | null }): BotTarget | null {
  if (queue.integrationId !== null) return { kind: "integration", id: queue.integrationId };
  if (queue.promptId !== null) return { kind: "prompt", id: queue.promptId };
  return null;
}

/** The ticket is held by a bot: its customer messages go to the bot instead of the menu, greeting or hours. */
export function isHeldByBot(ticket: { useIntegration: boolean; userId: number | null; status: string }): boolean {
  return ticket.useIntegration && ticket.userId === null && ticket.status !== "closed";
}

/**
 * The bot takes the ticket (in the flow's transaction, the ticket locked): the ticket is marked held, its state row
 * starts empty from `messageId` (that message is the first the bot answers; null: the bot opens the conversation
 * itself, as after a transfer) and a turn is queued. The caller emits the ticket after commit.
 */
export async function startBot(jobs: Jobs, tx: Tx, ticket: { id: number; companyId: number }, target: BotTarget, messageId: number | null): Promise<void> {
  await tx
    .update(tickets)
    .set({
      useIntegration: true,
      integrationId: target.kind === "integration" ? target.id : null,
      promptId: target.kind === "prompt" ? target.id : null,
    })
    .where(inCompany(tickets, ticket.companyId, eq(tickets.id, ticket.id)));
  let handledMessageId = messageId !== null ? messageId - 1 : 0;
  if (messageId === null) {
    const [last] = await tx.select({ id: max(messages.id) }).from(messages).where(and(inCompany(messages, ticket.companyId, eq(messages.ticketId, ticket.id))));
    handledMessageId = last?.id ?? 0;
  }
  const row = { kind: target.kind, targetId: target.id, state: {}, handledMessageId, pendingStart: messageId === null, updatedAt: new Date() };
  await tx
    .insert(ticketBotStates)
    .values({ ticketId: ticket.id, companyId: ticket.companyId, ...row })
    // A running turn's claim is kept (not in the set): it finds the new state when it looks for the next message.
    .onConflictDoUpdate({ target: ticketBotStates.ticketId, set: row });
  await enqueueTurn(jobs, tx, ticket);
}

/** A customer message on a held ticket: one more turn (the turn takes every unanswered message, in order). */
export async function enqueueTurn(jobs: Jobs, tx: Tx, ticket: { id: number; companyId: number }): Promise<void> {
  await jobs.enqueue<IntegrationTurnJob>(INTEGRATION_TURN_JOB, { companyId: ticket.companyId, ticketId: ticket.id }, { tx });
}

/** An agent took the ticket (accept, or a transfer to a user): the bot lets go, whatever it was doing. */
export async function stopBot(tx: Tx, ticket: { id: number; companyId: number; useIntegration: boolean }): Promise<void> {
  if (!ticket.useIntegration) return;
  await tx.update(tickets).set({ useIntegration: false }).where(inCompany(tickets, ticket.companyId, eq(tickets.id, ticket.id)));
}
