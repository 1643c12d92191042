import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { inCompany } from "../../db/tenant.js";
import { messages, ticketRatings } from "../../db/schema.js";
import type { AfterCommit } from "../in-transaction.js";
import type { FlowContext } from "./flow-context.js";
import { FLOW_MENU_TIMEOUT_JOB, FLOW_TRANSFER_JOB, scheduleFlowJob } from "./flow-jobs.js";
import { INVALID_OPTION_TEXT, isOutOfHours, menuChoiceOf, menuText, RATING_REPEAT_TEXT, ratingOf } from "./flow-rules.js";
import { cachedFlowState, loadQueue, lockTicket, type ConnectionRow, type FlowSettings, type FlowState, type QueueRow, type TicketRow } from "./load-flow-state.js";
import type { CustomerMessageInput } from "./flow-hooks.js";
import { queueMediaOf, sendAutomaticText, type AutomaticTextOptions } from "./send-automatic-text.js";
import { closedPatch, NO_FLOW, updateFlowTicket } from "./update-flow-ticket.js";
import { botOfQueue, enqueueTurn, isHeldByBot, startBot } from "../../integrations/bot-entry.js";

interface Step {
  ctx: FlowContext;
  tx: Tx;
  after: AfterCommit;
  ticket: TicketRow;
  message: { id: number; body: string; createdAt: Date };
  connection: ConnectionRow;
  settings: FlowSettings;
  state: FlowState;
  /** The contact's name when ingestion handed it over (automatic texts then need no read for {{name}}). */
  contactName: string | undefined;
  /** Whether the message belongs to the burst the bot last answered; asked only where it matters (one query). */
  grouped: () => Promise<boolean>;
}

/** Invalid rating answers after which the ticket closes without a rating (the first one repeats the question). */
export const MAX_INVALID_RATING_ANSWERS = 2;

/**
 * The bot's reaction to one stored customer message (see docs/ARCHITECTURE.md, "Tickets and the bot"). Runs in
 * the ingesting transaction with the ticket locked, so two messages of one chat never decide concurrently.
 */
export async function handleCustomerMessage(
  ctx: FlowContext,
  tx: Tx,
  after: AfterCommit,
  input: CustomerMessageInput,
): Promise<void> {
  // Ingestion hands over the ticket it locked and updated and the message it wrote; other callers get them loaded.
  const ticket = input.written ? input.written.ticket : await lockTicket(tx, input.companyId, input.ticketId);
  if (!ticket || ticket.isGroup || ticket.status === "closed") return;
  const message = input.written ? { ...input.written.message, fromMe: false } : await loadCustomerMessage(tx, input.companyId, input.messageId, ticket.id);
  if (!message || message.fromMe) return;
  const state = cachedFlowState(ctx.deps.cache, tx, input.companyId);
  const connection = await state.connection(ticket.whatsappId);
  if (!connection) return;
  let grouped: Promise<boolean> | undefined;
  const contactName = input.written?.contact.id === ticket.contactId ? input.written.contact.name : undefined;
  const step: Step = { ctx, tx, after, ticket, message, connection, settings: await state.settings(), state, contactName, grouped: () => (grouped ??= isGrouped(step)) };

  if (input.isNewTicket && ticket.status === "pending" && ticket.userId === null && connection.transferQueueId !== null && (connection.timeToTransfer ?? 0) > 0) {
    await scheduleFlowJob(ctx, tx, FLOW_TRANSFER_JOB, { companyId: ticket.companyId, ticketId: ticket.id, ticketCreatedAt: ticket.createdAt.toISOString() }, connection.timeToTransfer!);
  }

  // A queue integration or AI prompt holds the ticket: the message is its next turn (integrations/).
  if (isHeldByBot(ticket) && ticket.flowStep === null) return enqueueTurn(ctx.deps.jobs, tx, ticket);

  // The burst is asked only when the answer is not a valid choice: a choice is taken at once, even inside a burst.
  if (ticket.flowStep === "rating") return answerRating(step);
  if (ticket.flowStep === "menu") return answerMenu(step);
  // An agent holds the ticket: the bot keeps quiet.
  if (ticket.userId !== null) return;
  if (ticket.queueId === null) {
    if (await step.grouped()) return;
    return route(step);
  }
  // Hours first (cached), the burst only when the out-of-hours answer would go out: the same decision, fewer reads.
  const queue = await state.queue(ticket.queueId);
  if (!(await isOutOfHours(ctx, step.settings, queue, () => state.schedules()))) return;
  if (await step.grouped()) return;
  await answerOutOfHours(step, queue);
}

