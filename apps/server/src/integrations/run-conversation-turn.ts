import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { Tx } from "../db/client.js";
import { aiUsage, contacts, messages, prompts, queues, queueIntegrations, ticketBotStates, ticketNotes, tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { JobContext } from "../jobs/jobs.js";
import { queueOutgoingMessage, type OutgoingMessageInput } from "../messages/queue-outgoing-message.js";
import { OutboundError } from "../outbound/outbound-fetch.js";
import { emitMessageCreated, emitTicketChanged } from "../tickets/emit-changes.js";
import { inTransaction, type AfterCommit } from "../tickets/in-transaction.js";
import { openPromptSecret, promptSecretBox } from "../ai/prompts/prompt-secrets.js";
import { adapterFor, serviceSettingsOf } from "./adapters/index.js";
import { INTEGRATION_TURN_JOB, isHeldByBot, type IntegrationTurnJob } from "./bot-entry.js";
import type { ConversationInput, ConversationOutcome, ConversationReply, ConversationTurn } from "./conversation-adapter.js";
import { integrationSecretBox } from "./integration-secrets.js";
import { integrationConfigOf } from "./present-queue-integration.js";
import { fetchReplyMedia } from "./fetch-reply-media.js";
import { mediaUrlOf } from "./media-link.js";

export type TurnDeps = Pick<AppDeps, "db" | "config" | "jobs" | "realtime" | "storage" | "outbound">;

/** How long a turn holds its ticket beyond the service's timeout (delays between bubbles included). */
const CLAIM_MARGIN_SECONDS = 120;
/** Turns one job runs before it lets another job take over (a chatty customer never pins a worker). */
const MAX_TURNS_PER_JOB = 20;
/** A busy ticket's job looks again this many seconds later. */
const BUSY_RETRY_SECONDS = 1;

type BotState = typeof ticketBotStates.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

/**
 * One `integration-turn` job: takes the ticket's claim (so its turns never overlap, in any process, and keep the
 * order of the customer's messages), then answers each unanswered customer message in order: the adapter is called
 * through the per-key circuit with a timeout, its replies go out through the outbox as the bot's messages (with the
 * pauses it asked for), its state is saved, and its outcome applied. A failure or timeout hands the ticket to a
 * human with a note naming it. A ticket an agent took meanwhile is left alone.
 */
export async function runConversationTurn(deps: TurnDeps, logger: FastifyBaseLogger, job: IntegrationTurnJob, context: Pick<JobContext, "signal">): Promise<void> {
  const timeoutMs = deps.config.outboundTimeoutMs ?? 15_000;
  const claimSeconds = Math.ceil(timeoutMs / 1000) + CLAIM_MARGIN_SECONDS;
  const [claimed] = await deps.db
    .update(ticketBotStates)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
    .where(
      and(
        inCompany(ticketBotStates, job.companyId, eq(ticketBotStates.ticketId, job.ticketId)),
        sql`(${ticketBotStates.claimedUntil} is null or ${ticketBotStates.claimedUntil} < now())`,
      ),
    )
    .returning();
  if (!claimed) {
    const [exists] = await deps.db.select({ id: ticketBotStates.ticketId }).from(ticketBotStates).where(inCompany(ticketBotStates, job.companyId, eq(ticketBotStates.ticketId, job.ticketId)));
    // Another turn of this ticket runs: look again shortly (it may finish before seeing this message).
    if (exists) await deps.jobs.enqueue<IntegrationTurnJob>(INTEGRATION_TURN_JOB, job, { startAfterSeconds: BUSY_RETRY_SECONDS });
    return;
  }
  try {
    for (let turn = 0; turn < MAX_TURNS_PER_JOB; turn++) {
      if (context.signal.aborted) throw context.signal.reason ?? new Error("aborted");
      const more = await runOneTurn(deps, logger, job, context.signal, timeoutMs);
      if (!more) return;
    }
    await deps.jobs.enqueue<IntegrationTurnJob>(INTEGRATION_TURN_JOB, job);
  } finally {
    await deps.db
      .update(ticketBotStates)
      .set({ claimedUntil: null })
      .where(inCompany(ticketBotStates, job.companyId, eq(ticketBotStates.ticketId, job.ticketId)));
  }
}

interface Target {
  name: string;
  circuitKey: string;
  adapterType: string;
  raw: Record<string, unknown>;
}

async function loadTarget(deps: TurnDeps, state: BotState): Promise<Target | null> {
  if (state.kind === "integration") {
    const [row] = await deps.db.select().from(queueIntegrations).where(inCompany(queueIntegrations, state.companyId, eq(queueIntegrations.id, state.targetId)));
    if (!row) return null;
    return {
      name: row.name,
      circuitKey: `${state.companyId}:integration:${row.id}`,
      adapterType: row.type,
      raw: { ...integrationConfigOf(integrationSecretBox(deps.config.whatsappEncryptionKey), row), ...serviceSettingsOf(deps.config) },
    };
  }
  const [row] = await deps.db.select().from(prompts).where(inCompany(prompts, state.companyId, eq(prompts.id, state.targetId)));
  if (!row) return null;
  const box = promptSecretBox(deps.config.whatsappEncryptionKey);
  return {
    name: row.name,
    circuitKey: `${state.companyId}:prompt:${row.id}`,
    adapterType: "prompt",
    raw: {
      ...row,
      apiKey: openPromptSecret(box, row.companyId, "apiKey", row.apiKey),
      voiceKey: openPromptSecret(box, row.companyId, "voiceKey", row.voiceKey),
      ...serviceSettingsOf(deps.config),
    },
  };
}

const mediaTypeOf = (stored: string): NonNullable<ConversationInput["message"]>["mediaType"] => {
  if (stored === "chat" || stored === "extendedTextMessage" || stored === "conversation") return "text";
  if (["image", "audio", "video", "document", "location", "contact"].includes(stored)) return stored as "image";
  if (stored === "application" || stored === "documentMessage") return "document";
  if (stored === "vcard" || stored === "contactMessage") return "contact";
  return "other";
};

/** Runs the next turn of the ticket; false when there is nothing (more) to do. */
async function runOneTurn(deps: TurnDeps, logger: FastifyBaseLogger, job: IntegrationTurnJob, jobSignal: AbortSignal, timeoutMs: number): Promise<boolean> {
  const [state] = await deps.db.select().from(ticketBotStates).where(inCompany(ticketBotStates, job.companyId, eq(ticketBotStates.ticketId, job.ticketId)));
  const [ticket] = await deps.db.select().from(tickets).where(inCompany(tickets, job.companyId, eq(tickets.id, job.ticketId)));
  if (!state || !ticket || !heldBy(ticket, state)) return false;

  const [next] = state.pendingStart
    ? [null]
    : await deps.db
        .select()
        .from(messages)
        .where(and(inCompany(messages, job.companyId, eq(messages.ticketId, ticket.id), gt(messages.id, state.handledMessageId)), eq(messages.fromMe, false)))
        .orderBy(asc(messages.id))
        .limit(1);
  if (next === undefined) return false;

  const target = await loadTarget(deps, state);
  const adapter = target ? adapterFor(target.adapterType) : undefined;
  const handledId = next?.id ?? state.handledMessageId;
  if (!target || !adapter) {
    await finish(deps, logger, ticket, state, handledId, { kind: "handover", note: `Bot indisponível (${target?.adapterType ?? state.kind} sem configuração): atendimento humano.` });
    return true;
  }

  let turn: ConversationTurn;
  try {
    const config = adapter.parseConfig(target.raw);
    const [contact] = await deps.db.select().from(contacts).where(inCompany(contacts, ticket.companyId, eq(contacts.id, ticket.contactId)));
    const historyLength = adapter.historyLength?.(config) ?? 0;
    const history =
      historyLength > 0
        ? (
            await deps.db
              .select({ fromMe: messages.fromMe, body: messages.body, transcript: messages.transcript, createdAt: messages.createdAt, id: messages.id })
              .from(messages)
              .where(inCompany(messages, ticket.companyId, eq(messages.ticketId, ticket.id), sql`${messages.id} < ${next?.id ?? 2_147_483_647}`))
              .orderBy(desc(messages.id))
              .limit(historyLength)
          )
            .reverse()
            .map((m) => ({ fromMe: m.fromMe, text: m.body || m.transcript || "", createdAt: m.createdAt }))
        : [];
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), jobSignal]);
    const input: ConversationInput = {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      connectionId: ticket.whatsappId ?? 0,
      queueId: ticket.queueId,
      contact: { id: ticket.contactId, name: contact?.name ?? "", number: contact?.number ?? null, email: contact?.email ?? null },
      message: next
        ? {
            id: next.id,
            text: next.body || next.transcript || "",
            mediaType: mediaTypeOf(next.mediaType),
            mediaUrl: next.mediaPath ? mediaUrlOf(deps.config, ticket.companyId, next.id) : null,
          }
        : null,
      history,
      state: state.state,
      fetch: deps.outbound.fetch,
      signal,
    };
    // The adapter is raced against the timeout too: one that ignores its signal still cannot hold the worker.
    turn = await deps.outbound.circuit.run(target.circuitKey, () => withTimeout(adapter.converse(config, input), signal));
  } catch (err) {
    if (jobSignal.aborted) throw err;
    const reason = failureOf(err);
    logger.warn({ err, ticketId: ticket.id, integration: target.name }, "integration turn failed: ticket handed to a human");
    await finish(deps, logger, ticket, state, handledId, { kind: "handover", note: `Falha na integração "${target.name}" (${reason}): atendimento humano.` });
    return true;
  }

  await deliver(deps, logger, ticket, state, handledId, turn, jobSignal);
  return true;
}

