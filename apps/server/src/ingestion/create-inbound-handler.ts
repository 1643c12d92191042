import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { InboundEvent, InboundEventHandler } from "../whatsapp/sessions/session-manager.js";
import { ingestMessage, type IngestDeps, type IngestResult, type MessageEvent } from "./ingest-message.js";
import { ingestMessages } from "./ingest-messages.js";
import { createIngestBatcher } from "./ingest-batcher.js";
import type { ConnectionRef } from "../whatsapp/sessions/session-manager.js";
import { applyAck } from "./apply-ack.js";
import { applyMessageUpdate } from "./apply-message-update.js";
import { ingestReaction } from "./ingest-reaction.js";
import { relayPresence } from "./relay-presence.js";
import { updateContactProfile, updateGroupSubject } from "./update-contact-profile.js";
import { linkIdentity } from "./link-identity.js";
import { retryTransient } from "./retry-transient.js";

/** Retries of one event on a transient database error: 4 tries over about 1.5 s. */
export const INGEST_RETRY = { attempts: 4, baseDelayMs: 200 };
/**
 * Events handled at once by this process, whatever the number of chats: a burst of inbound messages must leave
 * database connections (the pool has 10) to requests and jobs.
 */
export const INGEST_CONCURRENCY = 6;
/** Messages written in one transaction at most (group commit, ingest-batcher.ts). */
export const INGEST_BATCH = 64;
/** Batches written at once: few, so that a burst makes big batches rather than many small transactions. */
export const INGEST_BATCHES_AT_ONCE = 2;

/** At most `max` calls run at once; the others wait in arrival order. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next waiter, or frees up.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * Every provider event but connection status: messages, acks, edits, reactions, presence, contacts, groups.
 *
 * The sessions call this per chat in order and different chats concurrently (whatsapp/sessions/per-chat-queue.ts),
 * and count an event as taken only when this resolves. A transient database error is retried a few times with
 * backoff; after that the error is logged and thrown back to the session, which then does not count the event as
 * taken (the simulator keeps it pending; Baileys logs it). A crash between commit and the socket events loses only
 * the events (the next refresh shows the rows); a crash before commit loses nothing the provider does not redeliver.
 */
export function createInboundHandler(
  deps: Pick<AppDeps, "db" | "realtime" | "flow" | "jobs"> & Partial<Pick<AppDeps, "cache">>,
  logger: FastifyBaseLogger,
  opts: { concurrency?: number; batch?: number; batchesAtOnce?: number } = {},
): InboundEventHandler {
  const log = logger.child({ module: "ingestion" });
  const ingest: IngestDeps = { db: deps.db, realtime: deps.realtime, flow: deps.flow, jobs: deps.jobs, cache: deps.cache, logger: log };
  const concurrency = opts.concurrency ?? INGEST_CONCURRENCY;
  const limit = createLimiter(concurrency);
  const retried = <T>(fn: () => Promise<T>, connection: ConnectionRef, type: string) =>
    retryTransient(fn, { ...INGEST_RETRY, onRetry: (err, attempt) => log.warn({ err, attempt, type, ...connection }, "ingestion failed; retrying") });
  // Messages go through group commit; a batch of one is the single-message path with its retries.
  const messages = createIngestBatcher<{ connection: ConnectionRef; event: MessageEvent }, IngestResult>({
    maxBatch: opts.batch ?? INGEST_BATCH,
    concurrency: Math.min(concurrency, opts.batchesAtOnce ?? INGEST_BATCHES_AT_ONCE),
    runBatch: (items) => limit(() => ingestMessages(ingest, items)),
    runOne: ({ connection, event }) => retried(() => limit(() => ingestMessage(ingest, connection, event)), connection, event.type),
    onBatchFailed: (err, size) => log.warn({ err, size }, "ingestion batch failed; storing its messages one by one"),
  });
  return async (connection, event) => {
    // Let timers and sockets run between events: on PGlite a backlog of events would otherwise run as one long chain
    // of promise continuations, starving socket heartbeats until clients drop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      if (event.type === "message") await messages.submit({ connection, event });
      else await retried(() => limit(() => handle(ingest, connection, event)), connection, event.type);
    } catch (err) {
      log.error({ err, type: event.type, ...connection }, "INGESTION FAILED: the event was not stored");
      throw err;
    }
  };
}

async function handle(deps: IngestDeps, connection: Parameters<InboundEventHandler>[0], event: InboundEvent): Promise<void> {
  switch (event.type) {
    case "message":
      await ingestMessage(deps, connection, event);
      return;
    case "ack":
      await applyAck(deps, connection, event);
      return;
    case "message-update":
      await applyMessageUpdate(deps, connection, event);
      return;
    case "reaction":
      await ingestReaction(deps, connection, event);
      return;
    case "presence":
      await relayPresence(deps, connection, event);
      return;
    case "contact":
      await updateContactProfile(deps, connection, event);
      return;
    case "group":
      await updateGroupSubject(deps, connection, event);
      return;
    case "identity":
      await linkIdentity(deps, connection, event);
      return;
  }
}