/**
 * What an automatic text of this step can skip reading: the contact's name ingestion handed over, and the ticket,
 * which this step holds locked (`ticket` as this step last wrote it, so its queue is current).
 */
function textOptions(step: Step, ticket: TicketRow): AutomaticTextOptions {
  return { contactName: step.contactName, lockedTicket: ticket };
}

async function loadCustomerMessage(tx: Tx, companyId: number, messageId: number, ticketId: number) {
  const [message] = await tx
    .select({ id: messages.id, body: messages.body, createdAt: messages.createdAt, fromMe: messages.fromMe })
    .from(messages)
    .where(inCompany(messages, companyId, eq(messages.id, messageId), eq(messages.ticketId, ticketId)));
  return message;
}

/**
 * Grouping: a message within `timeforagroup` seconds of the customer message the bot last answered
 * (flowHandledMessageId) belongs to the same burst. Measured between the messages' own timestamps, so a burst
 * delivered late (offline messages) groups the same way.
 */
async function isGrouped({ tx, ticket, message, connection }: Step): Promise<boolean> {
  if (ticket.flowHandledMessageId === null || connection.timeforagroup <= 0) return false;
  if (ticket.flowHandledMessageId === message.id) return true;
  const [handled] = await tx
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(inCompany(messages, ticket.companyId, eq(messages.id, ticket.flowHandledMessageId)));
  if (!handled) return false;
  return message.createdAt.getTime() - handled.createdAt.getTime() < connection.timeforagroup * 1000;
}

/** A pending ticket without a queue: join the only queue, show the menu of several, or stay as it is. */
async function route(step: Step): Promise<void> {
  const { ctx, tx, ticket, connection, settings } = step;
  // The connection's AI prompt answers tickets without a queue (once: a ticket it handed over keeps its promptId).
  if (connection.promptId !== null && ticket.promptId === null) {
    const updated = await updateFlowTicket(ctx, tx, step.after, ticket, { flowHandledMessageId: step.message.id });
    return startBot(ctx.deps.jobs, tx, updated, { kind: "prompt", id: connection.promptId }, step.message.id);
  }
  const queues = await step.state.connectionQueues(connection.id);
  if (queues.length === 1) return joinQueue(step, queues[0]!, settings.sendGreetingMessageOneQueues === "enabled");
  // Without a queue only the company's hours apply (scheduleType "company"); with several, outside them the menu
  // waits and the customer learns when to come back instead.
  if (await replyIfOutOfHours(step, undefined)) return;
  if (queues.length === 0) return;
  // The bot gave up on this ticket (too many invalid answers, or its time ran out without a transfer queue).
  if (ticket.flowAttempts > connection.maxUseBotQueues) return;
  // The menu's last message goes into the ticket with the step: one UPDATE of the ticket, not two.
  const sent = await sendAutomaticText(ctx, tx, step.after, ticket, menuText(connection.greetingMessage, queues), { ...textOptions(step, ticket), lastMessageByCaller: true });
  const startedAt = ctx.now();
  await updateFlowTicket(ctx, tx, step.after, ticket, { flowStep: "menu", flowAttempts: 0, flowStartedAt: startedAt, flowHandledMessageId: step.message.id, ...sent?.ticketPatch });
  if (connection.timeUseBotQueues > 0) {
    await scheduleFlowJob(ctx, tx, FLOW_MENU_TIMEOUT_JOB, { companyId: ticket.companyId, ticketId: ticket.id, flowStartedAt: startedAt.toISOString() }, connection.timeUseBotQueues);
  }
}

async function answerMenu(step: Step): Promise<void> {
  const { ctx, tx, ticket, connection, message } = step;
  const queues = await step.state.connectionQueues(connection.id);
  const choice = menuChoiceOf(message.body, queues.length);
  // A valid choice is taken at once, even inside a burst.
  if (choice !== null) return joinQueue(step, queues[choice - 1]!, true);
  if (await step.grouped()) return;
  const attempts = ticket.flowAttempts + 1;
  if (attempts > connection.maxUseBotQueues || queues.length === 0) {
    await stopMenu(ctx, tx, step.after, ticket, connection, message.id);
    return;
  }
  const sent = await sendAutomaticText(ctx, tx, step.after, ticket, `${INVALID_OPTION_TEXT}\n\n${menuText("", queues)}`, { ...textOptions(step, ticket), lastMessageByCaller: true });
  await updateFlowTicket(ctx, tx, step.after, ticket, { flowAttempts: attempts, flowHandledMessageId: message.id, ...sent?.ticketPatch });
}