const heldBy = (ticket: TicketRow, state: BotState) =>
  isHeldByBot(ticket) && (state.kind === "integration" ? ticket.integrationId === state.targetId : ticket.promptId === state.targetId);

function withTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new OutboundError("timeout", "the service did not answer in time"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/** A short, person-readable reason for the note (never a key or a URL's secret). */
export function failureOf(err: unknown): string {
  if (err instanceof OutboundError) {
    if (err.code === "timeout") return "tempo esgotado";
    if (err.code === "blocked") return "endereço não permitido";
    if (err.code === "circuit-open") return "serviço pausado após falhas seguidas";
    return err.message.replace(/https?:\/\/\S+/g, "[url]").slice(0, 200);
  }
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return "tempo esgotado";
  if (err instanceof Error && err.name === "ZodError") return "configuração inválida";
  return "erro inesperado";
}

/** Replies split at their delays: each chunk goes out in its own transaction, the pause between them. */
function chunksOf(replies: ConversationReply[]): { delayMs: number; replies: ConversationReply[] }[] {
  const chunks: { delayMs: number; replies: ConversationReply[] }[] = [{ delayMs: 0, replies: [] }];
  for (const reply of replies) {
    if (reply.type === "delay") {
      if (chunks.at(-1)!.replies.length > 0) chunks.push({ delayMs: reply.ms, replies: [] });
      else chunks.at(-1)!.delayMs += reply.ms;
    } else chunks.at(-1)!.replies.push(reply);
  }
  return chunks;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * The adapter's answer: state and the answered message are saved with the first chunk (a retry never asks the
 * service twice), the chunks go out with their pauses while the bot still holds the ticket, and the outcome is
 * applied with the last one. Usage (AI tokens) is recorded per company by the ai/ module when it is there.
 */
async function deliver(deps: TurnDeps, logger: FastifyBaseLogger, ticket: TicketRow, state: BotState, handledId: number, turn: ConversationTurn, jobSignal: AbortSignal): Promise<void> {
  const chunks = chunksOf(turn.replies);
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    const last = i === chunks.length - 1;
    if (chunk.delayMs > 0) await sleep(Math.min(chunk.delayMs, 60_000), jobSignal);
    const media = await Promise.all(chunk.replies.map((reply) => fetchReplyMedia(deps, ticket.companyId, reply)));
    const stillHeld = await inTransaction(deps.db, logger, async (tx, after) => {
      const [locked] = await tx.select().from(tickets).where(inCompany(tickets, ticket.companyId, eq(tickets.id, ticket.id))).for("update");
      if (i === 0) await saveState(tx, state, handledId, turn.state);
      if (!locked || !heldBy(locked, state)) return false;
      for (let j = 0; j < chunk.replies.length; j++) await sendReply(deps, tx, after, locked, chunk.replies[j]!, media[j]);
      if (turn.usage && i === 0) await recordUsage(tx, locked, turn.usage);
      if (last && turn.outcome.kind !== "continue") await applyOutcome(deps, tx, after, locked, turn.outcome);
      return true;
    });
    if (!stillHeld) return;
  }
}