/**
 * The bot stops asking: to the connection's transfer queue when it has one, else the ticket stays pending without
 * a queue and flowAttempts above maxUseBotQueues marks that the menu is not shown again for it.
 */
export async function stopMenu(ctx: FlowContext, tx: Tx, after: AfterCommit, ticket: TicketRow, connection: ConnectionRow, handledMessageId?: number): Promise<void> {
  const handled = handledMessageId !== undefined ? { flowHandledMessageId: handledMessageId } : {};
  const transferQueue = await loadQueue(tx, ticket.companyId, connection.transferQueueId);
  if (transferQueue) {
    await updateFlowTicket(ctx, tx, after, ticket, { ...NO_FLOW, queueId: transferQueue.id, ...handled });
  } else {
    await updateFlowTicket(ctx, tx, after, ticket, { ...NO_FLOW, flowAttempts: connection.maxUseBotQueues + 1, ...handled });
  }
}

/** The ticket enters `queue`: its greeting (with its file), or its out-of-hours message instead when closed. */
async function joinQueue(step: Step, queue: QueueRow, greet: boolean): Promise<void> {
  const { ctx, tx, after, message } = step;
  const ticket = await updateFlowTicket(ctx, tx, after, step.ticket, { ...NO_FLOW, queueId: queue.id, flowHandledMessageId: message.id });
  // A queue with an integration or prompt: the bot answers instead of the greeting (at any hour).
  const bot = botOfQueue(queue);
  if (bot) return startBot(ctx.deps.jobs, tx, ticket, bot, message.id);
  const joined = { ...step, ticket };
  if (await replyIfOutOfHours(joined, queue)) return;
  if (greet) await sendAutomaticText(ctx, tx, after, ticket, queue.greetingMessage, { ...textOptions(step, ticket), media: queueMediaOf(queue) });
}

/** Sends the out-of-hours message when the ticket's hours are closed; true when they are. */
async function replyIfOutOfHours(step: Step, queue: QueueRow | undefined): Promise<boolean> {
  const { ctx, settings } = step;
  if (!(await isOutOfHours(ctx, settings, queue, () => step.state.schedules()))) return false;
  await answerOutOfHours(step, queue);
  return true;
}

async function answerOutOfHours(step: Step, queue: QueueRow | undefined): Promise<void> {
  const { ctx, tx, after, connection, message } = step;
  const text = queue?.outOfHoursMessage.trim() ? queue.outOfHoursMessage : connection.outOfHoursMessage;
  if (!(await sendAutomaticText(ctx, tx, after, step.ticket, text, textOptions(step, step.ticket)))) return;
  if (step.ticket.flowHandledMessageId !== message.id) {
    await updateFlowTicket(ctx, tx, after, step.ticket, { flowHandledMessageId: message.id });
  }
}

/**
 * The answer to the rating question: 1–5 is recorded (for the ticket's agent), the completion message goes out
 * and the ticket closes. Anything else repeats the question once; a second invalid answer closes without a rating.
 */
async function answerRating(step: Step): Promise<void> {
  const { ctx, tx, after, ticket, connection, message } = step;
  const rate = ratingOf(message.body);
  if (rate === null && (await step.grouped())) return;
  if (rate === null && ticket.flowAttempts + 1 < MAX_INVALID_RATING_ANSWERS) {
    await sendAutomaticText(ctx, tx, after, ticket, RATING_REPEAT_TEXT, textOptions(step, ticket));
    await updateFlowTicket(ctx, tx, after, ticket, { flowAttempts: ticket.flowAttempts + 1, flowHandledMessageId: message.id });
    return;
  }
  if (rate !== null) {
    await tx
      .insert(ticketRatings)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate })
      .onConflictDoNothing({ target: ticketRatings.ticketId });
  }
  const queue = await step.state.queue(ticket.queueId);
  await sendAutomaticText(ctx, tx, after, ticket, queue?.complationMessage.trim() ? queue.complationMessage : connection.complationMessage, textOptions(step, ticket));
  await updateFlowTicket(ctx, tx, after, ticket, { ...closedPatch(ctx), flowHandledMessageId: message.id });
}