async function saveState(tx: Tx, state: BotState, handledId: number, next: Record<string, unknown> | undefined): Promise<void> {
  await tx
    .update(ticketBotStates)
    .set({ handledMessageId: handledId, pendingStart: false, ...(next !== undefined ? { state: next } : {}), updatedAt: new Date() })
    .where(inCompany(ticketBotStates, state.companyId, eq(ticketBotStates.ticketId, state.ticketId)));
}

async function recordUsage(tx: Tx, ticket: TicketRow, usage: NonNullable<ConversationTurn["usage"]>): Promise<void> {
  await tx.insert(aiUsage).values({
    companyId: ticket.companyId,
    source: ticket.integrationId !== null ? "integration" : "prompt",
    provider: usage.provider,
    model: usage.model,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    ticketId: ticket.id,
  });
}

async function sendReply(deps: TurnDeps, tx: Tx, after: AfterCommit, ticket: TicketRow, reply: ConversationReply, media: OutgoingMessageInput["media"] | null | undefined): Promise<void> {
  let body = "";
  if (reply.type === "text") body = reply.text;
  else if (reply.type === "media") body = media ? (reply.caption ?? "") : [reply.caption, reply.url].filter(Boolean).join("\n");
  if (!body.trim() && !media) return;
  const row = await queueOutgoingMessage(tx, deps.jobs, { companyId: ticket.companyId, ticketId: ticket.id, body, automatic: true, media: media ?? undefined });
  after.add(() => emitMessageCreated(deps, ticket.companyId, row.id));
}

/** end / handover: the ticket leaves the bot, pending in its queue for a human, with a note saying why. */
async function applyOutcome(deps: TurnDeps, tx: Tx, after: AfterCommit, ticket: TicketRow, outcome: Exclude<ConversationOutcome, { kind: "continue" }>): Promise<void> {
  const fallback = outcome.kind === "end" ? "O bot encerrou a conversa: atendimento humano." : "O bot transferiu a conversa para atendimento humano.";
  const note = outcome.note?.trim() || fallback;
  await tx
    .update(tickets)
    .set({ useIntegration: false, status: ticket.status === "open" ? ticket.status : "pending", updatedAt: sql`greatest(${tickets.updatedAt}, now())` })
    .where(inCompany(tickets, ticket.companyId, eq(tickets.id, ticket.id)));
  await tx.insert(ticketNotes).values({ companyId: ticket.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: null, note });
  await tx.delete(ticketBotStates).where(inCompany(ticketBotStates, ticket.companyId, eq(ticketBotStates.ticketId, ticket.id)));
  after.add(() => emitTicketChanged(deps, ticket.companyId, ticket.id, { userId: ticket.userId, queueId: ticket.queueId }));
}

/**
 * A failure, or nothing to run the bot with: the message counts as handled and the ticket goes to a human. So that
 * the customer is not left without an answer, the queue's greeting goes out (what a queue without a bot says).
 */
async function finish(deps: TurnDeps, logger: FastifyBaseLogger, ticket: TicketRow, state: BotState, handledId: number, outcome: Exclude<ConversationOutcome, { kind: "continue" }>): Promise<void> {
  await inTransaction(deps.db, logger, async (tx, after) => {
    const [locked] = await tx.select().from(tickets).where(inCompany(tickets, ticket.companyId, eq(tickets.id, ticket.id))).for("update");
    await saveState(tx, state, handledId, undefined);
    if (!locked || !heldBy(locked, state)) return;
    await applyOutcome(deps, tx, after, locked, outcome);
    if (locked.queueId === null) return;
    const [queue] = await tx.select({ greetingMessage: queues.greetingMessage }).from(queues).where(inCompany(queues, locked.companyId, eq(queues.id, locked.queueId)));
    if (queue?.greetingMessage.trim()) await sendReply(deps, tx, after, locked, { type: "text", text: queue.greetingMessage }, null);
  });
}
